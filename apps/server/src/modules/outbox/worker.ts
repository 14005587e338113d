import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { rowsOf, type Db } from '../../db/client';
import { now, nowMs } from '../../clock';
import type { Env } from '../../env';

export interface OutboxLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

interface Claimed {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  attempts: number;
}

const MAX_ATTEMPTS = 8;
/** How long a claimed message is left to its sender before another worker may take it (a crash mid-send). */
const LEASE_MS = 2 * 60_000;
/** After the n-th failed attempt: 10 s, 20 s, 40 s… up to an hour. */
export const retryDelayMs = (attempts: number): number => Math.min(3600, 2 ** attempts * 5) * 1000;

/** The pluggable SMS provider: one JSON POST per message; any non-2xx answer is a failure to retry. */
async function sendSms(url: string, token: string | undefined, to: string, message: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ to, message }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`provedor de SMS respondeu ${response.status}`);
}
const POLL_MS = 500;

/**
 * Delivers queued messages. Rows are claimed with FOR UPDATE SKIP LOCKED and marked `sending` with a lease, so
 * several server processes share the work and a crash mid-send only delays a message, never loses it.
 */
export interface OutboxWorker {
  /** Delivers everything due by the server's clock, and resolves once nothing is left due (tests). */
  drain(): Promise<void>;
  /** Stops polling, once the delivery under way (if any) has ended. */
  stop(): Promise<void>;
}

export function startOutboxWorker({ db, env, log }: { db: Db; env: Env; log: OutboxLog }): OutboxWorker {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  async function deliver(message: Claimed): Promise<void> {
    if (message.channel === 'email' && transport) {
      await transport.sendMail({
        from: env.MAIL_FROM,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        ...(message.html ? { html: message.html } : {}),
      });
      return;
    }
    if (message.channel === 'sms' && env.SMS_HTTP_URL) {
      await sendSms(env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN, message.recipient, message.body);
      return;
    }
    // No SMTP server or SMS provider configured (development): the log is the delivery.
    log.info(
      { channel: message.channel, to: message.recipient, subject: message.subject, text: message.body },
      'mensagem',
    );
  }

  /** Delivers what is due now (by the server's clock) and answers how many messages it took. */
  async function tick(): Promise<number> {
    const claimed = rowsOf<Claimed>(
      await db.execute(sql`
      update outbox set status = 'sending', attempts = attempts + 1, next_attempt_at = ${new Date(nowMs() + LEASE_MS)}
      where id in (
        select id from outbox
        where status in ('pending', 'sending') and next_attempt_at <= ${now()}
        order by next_attempt_at limit 10
        for update skip locked
      )
      returning id, channel, recipient, subject, body, html, attempts`),
    );
    for (const message of claimed) {
      try {
        await deliver(message);
        await db.execute(
          sql`update outbox set status = 'sent', sent_at = ${now()}, last_error = null where id = ${message.id}`,
        );
      } catch (error) {
        const failed = message.attempts >= MAX_ATTEMPTS;
        log.error({ err: error, id: message.id }, 'falha ao entregar mensagem');
        await db.execute(sql`
          update outbox set status = ${failed ? 'failed' : 'pending'},
            last_error = ${error instanceof Error ? error.message : String(error)},
            next_attempt_at = ${new Date(nowMs() + retryDelayMs(message.attempts))}
          where id = ${message.id}`);
      }
    }
    return claimed.length;
  }

  // Every tick runs on one chain, the poll's and a drain's alike, so that they never overlap.
  const queueTick = () => {
    const next = running.then(() =>
      tick().catch((error: unknown) => {
        log.error({ err: error }, 'falha na fila de mensagens');
        return 0;
      }),
    );
    running = next.then(() => undefined);
    return next;
  };
  const loop = async () => {
    while (!stopped) {
      await queueTick();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  void loop();

  return {
    async drain() {
      while ((await queueTick()) > 0);
    },
    async stop() {
      stopped = true;
      await running;
      transport?.close();
    },
  };
}
