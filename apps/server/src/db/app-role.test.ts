import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../env';
import { adminQuery } from '../test/postgres-admin';
import { openDatabase, rowsOf } from './client';
import { withTenant } from './tenant';

const { DATABASE_URL } = loadEnv();

// Roles and database owners exist only on a PostgreSQL server: PGlite runs as its one superuser.
describe.skipIf(!DATABASE_URL)('the application role on PostgreSQL', () => {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const owner = `owner_${suffix}`;
  const name = `owned_${suffix}`;

  afterAll(async () => {
    await adminQuery(DATABASE_URL ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(DATABASE_URL ?? '', `DROP ROLE IF EXISTS ${owner}`);
  });

  it('works for a database owner who is no superuser, only CREATEROLE', async () => {
    await adminQuery(DATABASE_URL ?? '', `CREATE ROLE ${owner} LOGIN CREATEROLE`);
    await adminQuery(DATABASE_URL ?? '', `CREATE DATABASE ${name} OWNER ${owner}`);
    const url = new URL(DATABASE_URL ?? '');
    url.username = owner;
    url.password = '';
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      const [row] = await withTenant(database.db, { userId: randomUUID() }, async (tx) =>
        rowsOf<{ role: string; organizations: number }>(
          await tx.execute(
            sql`select current_user as role, (select count(*)::int from organizations) as organizations`,
          ),
        ),
      );
      expect(row).toEqual({ role: 'financeiro_app', organizations: 0 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
