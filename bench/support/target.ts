import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Where a bench that builds its own data works. With DATABASE_URL: that database, which must be empty (the bench
 * migrates and fills it, and leaves it for inspection); answers undefined. Without: a new temporary folder for PGlite,
 * named from `prefix`, which the bench removes when done.
 */
export async function benchFolderOrEmptyDatabase(prefix: string): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return mkdtempSync(join(tmpdir(), prefix));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    if ((tables.rows[0]?.n ?? 0) > 0) throw new Error('DATABASE_URL must name an empty database (createdb a new one).');
  } finally {
    await client.end();
  }
  return undefined;
}
