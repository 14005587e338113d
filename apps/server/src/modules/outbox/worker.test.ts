import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { advanceClock, resetClock } from '../../clock';
import type { Database } from '../../db/client';
import { loadEnv } from '../../env';
import { createTestDatabase } from '../../test/database';
import { Mailbox } from '../../test/mailbox';
import { enqueueEmail } from './enqueue';
import { outbox } from './schema';
import { retryDelayMs, startOutboxWorker, type OutboxWorker } from './worker';

describe('the outbox worker', () => {
  let database: Database;
  let worker: OutboxWorker;
  const mailbox = new Mailbox();
  const errors: object[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await mailbox.start();
    const env = loadEnv({ NODE_ENV: 'test', SMTP_URL: mailbox.url, PUBLIC_URL: 'http://127.0.0.1:3999' });
    worker = startOutboxWorker({ db: database.db, env, log: { info: () => {}, error: (obj) => errors.push(obj) } });
  });
  afterEach(() => resetClock());
  afterAll(async () => {
    await worker?.stop();
    await mailbox.stop();
    await database?.close();
  });

  const rowTo = async (to: string) => {
    const [row] = await database.db.select().from(outbox).where(eq(outbox.recipient, to));
    return row;
  };
  const received = (to: string) => mailbox.messages.filter((m) => m.to.includes(to)).length;

  it('tries a refused message again after its delay by the server clock, not before, and delivers it once', async () => {
    const to = 'recusada@example.com.br';
    mailbox.refuseNext(1);
    await enqueueEmail(database.db, { to, subject: 'Seu código', text: 'Código 123456' });
    await worker.drain();
    expect(received(to)).toBe(0);
    expect(await rowTo(to)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowTo(to))?.lastError).toMatch(/Tente mais tarde/);

    // Halfway through the delay it is still waiting (real time passes between the steps too, hence the margin).
    advanceClock(retryDelayMs(1) / 2);
    await worker.drain();
    expect(received(to)).toBe(0);

    advanceClock(retryDelayMs(1) / 2);
    await worker.drain();
    expect(received(to)).toBe(1);
    expect(await rowTo(to)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    await worker.drain();
    expect(received(to)).toBe(1);
  });

  it('gives up after its last attempt, each one spaced by a longer delay, and keeps the reason', async () => {
    const to = 'sempre-recusada@example.com.br';
    mailbox.refuseNext(100);
    await enqueueEmail(database.db, { to, subject: 'Seu código', text: 'Código 654321' });
    const delays: number[] = [];
    for (let attempt = 1; ; attempt++) {
      await worker.drain();
      const row = await rowTo(to);
      if (row?.status !== 'pending') break;
      delays.push(retryDelayMs(attempt));
      advanceClock(retryDelayMs(attempt));
    }
    mailbox.refuseNext(0);
    expect(await rowTo(to)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(delays).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000]);
    // However much later, a failed message is not sent again.
    advanceClock(24 * 3600_000);
    await worker.drain();
    expect(received(to)).toBe(0);
    expect(errors.length).toBeGreaterThanOrEqual(8);
  });
});
