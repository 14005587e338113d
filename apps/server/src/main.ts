import { advanceClock, isClockStep } from './clock';
import { loadEnv } from './env';
import { openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { startOutboxWorker } from './modules/outbox';
import { startRecurrenceWorker } from './modules/ledger';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './modules/demo';
import { backupHandler, claimDataDir, DataDirInUseError } from './ops/embedded-backup';

const env = loadEnv();
// PGlite: the folder is this process's alone; its socket refuses a second server and serves `npm run backup`.
const opened: { database?: Database } = {};
const claim = env.DATABASE_URL
  ? null
  : await claimDataDir(
      env.DATA_DIR,
      backupHandler(
        () => opened.database?.dumpDataDir?.() ?? Promise.reject(new Error('o banco ainda está sendo aberto')),
      ),
    ).catch((error: unknown) => {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(`${error.message} Um só processo pode abrir o banco embutido.`);
      process.exit(1);
    });
let seeded = false;
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  prepare: async (db) => {
    if (env.DEMO) seeded = await seedDemo(db, { samples: true });
  },
});
opened.database = database;
const app = await buildApp({ env, database });
await app.listen({ port: env.PORT, host: env.HOST });
const worker = startOutboxWorker({ db: database.db, env, log: app.log });
// Recurring payables and receivables are generated ahead here, never by a page visit.
const recurrenceWorker = startRecurrenceWorker({ db: database.db, log: app.log });

const lines = [
  '',
  `Financeiro pronto em ${env.PUBLIC_URL}`,
  `Banco de dados: ${database.kind === 'pglite' ? `PGlite em ${env.DATA_DIR}` : 'PostgreSQL'}${seeded ? ' (dados de demonstração criados agora)' : ''}`,
];
if (env.DEMO) {
  lines.push('Entre com um dos usuários de demonstração (senha ' + DEMO_PASSWORD + '):');
  for (const user of DEMO_USERS) {
    const note = user.mfaRequired ? ' (configura o aplicativo autenticador no primeiro login)' : '';
    lines.push(`  ${user.username.padEnd(12)} perfil ${user.profile}${note}`);
  }
}
if (!env.SMTP_URL) lines.push('Sem SMTP_URL: os e-mails (com os códigos) aparecem neste log.');
console.log(lines.join('\n') + '\n');

// Only a parent that spawned this process with an IPC channel can send; a server not under test ignores it.
if (env.NODE_ENV === 'test' && process.send) {
  process.on('message', (message) => {
    if (!isClockStep(message)) return;
    advanceClock(message.advanceClockMs);
    process.send?.(message);
  });
  // The channel must not keep the process alive once the server stops.
  process.channel?.unref();
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'encerrando');
  await app.close();
  await worker.stop();
  await recurrenceWorker.stop();
  await database.close();
  await claim?.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
