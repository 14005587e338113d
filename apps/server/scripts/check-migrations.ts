// Fails when the Drizzle schema and the committed migrations disagree: drizzle-kit is asked to generate a
// migration against a temporary copy of the migrations folder; if it writes one, the schema changed without one.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const sqlFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.sql')).length;
const work = mkdtempSync(join(tmpdir(), 'migrations-check-'));
try {
  const out = join(work, 'drizzle');
  cpSync(join(serverDir, 'drizzle'), out, { recursive: true });
  const config = join(work, 'drizzle.config.mjs');
  const settings = {
    dialect: 'postgresql',
    schema: './src/modules/*/schema.ts',
    out: relative(serverDir, out),
    casing: 'snake_case',
  };
  writeFileSync(config, `export default ${JSON.stringify(settings)};`);
  const run = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: serverDir, encoding: 'utf8' });
  if (run.status !== 0 || !/No schema changes/.test(run.stdout)) {
    console.error(run.stdout, run.stderr);
  }
  if (run.status !== 0 || sqlFiles(out) !== sqlFiles(join(serverDir, 'drizzle'))) {
    console.error('O schema do Drizzle mudou sem migração: rode "npm run db:generate" e versione o arquivo gerado.');
    // exitCode rather than exit(), so the temporary copy is still removed below.
    process.exitCode = 1;
  } else {
    console.log('Schema e migrações conferem.');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
