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
}

/** The non-owner role every tenant-scoped transaction switches to, so row-level security applies. */
export const APP_ROLE = 'financeiro_app';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite files; absent means in memory (tests). */
  dataDir?: string | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
    // process: the pool discards it and opens a fresh one on the next query.
    pool.on('error', () => undefined);
    database = {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
    };
    await ensureAppRole(database.db);
    await migratePg(drizzlePg(pool, { schema, casing: 'snake_case' }), { migrationsFolder });
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
    database = {
      db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'pglite',
      close: () => client.close(),
    };
    await ensureAppRole(database.db);
    await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    // PGlite has no autovacuum to keep the planner's statistics: refresh them at each start of a kept database.
    if (options.dataDir) await database.db.execute(sql`ANALYZE`);
  }
  await grantAppRole(database.db);
  return database;
}

async function ensureAppRole(db: Db): Promise<void> {
  // Roles belong to the whole PostgreSQL cluster, not to one database, so they live outside the migrations.
  try {
    await db.execute(
      sql.raw(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
      END $$;`),
    );
  } catch (error) {
    // Two processes creating the role at the same moment: the loser sees a duplicate, which is fine.
    if (!(error instanceof Error && /already exists|duplicate key/.test(error.message))) throw error;
  }
}

async function grantAppRole(db: Db): Promise<void> {
  await db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`));
  await db.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`));
  // The event log is append-only: the application may write new rows and read them, never change or remove one.
  await db.execute(sql.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON event_log FROM ${APP_ROLE}`));
}
