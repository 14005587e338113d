import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../tenancy/schema';

/**
 * Who changed what, when and from where: one row per mutation, written in the mutation's own transaction. Append-only:
 * the application role may only insert and read, and a trigger refuses updates and deletes from anyone.
 */
export const eventLog = pgTable(
  'event_log',
  {
    id: uuid().notNull(),
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
  (t) => [
    primaryKey({ name: 'event_log_pkey', columns: [t.organizationId, t.id] }),
    index('event_log_org_time_idx').on(t.organizationId, t.createdAt),
    index('event_log_org_actor_time_idx').on(t.organizationId, t.actorUserId, t.createdAt),
    index('event_log_org_action_time_idx').on(t.organizationId, t.action, t.createdAt),
  ],
);
