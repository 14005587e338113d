import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/database';
import { rowsOf, type Database } from './client';

/*
 * The schema stays distributable by organization (decision 0028): read from the catalog of a database
 * the migrations built, so a table or key a later migration adds is held to the same rules.
 */

/**
 * The tables that belong to no one organization, each with why. Every other table is a tenant table: it carries a
 * non-null organization_id, the distribution column. In Citus these would be reference tables (a copy on every
 * node), so tenant tables may point at them.
 */
const GLOBAL_TABLES: Record<string, string> = {
  organizations: 'the tenants themselves; each tenant row points at its organization',
  users: 'a person signs in once and may belong to several organizations',
  refresh_tokens: 'identity (decision 0012): a session of a person, before an organization is chosen',
  auth_sessions: 'identity: the steps of a sign-in, before an organization is chosen',
  identity_codes: 'identity: confirmation and recovery codes sent to a person',
  devices: 'identity: the devices a person remembered',
  federated_identities: 'identity: the Google account linked to a person',
  oauth_requests: 'identity: a sign-in with Google in progress',
  oauth_codes: 'identity: the code a sign-in hands back to the web',
  signing_keys: 'identity: the keys that sign every token, of the whole installation',
  outbox: 'mail to a person (codes, temporary passwords), sent by whichever process claims it',
  idempotency_keys:
    'the first answer to a create, keyed by the person; user-scoped creates (a new organization) have no organization',
};

/** Tenant tables without a primary key, each with why. */
const WITHOUT_PRIMARY_KEY: Record<string, string> = {
  report_monthly_flows:
    'a summary the triggers keep, keyed by a unique index with nullable parts (no classification, no cost centre)',
};

interface Column {
  table: string;
  nullable: boolean;
}
interface Constraint {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string;
  target: string | null;
  target_columns: string | null;
  definition: string;
}

describe('a schema distributable by organization', () => {
  let database: Database;
  let organizationColumns: Column[];
  let tables: string[];
  let constraints: Constraint[];
  const isTenant = (table: string) => organizationColumns.some((c) => c.table === table && !c.nullable);

  beforeAll(async () => {
    database = await createTestDatabase();
    tables = rowsOf<{ name: string }>(
      await database.db.execute(sql`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`),
    ).map((r) => r.name);
    organizationColumns = rowsOf<Column>(
      await database.db.execute(sql`
        select c.relname as table, not a.attnotnull as nullable
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attname = 'organization_id' and not a.attisdropped`),
    );
    // Unique indexes without a constraint count as unique keys too ('u'); the column lists keep the key's order.
    constraints = rowsOf<Constraint>(
      await database.db.execute(sql`
        with keys as (
          select con.conrelid as rel, con.conname as name, con.contype as kind, con.conkey as cols,
                 con.confrelid as target_rel, con.confkey as target_cols, pg_get_constraintdef(con.oid) as definition
          from pg_constraint con where con.contype in ('p', 'u', 'f')
          union all
          select i.indrelid, ci.relname, 'u', i.indkey::int2[], null, null, pg_get_indexdef(i.indexrelid)
          from pg_index i join pg_class ci on ci.oid = i.indexrelid
          where i.indisunique and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)
        )
        select c.relname as table, k.name, k.kind, k.definition, t.relname as target,
          (select string_agg(coalesce(a.attname, '(expression)'), ',' order by u.ord)
             from unnest(k.cols) with ordinality u(num, ord)
             left join pg_attribute a on a.attrelid = k.rel and a.attnum = u.num and u.num > 0) as columns,
          (select string_agg(a.attname, ',' order by u.ord)
             from unnest(k.target_cols) with ordinality u(num, ord)
             join pg_attribute a on a.attrelid = k.target_rel and a.attnum = u.num) as target_columns
        from keys k join pg_class c on c.oid = k.rel join pg_namespace n on n.oid = c.relnamespace
        left join pg_class t on t.oid = k.target_rel
        where n.nspname = 'public' order by 1, 2`),
    );
  });
  afterAll(() => database?.close());

  const keysOf = (table: string, kind: Constraint['kind']) =>
    constraints.filter((k) => k.table === table && k.kind === kind);
  const describeKey = (k: Constraint) => `${k.table}: ${k.name} ${k.definition}`;

  it('names each table without a non-null organization_id as global, with why', () => {
    const untenanted = tables.filter((t) => !isTenant(t));
    expect(untenanted.sort()).toEqual(Object.keys(GLOBAL_TABLES).sort());
  });

  it('has organization_id in the primary key of every tenant table', () => {
    const wrong: string[] = [];
    for (const table of tables.filter(isTenant)) {
      const [primary] = keysOf(table, 'p');
      if (!primary) {
        if (!(table in WITHOUT_PRIMARY_KEY)) wrong.push(`${table}: no primary key`);
      } else if (!primary.columns.split(',').includes('organization_id')) wrong.push(describeKey(primary));
    }
    expect(wrong).toEqual([]);
  });

  it('has organization_id in every unique key of a tenant table, as Citus requires of the distribution column', () => {
    const wrong = tables
      .filter(isTenant)
      .flatMap((table) => keysOf(table, 'u'))
      .filter((k) => !k.columns.split(',').includes('organization_id'));
    expect(wrong.map(describeKey)).toEqual([]);
  });

  it('joins tenant tables only on organization_id, and points at global tables only from tenant ones', () => {
    const wrong: string[] = [];
    for (const fk of constraints.filter((k) => k.kind === 'f')) {
      const target = fk.target ?? '';
      if (isTenant(fk.table) && isTenant(target)) {
        // The same organization on both sides: the key's organization_id meets the target's, position for position.
        const at = fk.columns.split(',').indexOf('organization_id');
        if (at < 0 || fk.target_columns?.split(',')[at] !== 'organization_id') wrong.push(describeKey(fk));
      } else if (isTenant(fk.table) ? !(target in GLOBAL_TABLES) : isTenant(target)) {
        wrong.push(describeKey(fk));
      }
    }
    expect(wrong).toEqual([]);
  });
});
