import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages to deliver (e-mail, SMS). Written in the same transaction as the change that needs them. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid().primaryKey(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
