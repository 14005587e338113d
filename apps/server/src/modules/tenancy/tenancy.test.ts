import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Membership } from '@financeiro/core';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/app';
import { seedOtherOrganization } from '../../test/other-organization';
import { codeOf } from '../../test/callers';
import { eventLog } from '../audit/schema';
import { seedDemo } from '../demo';
import { RateLimiter, rateLimitsOf } from '../../trpc/rate-limit';
import { createAccessTokenVerifier } from '../identity';
import { organizations, profiles, units } from './schema';
import { tenantsRouter } from './router';
import { loadMemberships } from './memberships';
import { seedRegistries } from '../registries';

describe('tenancy', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof seedOtherOrganization>>;
  let demo: { organizationId: string; unitId: string };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db);
    other = await seedOtherOrganization(t);
    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [unit] = await t.database.db.select().from(units).where(eq(units.slug, 'matriz'));
    demo = { organizationId: org?.id ?? '', unitId: unit?.id ?? '' };
  });
  afterAll(() => t?.close());

  async function call(
    path: string,
    token: string | null,
    headers: Record<string, string> = {},
    method: 'GET' | 'POST' = 'GET',
  ) {
    const response = await t.app.inject({
      method,
      url:
        method === 'GET'
          ? `/v1/tenants/${path}?batch=1&input=${encodeURIComponent('{}')}`
          : `/v1/tenants/${path}?batch=1`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json() as [{ result?: { data: unknown }; error?: { message: string } }],
    };
  }

  describe('row-level security', () => {
    it('shows the application role nothing of an organization other than the one set', async () => {
      const seen = await withTenant(
        t.database.db,
        { userId: other.userId, organizationId: other.organizationId },
        async (tx) => ({
          units: await tx.select({ name: units.name }).from(units),
          organizations: await tx.select({ name: organizations.name }).from(organizations),
          profiles: await tx.select({ name: profiles.name, org: profiles.organizationId }).from(profiles),
        }),
      );
      expect(seen.units.map((u) => u.name)).toEqual(['Sede Outra']);
      expect(seen.organizations.map((o) => o.name)).toEqual(['Outra']);
      expect(seen.profiles.every((p) => p.org === other.organizationId)).toBe(true);
    });

    it('refuses to write a row into another organization', async () => {
      const attempt = withTenant(t.database.db, { userId: other.userId, organizationId: other.organizationId }, (tx) =>
        tx
          .insert(units)
          .values({ id: uuidv7(), organizationId: demo.organizationId, name: 'Intrusa', slug: 'intrusa' }),
      );
      await expect(attempt).rejects.toThrow();
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(units)
        .where(eq(units.slug, 'intrusa'));
      expect(count?.n).toBe(0);
    });

    it('without an organization set, shows a user only the organizations they belong to', async () => {
      const names = await withTenant(t.database.db, { userId: other.userId }, (tx) =>
        tx.select({ name: organizations.name }).from(organizations),
      );
      expect(names.map((n) => n.name)).toEqual(['Outra']);
    });
  });

  describe('/v1/tenants', () => {
    it('answers 401 without a token or with a bad one', async () => {
      expect((await call('getMe', null)).status).toBe(401);
      expect((await call('getMe', 'not-a-token')).status).toBe(401);
    });

    it('lists only the caller’s own memberships, in the shared shape', async () => {
      const { status, body } = await call('getUserAvailableTenants', await t.tokenFor('financeiro'));
      expect(status).toBe(200);
      const tenants = body[0].result?.data as Membership[];
      expect(tenants).toHaveLength(1);
      expect(tenants[0]?.organization.name).toBe('Demo');
      expect(tenants[0]?.profile.name).toBe('Financeiro');
      expect(tenants[0]?.organization.units.map((u) => [u.name, u.departments.length])).toEqual([
        ['Filial Campinas', 2],
        ['Matriz', 2],
      ]);
    });

    it('returns the signed-in user’s data', async () => {
      const { body } = await call('getMe', await t.tokenFor('admin'));
      expect(body[0].result?.data).toMatchObject({
        username: 'admin',
        organization_creation_enabled: true,
        locale: 'pt-BR',
      });
    });

    it('never lets a user of one organization read another organization’s unit', async () => {
      const token = await t.tokenFor('outro');
      const { status, body } = await call('getUnitOverview', token, {
        'x-organization-id': demo.organizationId,
        'x-unit-id': demo.unitId,
      });
      expect(status).toBe(403);
      expect(JSON.stringify(body)).not.toContain('Matriz');
      // A unit of another organization sent under the user's own organization is refused too.
      const mixed = await call('getUnitOverview', token, {
        'x-organization-id': other.organizationId,
        'x-unit-id': demo.unitId,
      });
      expect(mixed.status).toBe(403);
    });

    it('asks for a unit when a unit-scoped call has none', async () => {
      const { status } = await call('getUnitOverview', await t.tokenFor('admin'), {
        'x-organization-id': demo.organizationId,
      });
      expect(status).toBe(403);
    });

    it('gives the dashboard the unit’s departments, members and the caller’s permissions', async () => {
      const { status, body } = await call('getUnitOverview', await t.tokenFor('financeiro'), {
        'x-organization-id': demo.organizationId,
        'x-unit-id': demo.unitId,
      });
      expect(status).toBe(200);
      const overview = body[0].result?.data as {
        departments: { name: string }[];
        members: { username: string }[];
        permissions: { all: boolean; granted: { name: string; label: string }[] };
      };
      expect(overview.departments.map((d) => d.name)).toEqual(['Compras', 'Financeiro']);
      expect(overview.members.map((m) => m.username).sort()).toEqual([
        'admin',
        'financeiro',
        'solicitante',
        'tesouraria',
      ]);
      expect(overview.permissions.all).toBe(false);
      expect(overview.permissions.granted).toContainEqual({ name: 'ler_contas_pagar', label: 'Ver contas a pagar' });
    });

    it('counts on the dashboard what a requester holds in a department of the unit', async () => {
      const { status, body } = await call('getUnitOverview', await t.tokenFor('solicitante'), {
        'x-organization-id': demo.organizationId,
        'x-unit-id': demo.unitId,
      });
      expect(status).toBe(200);
      const overview = body[0].result?.data as {
        permissions: { granted: unknown[]; departments: { name: string; granted: { name: string }[] }[] };
      };
      expect(overview.permissions.granted).toEqual([]);
      expect(overview.permissions.departments.map((d) => d.name)).toEqual(['Compras']);
      expect(overview.permissions.departments[0]?.granted.map((p) => p.name)).toEqual(
        expect.arrayContaining(['access_department', 'ler_pedidos_compra', 'ler_wkfl_solicitados']),
      );
    });

    it('records the access and its event in the caller’s organization', async () => {
      const { status } = await call(
        'recordAccess',
        await t.tokenFor('admin'),
        { 'x-organization-id': demo.organizationId, 'x-unit-id': demo.unitId },
        'POST',
      );
      expect(status).toBe(200);
      const events = await t.database.db
        .select()
        .from(eventLog)
        .where(eq(eventLog.organizationId, demo.organizationId));
      expect(events.map((e) => e.action)).toContain('tenant.access');
    });
  });

  describe('through a tRPC caller', () => {
    const callerFor = (accessToken: string | null, requested: { organizationId?: string; unitId?: string } = {}) =>
      tenantsRouter.createCaller({
        db: t.database.db,
        env: t.env,
        verifyAccessToken: createAccessTokenVerifier(t.database.db, t.env),
        loadMemberships,
        seedOrganization: seedRegistries,
        rateLimiter: new RateLimiter(rateLimitsOf(t.env)),
        requestId: 'test',
        ip: null,
        userAgent: null,
        accessToken,
        requested,
      });

    it('refuses a caller without a token', async () => {
      expect(await codeOf(callerFor(null).getUserAvailableTenants())).toBe('UNAUTHORIZED');
    });

    it('refuses another organization’s id and shows its own memberships only', async () => {
      const token = await t.tokenFor('outro');
      const foreign = callerFor(token, { organizationId: demo.organizationId, unitId: demo.unitId });
      expect(await codeOf(foreign.getUnitOverview())).toBe('FORBIDDEN');
      expect(await codeOf(foreign.recordAccess())).toBe('FORBIDDEN');
      const tenants = await callerFor(token).getUserAvailableTenants();
      expect(tenants.map((m) => m.organization.slug)).toEqual(['outra']);
    });

    it('refuses a department-level profile at the unit level', async () => {
      const token = await t.tokenFor('solicitante');
      const [mine] = await callerFor(token).getUserAvailableTenants();
      expect(mine?.profile.name).toBe('Solicitante');
      const filial = mine?.organization.units.find((u) => u.slug === 'filial-campinas');
      expect(
        await codeOf(callerFor(token, { organizationId: demo.organizationId, unitId: filial?.id }).getUnitOverview()),
      ).toBe('FORBIDDEN');
    });
  });

  it('every procedure of every router declares its access rule', async () => {
    const { routers } = await import('../../routers');
    for (const router of Object.values(routers)) {
      for (const [name, procedure] of Object.entries(router._def.procedures)) {
        const meta = (procedure as { _def: { meta?: { authz?: { scope?: string } } } })._def.meta;
        expect(meta?.authz?.scope, `${name} declares no authz`).toMatch(/^(user|organization|unit|department)$/);
      }
    }
    expect(Object.keys(tenantsRouter._def.procedures).length).toBeGreaterThan(0);
  });
});
