import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as identitySchema from '../modules/identity/schema';
import { createConfirmedUser } from '../modules/identity';
import { createTestDatabase } from '../test/database';
import { APP_ROLE, openDatabase, rowsOf, type Database, type Db, type Tx } from './client';
import { asOwner, withTenant } from './tenant';

/** The error a statement run as the tenant role ends with, or OK. */
const asTenant = (db: Db, userId: string, statement: string) =>
  withTenant(db, { userId }, (tx) => tx.execute(sql.raw(statement))).then(
    () => 'OK',
    (error: unknown) => {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return cause instanceof Error ? cause.message : String(cause);
    },
  );

/** The tenant role cannot read signing keys, password verifiers or other identity secrets (decision 0012). */
describe('the wall around the identity tables', () => {
  let database: Database;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ id: userId } = await createConfirmedUser(database.db, {
      username: 'helena',
      password: 'Senha#Forte1',
      name: 'Helena',
      email: 'helena@example.com',
    }));
  });
  afterAll(() => database?.close());

  it('refuses the password verifier, its salt and the second-factor secret of users', async () => {
    for (const column of ['srp_verifier', 'srp_salt', 'totp_secret', 'totp_pending_secret', '*']) {
      expect(await asTenant(database.db, userId, `select ${column} from users`)).toMatch(/permission denied/);
    }
  });

  it('refuses every other identity table, the signing keys first', async () => {
    const tables = Object.values(identitySchema)
      .filter((value) => is(value, PgTable))
      .map(getTableName)
      .filter((name) => name !== 'users');
    expect(tables).toContain('signing_keys');
    for (const table of tables) {
      expect(await asTenant(database.db, userId, `select * from ${table}`), table).toMatch(/permission denied/);
    }
  });

  it('refuses writing accounts and reading queued mail, which carries codes and temporary passwords', async () => {
    expect(await asTenant(database.db, userId, `update users set mfa_required = true`)).toMatch(/permission denied/);
    expect(await asTenant(database.db, userId, `delete from users`)).toMatch(/permission denied/);
    expect(await asTenant(database.db, userId, `select body from outbox`)).toMatch(/permission denied/);
  });

  it('reads who a person is, and crosses the wall only through asOwner, back in the tenant role after', async () => {
    expect(
      await asTenant(database.db, userId, `select id, username, name, email, email_verified, status from users`),
    ).toBe('OK');
    const roleOf = async (tx: Tx) =>
      rowsOf<{ role: string }>(await tx.execute(sql`select current_user as role`))[0]?.role;
    const roles = await withTenant(database.db, { userId }, async (tx) => {
      const inside = await asOwner(tx, roleOf);
      const failed = await asOwner(tx, () => Promise.reject(new Error('identity step failed'))).catch(() => 'failed');
      return [inside === APP_ROLE, failed, await roleOf(tx)];
    });
    expect(roles).toEqual([false, 'failed', APP_ROLE]);
  });
});

describe('the wall on a database that already exists', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'financeiro-wall-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('takes back the grants an earlier version gave at its next start', async () => {
    const first = await openDatabase({ dataDir });
    const { id } = await createConfirmedUser(first.db, {
      username: 'helena',
      password: 'Senha#Forte1',
      name: 'Helena',
      email: 'helena@example.com',
    });
    // What every start granted before the wall existed.
    await first.db.execute(
      sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`),
    );
    expect(await asTenant(first.db, id, 'select srp_verifier from users')).toBe('OK');
    await first.close();
    const again = await openDatabase({ dataDir });
    try {
      expect(await asTenant(again.db, id, 'select srp_verifier from users')).toMatch(/permission denied/);
      expect(await asTenant(again.db, id, 'select private_jwk from signing_keys')).toMatch(/permission denied/);
      expect(await asTenant(again.db, id, 'select id, email from users')).toBe('OK');
    } finally {
      await again.close();
    }
  });
});
