import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { seedDemo } from '../demo';
import { users } from '../identity/schema';
import { organizations, units } from '../tenancy/schema';
import { recordEvent } from './record-event';
import { eventLog } from './schema';

describe('event log', () => {
  let t: TestApp;
  let as: ReturnType<typeof callersFor>;
  let org: { organizationId: string };
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db);
    as = callersFor(t);
    const [demo] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    org = { organizationId: demo?.id ?? '' };
    adminId = admin?.id ?? '';
    const caller = await as('admin', org);
    for (const n of [1, 2, 3]) await caller.tenants.units.create({ name: `Loja ${n}`, slug: `loja-${n}` });
    const [loja] = await t.database.db.select().from(units).where(eq(units.slug, 'loja-1'));
    await caller.tenants.units.update({ id: loja?.id ?? '', name: 'Loja Centro', slug: 'loja-1' });
  });
  afterAll(() => t?.close());

  it('cannot be changed or emptied by the application role', async () => {
    const scope = { userId: adminId, organizationId: org.organizationId };
    await expect(
      withTenant(t.database.db, scope, (tx) => tx.update(eventLog).set({ action: 'forjado' })),
    ).rejects.toThrow();
    await expect(withTenant(t.database.db, scope, (tx) => tx.delete(eventLog))).rejects.toThrow();
    await expect(withTenant(t.database.db, scope, (tx) => tx.execute(sql`truncate event_log`))).rejects.toThrow();
  });

  it('cannot be changed even by the database owner', async () => {
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'accepted',
        (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
      );
    expect(await refusal(t.database.db.update(eventLog).set({ action: 'forjado' }))).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.database.db.delete(eventLog))).toMatch(/append-only: DELETE/);
    const [forged] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventLog)
      .where(eq(eventLog.action, 'forjado'));
    expect(forged?.n).toBe(0);
  });

  it('lists events newest first with who, before and after, filtered and paged on the server', async () => {
    const logs = (await as('admin', org)).logs;
    const updates = await logs.events.list({ action: 'unit.update' });
    expect(updates.total).toBe(1);
    expect(updates.rows[0]).toMatchObject({
      actorUsername: 'admin',
      actorName: 'Ana Administradora',
      entity: 'unit',
      before: { name: 'Loja 1', slug: 'loja-1' },
      after: { name: 'Loja Centro', slug: 'loja-1' },
      ip: '203.0.113.7',
    });
    const page = await logs.events.list({ entity: 'unit', pageSize: 2, page: 2 });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.action)).toEqual(['unit.create', 'unit.create']);
    const none = await logs.events.list({ from: '2000-01-01T00:00:00.000Z', to: '2000-01-02T00:00:00.000Z' });
    expect(none).toEqual({ rows: [], names: {}, total: 0 });
    expect((await logs.events.list({ actorUserId: adminId })).total).toBe(4);
  });

  it('exports the filtered events and offers the filters that occur', async () => {
    const logs = (await as('admin', org)).logs;
    const exported = await logs.events.export({ entity: 'unit' });
    expect(exported.rows).toHaveLength(4);
    expect(exported.truncated).toBe(false);
    const facets = await logs.events.facets();
    expect(facets.actions).toEqual(['unit.create', 'unit.update']);
    expect(facets.actors.map((a) => a.username)).toEqual(['admin']);
  });

  it('counts events per day, per person and per action for the dashboard', async () => {
    const logs = (await as('admin', org)).logs;
    const now = Date.now();
    const dashboard = await logs.events.dashboard({
      from: new Date(now - 86_400_000).toISOString(),
      to: new Date(now + 60_000).toISOString(),
    });
    expect(dashboard.perDay.reduce((sum, d) => sum + d.events, 0)).toBe(4);
    expect(dashboard.perDay.at(-1)?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dashboard.perUser).toEqual([{ userId: adminId, name: 'Ana Administradora', username: 'admin', events: 4 }]);
    expect(dashboard.perAction).toEqual([
      { action: 'unit.create', events: 3 },
      { action: 'unit.update', events: 1 },
    ]);
  });

  it('records a member’s own account changes in their organization, without secrets', async () => {
    const identity = (target: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/identity',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
        },
        payload: JSON.stringify(body),
      });
    const token = await t.tokenFor('financeiro');
    const changed = await identity('ChangePassword', {
      AccessToken: token,
      PreviousPassword: 'Demo@2026',
      ProposedPassword: 'Nova#Senha2026',
    });
    expect(changed.statusCode).toBe(200);
    const refused = await identity('ChangePassword', {
      AccessToken: token,
      PreviousPassword: 'errada',
      ProposedPassword: 'Outra#Senha2026',
    });
    expect(refused.statusCode).toBe(400);
    expect((await identity('GlobalSignOut', { AccessToken: token })).statusCode).toBe(200);
    const { rows } = await (await as('admin', org)).logs.events.list({ entity: 'account' });
    expect(rows.map((r) => [r.action, r.actorUsername])).toEqual([
      ['account.sign_out_everywhere', 'financeiro'],
      ['account.change_password', 'financeiro'],
    ]);
    expect(JSON.stringify(rows)).not.toContain('Nova#Senha2026');
  });

  it('shows each member’s last access with device, address and recent activity', async () => {
    const admin = await as('admin', org);
    await admin.tenants.recordAccess();
    const { rows } = await admin.tenants.lastAccess.list({});
    const me = rows.find((r) => r.username === 'admin');
    expect(me).toMatchObject({ ip: '203.0.113.7', events: 5, profileName: 'Administrador' });
    expect(me?.userAgent).toContain('Chrome');
    expect(rows.find((r) => r.username === 'financeiro')?.accessedAt).toBeNull();
    const never = await admin.tenants.lastAccess.list({ never: true });
    expect(never.rows.map((r) => r.username)).not.toContain('admin');
    expect(never.rows.map((r) => r.username)).toContain('financeiro');
  });
});

