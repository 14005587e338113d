import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../env';
import { openDatabase, type Database } from '../db/client';
import { adminQuery } from './postgres-admin';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * A PGlite database the migrations have built, as a copy to start from: building one takes 5 to 15 seconds on a busy
 * machine, loading a copy 1 to 2, and the suite opens dozens. Kept in the temporary folder under the migrations'
 * digest (a changed migration builds a new copy, and removes the older ones); test processes that find none at once
 * each build it, and the last rename wins.
 */
async function migratedCopy(): Promise<Blob> {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) digest.update(file).update(readFileSync(path));
  }
  const prefix = 'financeiro-migrated-';
  const path = join(tmpdir(), `${prefix}${digest.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    const copy = await database.dumpDataDir?.();
    await database.close();
    if (!copy) throw new Error('PGlite gives a copy of its database');
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, new Uint8Array(await copy.arrayBuffer()));
    renameSync(partial, path);
    for (const older of readdirSync(tmpdir()))
      if (older.startsWith(prefix) && older.endsWith('.tar.gz') && join(tmpdir(), older) !== path)
        rmSync(join(tmpdir(), older), { force: true });
  }
  return new Blob([readFileSync(path)]);
}

/**
 * A fresh database built by the migrations: in-memory PGlite by default (from the migrated copy above), or a new
 * database on the PostgreSQL server named by DATABASE_URL (dropped again on close), so the same suite runs on both.
 */
export async function createTestDatabase(): Promise<Database> {
  const { DATABASE_URL } = loadEnv();
  if (!DATABASE_URL) return openDatabase({ copyOf: await migratedCopy() });
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
