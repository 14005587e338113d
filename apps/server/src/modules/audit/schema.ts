import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../tenancy/schema';

/** Who changed what, when and from where: one row per mutation, written in the mutation's own transaction. */
export const eventLog = pgTable(
  'event_log',
  {
    id: uuid().primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    actorUserId: uuid(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_log_org_time_idx').on(t.organizationId, t.createdAt)],
);
