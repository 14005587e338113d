import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadEnv } from '../env';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh database built by the migrations: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again on close), so the same suite runs on both.
 */
export async function createTestDatabase(): Promise<Database> {
  const { DATABASE_URL } = loadEnv();
  if (!DATABASE_URL) return openDatabase({});
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
