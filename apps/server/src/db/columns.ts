import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../modules/identity/schema';
import { organizations } from '../modules/tenancy/schema';

/** Column builders the finance modules' tables share. */

/** Centavos: a bigint read as a JavaScript number (amounts stay far below 2^53). */
export const money = () => bigint({ mode: 'number' });

/**
 * The identity and tenant of a row: a UUIDv7 id and its organization. Each table declares its primary key as
 * (organization_id, id), so that rows are keyed by their organization (decision 0028).
 */
export const tenant = () => ({
  id: uuid().notNull(),
  organizationId: uuid()
    .notNull()
    .references(() => organizations.id),
});

export const createdBy = () => uuid().references(() => users.id);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
