import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { now } from '../../clock';
import { outbox } from './schema';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an e-mail in the caller's transaction: it goes out only if the change that asked for it commits. It is due
 * at once by the server's clock, the clock the worker reads (the database's own clock keeps microseconds and may
 * stand a fraction of a millisecond ahead of it).
 */
export async function enqueueEmail(tx: DbOrTx, message: EmailMessage): Promise<void> {
  await tx.insert(outbox).values({
    id: uuidv7(),
    channel: 'email',
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    html: message.html ?? null,
    nextAttemptAt: now(),
  });
}

export async function enqueueSms(tx: DbOrTx, to: string, text: string): Promise<void> {
  await tx.insert(outbox).values({ id: uuidv7(), channel: 'sms', recipient: to, body: text, nextAttemptAt: now() });
}
