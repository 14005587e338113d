// `npm run restore -- <file.tar.gz> [--force]`: puts a backup of `npm run backup` in DATA_DIR. The copy is
// unpacked into a new folder and opened there before it takes DATA_DIR's place, so a bad file changes nothing.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadEnv } from '../src/env';
import { busyHandler, claimDataDir, countRows, DataDirInUseError } from '../src/ops/embedded-backup';

const env = loadEnv();
if (env.DATABASE_URL) {
  console.error('DATABASE_URL aponta para um PostgreSQL: restaure com pg_restore (veja docs/operations/running.md).');
  process.exit(1);
}
const args = process.argv.slice(2);
const force = args.includes('--force');
const [name] = args.filter((arg) => arg !== '--force');
if (!name) {
  console.error('Informe o arquivo do backup: npm run restore -- <arquivo.tar.gz> [--force]');
  process.exit(1);
}
// npm runs the script in apps/server; a path the operator types is read from where they typed it.
const file = resolve(process.env.INIT_CWD ?? process.cwd(), name);
if (!existsSync(file)) {
  console.error(`Arquivo não encontrado: ${file}`);
  process.exit(1);
}
const dataDir = resolve(env.DATA_DIR);
const claim = await claimDataDir(dataDir, busyHandler).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(`${error.message} Pare o servidor antes de restaurar.`);
  process.exit(1);
});
try {
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !force) {
    console.error(
      `A pasta ${dataDir} já tem um banco de dados. Para substituí-lo pelo backup (o conteúdo atual será apagado), ` +
        'repita o comando com --force.',
    );
    process.exitCode = 1;
  } else {
    const staging = `${dataDir}.restaurando`;
    rmSync(staging, { recursive: true, force: true });
    let counts: Record<string, number>;
    try {
      const client = await PGlite.create(staging, { loadDataDir: new Blob([readFileSync(file)]) });
      counts = await countRows((text) => client.query(text));
      await client.close();
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`o arquivo ${file} não é um backup que se possa abrir: ${(error as Error).message}`);
    }
    const replaced = `${dataDir}.substituida`;
    if (existsSync(dataDir)) renameSync(dataDir, replaced);
    renameSync(staging, dataDir);
    rmSync(replaced, { recursive: true, force: true });
    const tables = Object.keys(counts).length;
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(
      `Banco restaurado em ${dataDir}: a cópia abriu com ${tables} tabelas e ${rows.toLocaleString('pt-BR')} linhas.`,
    );
  }
} catch (error) {
  console.error(`A restauração falhou: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await claim.close();
}
