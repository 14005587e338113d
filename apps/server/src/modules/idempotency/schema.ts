import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * The first result of each create submitted with an idempotency key (decision 0013), written in the create's own
 * transaction. A key belongs to one person, one organization (none for user-scoped creates) and one procedure.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid().primaryKey(),
    userId: uuid().notNull(),
    organizationId: uuid(),
    procedure: text().notNull(),
    key: uuid().notNull(),
    /** SHA-256 of the submitted data, so a key sent again with other data is refused rather than answered. */
    inputHash: text().notNull(),
    /** What the create answered, as the wire carries it; null only while the create runs. */
    result: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Nulls not distinct: a user-scoped create (no organization) claims its key once too.
    unique('idempotency_keys_claim_key').on(t.userId, t.organizationId, t.procedure, t.key).nullsNotDistinct(),
  ],
);
