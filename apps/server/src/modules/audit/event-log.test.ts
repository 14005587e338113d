import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor } from '../../test/callers';
import { seedDemo } from '../demo/seed';
import { users } from '../identity/schema';
import { organizations, units } from '../tenancy/schema';
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
    expect(none).toEqual({ rows: [], total: 0 });
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
