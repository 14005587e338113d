// PostgreSQL restarted under load: the real server (`npm start`, demo data) on a private PostgreSQL cluster of the
// bench's own (a temporary folder, a free port; the machine's PostgreSQL is never touched), 50 clients writing
// payables over HTTP as the web does (create with an idempotency key, open, pay the first installment), and the
// cluster restarted 5 times under them, alternating `pg_ctl restart -m fast` and `-m immediate`. Afterwards each
// failed write is sent again with its key, and the database is counted against what the clients were told.
// Prints the answers by status, each restart's outage as the clients saw it (first failure to first success) and
// ends with a RESULT line; exits 1 when a write was lost or doubled, or the books check finds a problem.
// Needs PostgreSQL's programs (initdb, pg_ctl: pg_config --bindir or the PATH); no DATABASE_URL.
// Shorter: `npm run bench:restart -- --connections=10 --restarts=2 --interval=10`. Run: npm run bench:restart
import { openDatabase } from '../apps/server/src/db/client';
import { checkBooks } from '../apps/server/src/ops/books';
import { freePort } from '../apps/server/src/test/ports';
import { postgresBinaries, startPrivatePostgres } from '../apps/server/src/test/private-postgres';
import { startServerProcess } from '../apps/server/src/test/server-process';
import {
  byStatus,
  isCleanFailure,
  restartOutcomes,
  startWriteLoad,
  type Restart,
} from '../apps/server/src/test/write-load';

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const CONNECTIONS = Number(flag('connections') ?? 50);
const RESTARTS = Number(flag('restarts') ?? 5);
/** Seconds of load before the first restart, between restarts and after the last. */
const INTERVAL_S = Number(flag('interval') ?? 20);

if (!postgresBinaries()) {
  console.error('initdb e pg_ctl não encontrados (pg_config --bindir ou PATH): instale o PostgreSQL 15.');
  process.exit(1);
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cluster = await startPrivatePostgres();
const port = await freePort();
const serverUrl = `http://127.0.0.1:${port}`;
const server = await startServerProcess({
  DATABASE_URL: cluster.url,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: serverUrl,
  DEMO: 'true',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
});
const database = await openDatabase({ databaseUrl: cluster.url });
let exitCode = 1;
try {
  const load = await startWriteLoad({ serverUrl, db: database.db, clients: CONNECTIONS });
  console.log(`${CONNECTIONS} clients; ${RESTARTS} restarts, one every ${INTERVAL_S} s (fast, immediate, …)`);
  const restarts: (Restart & { mode: string })[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    await wait(INTERVAL_S * 1000);
    const mode = i % 2 === 0 ? 'fast' : 'immediate';
    const startedAt = Date.now();
    await cluster.restart(mode);
    restarts.push({ mode, startedAt, endedAt: Date.now() });
  }
  await wait(INTERVAL_S * 1000);
  await load.stop();

  const answers = load.answers;
  const health = await fetch(`${serverUrl}/health`).then(
    (r) => r.status,
    () => 0,
  );
  console.log(`\nanswers by status (${answers.length}; 0 = no answer):`);
  for (const [label, count] of byStatus(answers)) console.log(`  ${label.padEnd(12)} ${count}`);
  const unclean = answers.filter((a) => a.status !== 200 && !isCleanFailure(a));
  console.log(`failures other than the pt-BR 503: ${unclean.length}`);
  for (const a of unclean.slice(0, 5)) console.log(`  ${a.kind} ${a.status} ${a.body.slice(0, 300)}`);

  const outcomes = restartOutcomes(answers, restarts);
  console.log(
    `\n${'restart'.padEnd(12)}${'pg_ctl (ms)'.padStart(12)}${'outage (ms)'.padStart(13)}${'errors after'.padStart(14)}`,
  );
  restarts.forEach((r, i) => {
    const o = outcomes[i];
    console.log(
      `${`${i + 1} ${r.mode}`.padEnd(12)}${String(r.endedAt - r.startedAt).padStart(12)}${String(o?.outageMs).padStart(13)}${String(o?.errorsAfterRecovery).padStart(14)}`,
    );
  });
  const longest = Math.max(0, ...outcomes.map((o) => o.outageMs));
  console.log(`longest outage as the clients saw it: ${longest} ms; server after the load: /health ${health}`);

  const again = await load.resendFailed();
  const counted = await load.count();
  const problems = await checkBooks(database.db);
  console.log(
    `\nwrites that failed, sent again with their key: ${counted.failed}, now OK: ${again.filter((a) => a.status === 200).length}; answered OK in all: ${counted.createsTold} payables, ${counted.paymentsTold} payments`,
  );
  console.log(`lost ${counted.lost}, never written after sending again ${counted.missing}, doubled ${counted.doubled}`);
  console.log(`books check: ${problems.length === 0 ? 'no problem' : `${problems.length} problems`}`);
  for (const p of problems.slice(0, 5)) console.log(`  ${p.invariant} ${p.table} ${p.id}: ${p.detail}`);

  const errorsAfterRecovery = outcomes.reduce((n, o) => n + o.errorsAfterRecovery, 0);
  const lost = counted.lost + counted.missing;
  console.log(
    `RESULT restart restarts=${restarts.length} errors_after_recovery=${errorsAfterRecovery} lost=${lost} doubled=${counted.doubled} books_problems=${problems.length}`,
  );
  exitCode = lost === 0 && counted.doubled === 0 && problems.length === 0 && health === 200 ? 0 : 1;
} finally {
  await server.stop();
  await database.close();
  await cluster.stop();
}
process.exit(exitCode);
