import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../tenancy/schema';

/**
 * The columns every registry table starts with: identity, tenant, status, optimistic version and times. The table
 * declares its primary key, (organization_id, id).
 */
export const registryColumns = () => ({
  id: uuid().notNull(),
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
