// Every module's tables, gathered for drizzle-kit and for typed queries. A module owns its schema.ts.
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
