import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../tenancy/schema';

/** The columns every registry table starts with: identity, tenant, status, optimistic version and times. */
export const registryColumns = () => ({
  id: uuid().primaryKey(),
  organizationId: uuid()
    .notNull()
    .references(() => organizations.id),
  status: text({ enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
