import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../env';
import { openDatabase, type Database } from '../db/client';
import { adminQuery } from './postgres-admin';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A digest of the migrations: a copy built by them serves as long as they are unchanged. */
function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) digest.update(file).update(readFileSync(path));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * A PGlite database the migrations have built, as a copy to start from: building one takes 5 to 15 seconds on a busy
 * machine, loading a copy 1 to 2, and the suite opens dozens. Kept in the temporary folder under the migrations'
 * digest (a changed migration builds a new copy, and removes the older ones); test processes that find none at once
 * each build it, and the last rename wins.
 */
async function migratedCopy(): Promise<Blob> {
  const prefix = 'financeiro-migrated-';
  const path = join(tmpdir(), `${prefix}${migrationsDigest()}.tar.gz`);
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

/** The prefix of the PostgreSQL databases the migrations built for the tests to copy (see migratedTemplate). */
export const MIGRATED_TEMPLATE_PREFIX = 'test_migrated_';

/**
 * The PostgreSQL counterpart of migratedCopy: a database the migrations built, for `CREATE DATABASE … TEMPLATE`. It
 * is built under a name of its own and renamed when whole, so a process never copies a half-built one; processes
 * that find none at once each build one, and those that lose the rename drop theirs. The server project's global
 * setup drops it after the run.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `${MIGRATED_TEMPLATE_PREFIX}${migrationsDigest()}`;
  const exists = async () =>
    (await adminQuery(adminUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length > 0;
  if (await exists()) return name;
  const building = `test_migrating_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${building}`);
  const url = new URL(adminUrl);
  url.pathname = `/${building}`;
  await (await openDatabase({ databaseUrl: url.toString() })).close();
  if (await exists()) await adminQuery(adminUrl, `DROP DATABASE ${building} WITH (FORCE)`);
  else
    await adminQuery(adminUrl, `ALTER DATABASE ${building} RENAME TO ${name}`).catch(async (error: unknown) => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      if (!(await exists())) throw error;
    });
  return name;
}

/**
 * A fresh database built by the migrations: in-memory PGlite by default, or a new database on the PostgreSQL server
 * named by DATABASE_URL (dropped again on close), so the same suite runs on both. Both start from a copy the
 * migrations built once (above), and pass through them again, which finds nothing to do.
 */
export async function createTestDatabase(): Promise<Database> {
  const { DATABASE_URL } = loadEnv();
  if (!DATABASE_URL) return openDatabase({ copyOf: await migratedCopy() });
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(DATABASE_URL, `CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(DATABASE_URL)}`);
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
