import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../modules/identity/schema';
import { organizations } from '../modules/tenancy/schema';

/** Column builders the finance modules' tables share (DESIGN.md 6). */

/** Centavos: a bigint read as a JavaScript number (amounts stay far below 2^53). */
export const money = () => bigint({ mode: 'number' });

/** The identity and tenant of a row: a UUIDv7 key and its organization. */
export const tenant = () => ({
  id: uuid().primaryKey(),
  organizationId: uuid()
    .notNull()
    .references(() => organizations.id),
});

export const createdBy = () => uuid().references(() => users.id);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
