import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column builders the modules' tables share; those that point at a module's table are in its schema.ts. */

/** Centavos: a bigint read as a JavaScript number (amounts stay far below 2^53). */
export const money = () => bigint({ mode: 'number' });

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
