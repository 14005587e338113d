import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { openDatabase, type Database } from './db/client';
import { loadEnv } from './env';
import { checkBooks } from './ops/books';
import { callIdentity } from './test/identity-server';
import { Mailbox } from './test/mailbox';
import { freePort } from './test/ports';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from './test/private-postgres';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { isCleanFailure, restartOutcomes, startWriteLoad, type Answer, type Restart } from './test/write-load';

const { DATABASE_URL } = loadEnv();

// It restarts a PostgreSQL cluster of its own, so it needs PostgreSQL's programs (initdb, pg_ctl) but not the
// DATABASE_URL server. It runs in the PostgreSQL stage of `npm test` only: the embedded-database stage (a
// newcomer's machine) is not asked for PostgreSQL's programs.
describe.skipIf(!DATABASE_URL || !postgresBinaries())('PostgreSQL restarted under load', () => {
  let cluster: PrivatePostgres;
  let server: ServerProcess;
  let database: Database;
  let serverUrl: string;
  const mailbox = new Mailbox();

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    await mailbox.start();
    const port = await freePort();
    serverUrl = `http://127.0.0.1:${port}`;
    server = await startServerProcess({
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: serverUrl,
      SMTP_URL: mailbox.url,
      DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    });
    database = await openDatabase({ databaseUrl: cluster.url });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await cluster?.stop();
    await mailbox.stop();
  });

  it('keeps serving: in-flight requests fail in pt-BR, later ones succeed, and no write is lost or done twice', async () => {
    const load = await startWriteLoad({ serverUrl, db: database.db, clients: 6 });
    // The load is under way when writes have been answered; PostgreSQL is back and serving when writes sent after
    // the restart ended have succeeded. Counted, not waited for.
    const succeededSince = (since: number) => load.answers.filter((a) => a.status === 200 && a.sentAt >= since).length;
    const untilSucceeded = (since: number, count: number) =>
      expect.poll(() => succeededSince(since), { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(count);
    const restarts: Restart[] = [];
    await untilSucceeded(0, 20);
    for (const mode of ['fast', 'immediate'] as const) {
      const startedAt = Date.now();
      await cluster.restart(mode);
      const endedAt = Date.now();
      restarts.push({ startedAt, endedAt });
      await untilSucceeded(endedAt, 20);
    }
    await load.stop();
    const answers: Answer[] = load.answers;

    // The server never went down: every request got an answer, and the process still serves.
    expect(answers.filter((a) => a.status === 0)).toEqual([]);
    expect((await fetch(`${serverUrl}/health`)).status).toBe(200);
    // The requests caught by the restarts failed, cleanly; those sent once PostgreSQL was back succeeded.
    const failures = answers.filter((a) => a.status !== 200);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((a) => !isCleanFailure(a)).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    const outcomes = restartOutcomes(answers, restarts);
    expect(outcomes.map((r) => r.errorsAfterRecovery)).toEqual([0, 0]);
    expect(outcomes.map((r) => r.succeededAfter > 0)).toEqual([true, true]);

    // Each failed write sent again with its key succeeds, and the database holds what the clients were told, once.
    const again = await load.resendFailed();
    expect(again.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    const counted = await load.count();
    expect(counted.createsTold).toBeGreaterThan(0);
    expect(counted.paymentsTold).toBeGreaterThan(0);
    expect({ lost: counted.lost, doubled: counted.doubled, missing: counted.missing }).toEqual({
      lost: 0,
      doubled: 0,
      missing: 0,
    });
    expect(await checkBooks(database.db)).toEqual([]);

    // The outbox worker kept polling through the restarts: a code asked for now arrives.
    const asked = await callIdentity(serverUrl, 'ForgotPassword', {
      ClientId: USER_POOL_CLIENT_ID,
      Username: 'solicitante',
    });
    expect(asked.status).toBe(200);
    expect(await mailbox.codeFor('solicitante@demo.financeiro.local')).toMatch(/^\d{6}$/);
  }, 180_000);
});
