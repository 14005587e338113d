import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { outbox } from './schema';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Queues an e-mail in the caller's transaction: it goes out only if the change that asked for it commits. */
export async function enqueueEmail(tx: DbOrTx, message: EmailMessage): Promise<void> {
  await tx.insert(outbox).values({
    id: uuidv7(),
    channel: 'email',
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    html: message.html ?? null,
  });
}

export async function enqueueSms(tx: DbOrTx, to: string, text: string): Promise<void> {
  await tx.insert(outbox).values({ id: uuidv7(), channel: 'sms', recipient: to, body: text });
}
