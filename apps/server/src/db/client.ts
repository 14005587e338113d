import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query runner: the database itself or an open transaction. */
export type DbOrTx = Db | Tx;

/** The rows of a raw `execute` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  return [];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PGlite only: the data folder as a .tar.gz, taken while no transaction is open (PGlite runs one at a time), so
   * it holds every committed transaction and nothing of one in progress.
   */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * PostgreSQL cannot be reached or ended the session: a restart, a failover, the connection lost (SQLSTATE class 08,
 * 57P01-57P03, a refused or reset socket, and pg's own words for a connection that ended). The request may be sent
 * again once the database is back; a write sent with its idempotency key is then done once.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    if (typeof code === 'string' && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
    if (PG_CONNECTION_LOST.some((words) => e.message.includes(words))) return true;
  }
  return false;
}

/** node-postgres's messages, without a code, for a connection that ended or never opened. */
const PG_CONNECTION_LOST = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** The non-owner role every tenant-scoped transaction switches to, so row-level security applies. */
export const APP_ROLE = 'financeiro_app';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite files; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** In-memory PGlite: start from this copy of a database (what `dumpDataDir` gives) instead of an empty one. */
  copyOf?: Blob | undefined;
  /**
   * Work to do once per database after the migrations, before serving (the demo data). On PostgreSQL it runs under
   * the migrations' lock, so processes starting together on one database do it one at a time and the later ones
   * find it done.
   */
  prepare?: ((db: Db) => Promise<void>) | undefined;
}

/** The advisory lock (an arbitrary constant of this app) that processes starting on one database take in turn. */
const STARTUP_LOCK = 7_240_118_001;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
    // process: the pool discards it and opens a fresh one on the next query.
    pool.on('error', () => undefined);
    // The pool listens for errors only on its idle connections: one that dies while a transaction holds it (between
    // two statements, or with a statement under way, which pg reports both to the statement and as an event) would
    // otherwise be an unhandled 'error' event, which ends the process. The statement in progress, or the next one,
    // fails instead, and the pool drops the connection when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const database: Database = {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
    };
    // Drizzle's migrator takes no lock: two processes starting together on an empty database would both apply the
    // first migration, and both seed. The lock belongs to its own session, so a process that dies mid-way frees it.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
      await ensureAppRole(database.db);
      await migratePg(drizzlePg(pool, { schema, casing: 'snake_case' }), { migrationsFolder });
      await grantAppRole(database.db);
      await options.prepare?.(database.db);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      lock.release();
    }
    return database;
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite({ loadDataDir: options.copyOf });
  const database: Database = {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    // dumpDataDir waits only for the running statement; holding the transaction lock as well (every query and
    // transaction takes it) keeps the copy between two transactions.
    dumpDataDir: () => client._runExclusiveTransaction(() => client.dumpDataDir('gzip')),
  };
  await ensureAppRole(database.db);
  await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  // PGlite has no autovacuum to keep the planner's statistics: refresh them at each start of a kept database.
  // VACUUM also marks the pages all visible, so that the lists read their covering indexes without the table.
  if (options.dataDir) await database.db.execute(sql`VACUUM ANALYZE`);
  await grantAppRole(database.db);
  await options.prepare?.(database.db);
  return database;
}

async function ensureAppRole(db: Db): Promise<void> {
  // Roles belong to the whole PostgreSQL cluster, not to one database, so they live outside the migrations. Requests
  // switch to the role (SET ROLE), which needs membership: a superuser has it; a user with CREATEROLE grants it to
  // itself (PostgreSQL 15 does not make a role's creator a member).
  try {
    await db.execute(
      sql.raw(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
        IF NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
          EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
        END IF;
      END $$;`),
    );
  } catch (error) {
    // Two processes creating the role at the same moment: the loser sees a duplicate, which is fine.
    if (!(error instanceof Error && /already exists|duplicate key/.test(error.message))) throw error;
  }
}

/** The columns of `users` tenant code may read: who a person is and the account's state, never a secret. */
const READABLE_USER_COLUMNS = [
  'id',
  'username',
  'name',
  'email',
  'email_verified',
  'phone_number',
  'picture',
  'locale',
  'status',
  'organization_creation_enabled',
  'mfa_required',
];

/**
 * What the tenant role may do, set again at each start (decision 0012). Every table gets the normal grants, so a
 * table another module adds needs nothing here; then the identity tables lose them all, and `users` gets back
 * reading of its non-secret columns only. One transaction, so the role never holds the identity grants in between.
 */
async function grantAppRole(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`));
    await tx.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`));
    // The event log is append-only: the application may write new rows and read them, never change or remove one.
    await tx.execute(sql.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON event_log FROM ${APP_ROLE}`));
    // Revoking on a table also revokes its column grants, so a column dropped from the list below loses its grant.
    await tx.execute(sql.raw(`REVOKE ALL ON ${schema.identityTableNames.join(', ')} FROM ${APP_ROLE}`));
    await tx.execute(sql.raw(`GRANT SELECT (${READABLE_USER_COLUMNS.join(', ')}) ON users TO ${APP_ROLE}`));
    // Outgoing mail carries temporary passwords and one-time codes: a change may queue a message, never read one.
    await tx.execute(sql.raw(`REVOKE SELECT, UPDATE, DELETE ON outbox FROM ${APP_ROLE}`));
  });
}