describe('event log as an auditor reads it', () => {
  let d: DemoApp;
  const ids = { accountType: '', itau: '', other: '', account: '' };

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    ids.accountType = (await admin.registries.accountTypes.list({ search: 'Conta corrente' })).rows[0]?.id ?? '';
    ids.itau = (await admin.registries.banks.list({ search: 'Itaú' })).rows[0]?.id ?? '';
    ids.other = (await admin.registries.banks.create({ code: '218', name: 'Banco BS2 S.A.' })).id;
    const account = {
      name: 'Itaú movimento',
      accountTypeId: ids.accountType,
      bankId: ids.itau,
      openingBalance: 100_000,
      openingDate: '01/11/2026',
      unitIds: [d.matriz.unitId],
    };
    const created = await admin.registries.accounts.create(account);
    ids.account = created.id;
    await admin.registries.accounts.update({
      ...account,
      id: created.id,
      version: created.version,
      bankId: ids.other,
      openingBalance: 123_456,
    });
  });
  afterAll(() => d?.t.close());

  it('names the changed record and the records its fields point at, with money in centavos', async () => {
    const { rows, names } = await (await d.as('admin', d.org)).logs.events.list({ action: 'financial_account.update' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entityName: 'Itaú movimento',
      before: { bankId: ids.itau, openingBalance: 100000 },
      after: { bankId: ids.other, openingBalance: 123456 },
    });
    expect(names[ids.itau]).toMatch(/itaú/i);
    expect(names[ids.other]).toBe('Banco BS2 S.A.');
    expect(names[ids.accountType]).toBe('Conta corrente');
    expect(names[d.matriz.unitId]).toBe('Matriz');
    const exported = await (await d.as('admin', d.org)).logs.events.export({ action: 'financial_account.update' });
    expect(exported.rows[0]?.entityName).toBe('Itaú movimento');
    expect(exported.names[ids.other]).toBe('Banco BS2 S.A.');
  });

  it('hides routine events (entering the organization, remembering a device) unless asked, with totals to match', async () => {
    const admin = await d.as('admin', d.org);
    const before = await admin.logs.events.list({});
    await admin.tenants.recordAccess();
    await recordEvent(d.t.database.db, {
      organizationId: d.org.organizationId,
      actorUserId: null,
      action: 'account.device_status',
      entity: 'account',
      after: { remembered: true },
    });
    const hidden = await admin.logs.events.list({});
    expect(hidden.total).toBe(before.total);
    expect(hidden.rows.map((r) => r.action)).not.toContain('tenant.access');
    expect(hidden.rows.map((r) => r.action)).not.toContain('account.device_status');
    const shown = await admin.logs.events.list({ routine: true });
    expect(shown.total).toBe(before.total + 2);
    expect(shown.rows.slice(0, 2).map((r) => r.action)).toEqual(['account.device_status', 'tenant.access']);
    expect((await admin.logs.events.export({})).rows).toHaveLength(hidden.total);
    // Asking for a routine action by name shows it.
    expect((await admin.logs.events.list({ action: 'tenant.access' })).total).toBe(1);
  });

  it('never resolves another organization’s records into this organization’s log', async () => {
    const outro = await d.as('outro', d.elsewhere);
    const foreignBank = await outro.registries.banks.create({ code: '077', name: 'Banco Inter S.A.' });
    await recordEvent(d.t.database.db, {
      organizationId: d.org.organizationId,
      actorUserId: null,
      action: 'financial_account.update',
      entity: 'financial_account',
      entityId: foreignBank.id,
      before: { bankId: ids.itau },
      after: { bankId: foreignBank.id, unitIds: [d.elsewhere.unitId] },
    });
    const { rows, names } = await (await d.as('admin', d.org)).logs.events.list({ action: 'financial_account.update' });
    expect(rows[0]?.entityName).toBeNull();
    expect(names[ids.itau]).toMatch(/itaú/i);
    expect(names).not.toHaveProperty(foreignBank.id);
    expect(names).not.toHaveProperty(d.elsewhere.unitId);
    expect(JSON.stringify(names)).not.toContain('Inter');
  });
});
