import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as identity from '../modules/identity/schema';

// Every module's tables, gathered for the typed database and the migrations' checks; the one file outside the
// modules that imports their schema.ts (decision 0032). A module owns its schema.ts.
export * from '../modules/identity/schema';
export * from '../modules/outbox/schema';
export * from '../modules/tenancy/schema';
export * from '../modules/audit/schema';
export * from '../modules/registries/schema';
export * from '../modules/idempotency/schema';
export * from '../modules/ledger/schema';
export * from '../modules/banking/schema';
export * from '../modules/purchasing/schema';
export * from '../modules/mercadopago/schema';
export * from '../modules/split/schema';
export * from '../modules/reports/schema';

/**
 * The identity module's tables: password verifiers, second-factor secrets, signing keys, refresh tokens, codes,
 * sign-in sessions, devices. Read from its schema, so a table it adds later is behind the tenant role's wall
 * (db/client.ts, decision 0012) from its first day.
 */
export const identityTableNames = Object.values(identity)
  .filter((value) => is(value, PgTable))
  .map(getTableName);
