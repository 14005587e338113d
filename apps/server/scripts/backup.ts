// `npm run backup [-- <file or folder>]`: the embedded database (PGlite under DATA_DIR) as a .tar.gz. A running
// server makes the copy itself between two transactions; with no server, the folder is opened here.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadEnv } from '../src/env';
import {
  backupFileName,
  busyHandler,
  claimDataDir,
  DataDirInUseError,
  requestBackup,
} from '../src/ops/embedded-backup';

const env = loadEnv();
if (env.DATABASE_URL) {
  console.error('DATABASE_URL aponta para um PostgreSQL: faça o backup com pg_dump (veja docs/operations/running.md).');
  process.exit(1);
}
const dataDir = resolve(env.DATA_DIR);
// npm runs the script in apps/server; a path the operator types is read from where they typed it.
const here = process.env.INIT_CWD ?? process.cwd();
const target = resolve(here, process.argv[2] ?? 'backups');
const file = target.endsWith('.tar.gz') ? target : join(target, backupFileName());

let archive = await requestBackup(dataDir);
const source = archive ? 'copiado pelo servidor em execução' : 'servidor parado: pasta aberta por este comando';
if (!archive) {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`Não há banco de dados em ${dataDir} (confira DATA_DIR).`);
    process.exit(1);
  }
  const claim = await claimDataDir(dataDir, busyHandler).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`${error.message} Tente de novo.`);
    process.exit(1);
  });
  try {
    const client = await PGlite.create(dataDir);
    archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await client.close();
  } finally {
    await claim.close();
  }
}
mkdirSync(dirname(file), { recursive: true });
// Written under another name first, so a file with the final name is always a whole backup.
writeFileSync(`${file}.parcial`, archive, { mode: 0o600 });
renameSync(`${file}.parcial`, file);
const megabytes = (archive.length / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
console.log(`Backup salvo em ${file} (${megabytes} MB; ${source}).`);
