import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { loadEnv } from './env';
import { callIdentity } from './test/identity-server';
import { Mailbox } from './test/mailbox';
import { adminQuery } from './test/postgres-admin';
import { freePort } from './test/ports';
import { startServerProcess, type ServerProcess } from './test/server-process';

const { DATABASE_URL } = loadEnv();

// Two processes share a database only on PostgreSQL: PGlite is a single-connection database inside one process.
describe.skipIf(!DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  const name = `two_${randomUUID().replaceAll('-', '')}`;
  const mailbox = new Mailbox();
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await mailbox.stop();
    if (DATABASE_URL) await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('start together on an empty database, seed the demo once, and deliver each mail once', async () => {
    if (!DATABASE_URL) return;
    await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}`);
    const url = new URL(DATABASE_URL);
    url.pathname = `/${name}`;
    await mailbox.start();
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(
      ports.map((port) =>
        startServerProcess({
          DATABASE_URL: url.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          SMTP_URL: mailbox.url,
          DEMO: 'true',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
        }),
      ),
    );
    servers.push(...started);

    // Both ran the migrations and the demo seeding; exactly one of them created the demo.
    const created = started.filter((s) => s.log.join('').includes('dados de demonstração criados agora'));
    expect(created).toHaveLength(1);
    const organizations = await adminQuery<{ n: number }>(
      url.toString(),
      `select count(*)::int as n from organizations where slug = 'demo'`,
    );
    expect(organizations[0]?.n).toBe(1);

    // Sign-ups through both processes: each queues one confirmation mail in the shared outbox.
    const addresses = Array.from({ length: 20 }, (_, i) => `pessoa${i}@example.com.br`);
    const answers = await Promise.all(
      addresses.map((email, i) =>
        callIdentity(`http://127.0.0.1:${ports[i % 2]}`, 'SignUp', {
          ClientId: USER_POOL_CLIENT_ID,
          Username: `pessoa${i}`,
          Password: 'Senha#Forte1',
          UserAttributes: [{ Name: 'email', Value: email }],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(addresses.map(() => 200));

    // Both outbox workers poll the same rows. Once every message is marked sent, both processes are stopped: a stop
    // waits for the delivery under way, so a second delivery of a row, if either had taken one, has arrived by then.
    const pendingCount = async () =>
      (
        await adminQuery<{ n: number }>(
          url.toString(),
          `select count(*)::int as n from outbox where status <> 'sent' and recipient like 'pessoa%'`,
        )
      )[0]?.n;
    await expect.poll(pendingCount).toBe(0);
    await Promise.all(servers.map((s) => s.stop()));
    const received = addresses.map((email) => mailbox.messages.filter((m) => m.to.includes(email)).length);
    expect(received).toEqual(addresses.map(() => 1));
  }, 180_000);
});
