import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor, codeOf } from '../../test/callers';
import { seedOtherOrganization } from '../../test/other-organization';
import { logsRouter } from '../logs';
import { seedDemo } from '../demo';
import { users } from '../identity/schema';
import { tenantsRouter } from './router';
import { departments, memberships, organizations, profiles, units } from './schema';

interface DemoIds {
  organizationId: string;
  unitId: string;
  departmentId: string;
  profileId: string;
  membershipId: string;
}

interface Case {
  /** The procedure's path below its router (tenants or logs). */
  path: string;
  router: 'tenants' | 'logs';
  scope: 'organization' | 'unit';
  kind: 'query' | 'mutation';
  /** Input naming demo's records where the procedure takes ids. */
  input: (demo: DemoIds) => unknown;
  /** The input carries demo ids: under the caller's own organization the call must find nothing. */
  namesRecords?: boolean;
}

const uuid = '00000000-0000-7000-8000-000000000000';
const period = { from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date().toISOString() };

/** Every administration procedure that works inside a selected organization, with an input for it. */
const CASES: Case[] = [
  { path: 'units.list', router: 'tenants', scope: 'organization', kind: 'query', input: () => undefined },
  {
    path: 'units.create',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: () => ({ name: 'Nova', slug: 'nova' }),
  },
  {
    path: 'units.update',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.unitId, name: 'Tomada', slug: 'tomada' }),
    namesRecords: true,
  },
  {
    path: 'units.setStatus',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.unitId, status: 'inactive' }),
    namesRecords: true,
  },
  { path: 'departments.list', router: 'tenants', scope: 'unit', kind: 'query', input: () => undefined },
  {
    path: 'departments.create',
    router: 'tenants',
    scope: 'unit',
    kind: 'mutation',
    input: () => ({ name: 'Novo', slug: 'novo' }),
  },
  {
    path: 'departments.update',
    router: 'tenants',
    scope: 'unit',
    kind: 'mutation',
    input: (d) => ({ id: d.departmentId, name: 'Tomado', slug: 'tomado' }),
    namesRecords: true,
  },
  {
    path: 'departments.setStatus',
    router: 'tenants',
    scope: 'unit',
    kind: 'mutation',
    input: (d) => ({ id: d.departmentId, status: 'inactive' }),
    namesRecords: true,
  },
  { path: 'profiles.list', router: 'tenants', scope: 'organization', kind: 'query', input: () => undefined },
  {
    path: 'profiles.create',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: () => ({ name: 'Novo perfil', description: null, permissions: {} }),
  },
  {
    path: 'profiles.update',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.profileId, name: 'Tomado', description: null, permissions: {} }),
    namesRecords: true,
  },
  {
    path: 'profiles.delete',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.profileId }),
    namesRecords: true,
  },
  { path: 'members.list', router: 'tenants', scope: 'organization', kind: 'query', input: () => ({}) },
  {
    path: 'members.invite',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ email: 'intruso@example.com', name: 'Intruso', profileId: d.profileId }),
    namesRecords: true,
  },
  {
    path: 'members.changeProfile',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.membershipId, profileId: d.profileId }),
    namesRecords: true,
  },
  {
    path: 'members.setStatus',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.membershipId, status: 'inactive' }),
    namesRecords: true,
  },
  {
    path: 'members.remove',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ id: d.membershipId }),
    namesRecords: true,
  },
  {
    path: 'members.setMfaRequired',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ membershipId: d.membershipId, required: true }),
    namesRecords: true,
  },
  {
    path: 'members.setPassword',
    router: 'tenants',
    scope: 'organization',
    kind: 'mutation',
    input: (d) => ({ membershipId: d.membershipId, password: 'Tomada#2026' }),
    namesRecords: true,
  },
  { path: 'lastAccess.list', router: 'tenants', scope: 'organization', kind: 'query', input: () => ({}) },
  { path: 'events.list', router: 'logs', scope: 'organization', kind: 'query', input: () => ({}) },
  { path: 'events.export', router: 'logs', scope: 'organization', kind: 'query', input: () => ({}) },
  { path: 'events.facets', router: 'logs', scope: 'organization', kind: 'query', input: () => undefined },
  { path: 'events.dashboard', router: 'logs', scope: 'organization', kind: 'query', input: () => period },
];

/** Procedures outside the matrix, each with the reason and the test that covers it. */
const ELSEWHERE: Record<string, string> = {
  getUserAvailableTenants: 'user scope, the caller’s own memberships (tenancy.test.ts)',
  getMe: 'user scope, the caller’s own data (tenancy.test.ts)',
  getUnitOverview: 'tenancy.test.ts',
  recordAccess: 'tenancy.test.ts',
  'organizations.list': 'user scope (admin.test.ts)',
  'organizations.create': 'user scope (admin.test.ts)',
  'organizations.update': 'user scope, cross-tenant case in admin.test.ts',
};

type Callers = Awaited<ReturnType<ReturnType<typeof callersFor>>>;

function invoke(callers: Callers, c: Case, input: unknown): Promise<unknown> {
  let target: unknown = callers[c.router];
  for (const key of c.path.split('.')) target = (target as Record<string, unknown>)[key];
  return (target as (input: unknown) => Promise<unknown>)(input);
}

describe('administration: every procedure keeps organizations apart and checks the profile', () => {
  let t: TestApp;
  let as: ReturnType<typeof callersFor>;
  let demo: DemoIds;
  let other: Awaited<ReturnType<typeof seedOtherOrganization>>;
  let snapshot: string;

  /** Everything of Demo a cross-tenant call could have touched. */
  async function demoState(): Promise<string> {
    const db = t.database.db;
    const org = eq(organizations.id, demo.organizationId);
    return JSON.stringify({
      organization: await db.select().from(organizations).where(org),
      units: await db.select().from(units).where(eq(units.organizationId, demo.organizationId)).orderBy(units.id),
      departments: await db
        .select()
        .from(departments)
        .where(eq(departments.organizationId, demo.organizationId))
        .orderBy(departments.id),
      profiles: await db
        .select()
        .from(profiles)
        .where(eq(profiles.organizationId, demo.organizationId))
        .orderBy(profiles.id),
      memberships: await db
        .select()
        .from(memberships)
        .where(eq(memberships.organizationId, demo.organizationId))
        .orderBy(memberships.id),
      accounts: await db
        .select({ v: users.srpVerifier, s: users.status, mfa: users.mfaRequired })
        .from(users)
        .orderBy(users.id),
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db);
    other = await seedOtherOrganization(t);
    as = callersFor(t);
    const db = t.database.db;
    const [org] = await db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const organizationId = org?.id ?? '';
    const [unit] = await db
      .select()
      .from(units)
      .where(and(eq(units.organizationId, organizationId), eq(units.slug, 'matriz')));
    const [department] = await db
      .select()
      .from(departments)
      .where(eq(departments.unitId, unit?.id ?? ''));
    const [profile] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.organizationId, organizationId), eq(profiles.name, 'Financeiro')));
    const [member] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.username, 'solicitante'));
    demo = {
      organizationId,
      unitId: unit?.id ?? uuid,
      departmentId: department?.id ?? uuid,
      profileId: profile?.id ?? uuid,
      membershipId: member?.id ?? uuid,
    };
    snapshot = await demoState();
  });
  afterAll(() => t?.close());

  const demoSelection = (c: Case) =>
    c.scope === 'unit'
      ? { organizationId: demo.organizationId, unitId: demo.unitId }
      : { organizationId: demo.organizationId };

  it('lists every administration procedure in the matrix or says where it is tested', () => {
    const covered = new Set([
      ...CASES.map((c) => `${c.router}:${c.path}`),
      ...Object.keys(ELSEWHERE).map((p) => `tenants:${p}`),
    ]);
    const all = [
      ...Object.keys(tenantsRouter._def.procedures).map((p) => `tenants:${p}`),
      ...Object.keys(logsRouter._def.procedures).map((p) => `logs:${p}`),
    ];
    expect(all.filter((p) => !covered.has(p))).toEqual([]);
  });

  describe.each(CASES)('$router.$path', (c) => {
    it('refuses a member of another organization who selects this one', async () => {
      expect(await codeOf(invoke(await as('outro', demoSelection(c)), c, c.input(demo)))).toBe('FORBIDDEN');
    });

    it('refuses a member whose profile lacks the permission', async () => {
      expect(await codeOf(invoke(await as('solicitante', demoSelection(c)), c, c.input(demo)))).toBe('FORBIDDEN');
    });

    it('under the caller’s own organization, never reaches this organization’s records', async () => {
      const own =
        c.scope === 'unit'
          ? { organizationId: other.organizationId, unitId: other.unitId }
          : { organizationId: other.organizationId };
      const result = invoke(await as('outro', own), c, c.input(demo));
      if (c.namesRecords) {
        expect(await codeOf(result)).toBe('NOT_FOUND');
      } else {
        const seen = JSON.stringify(await result);
        for (const foreign of ['Matriz', 'Financeiro', 'solicitante', demo.organizationId]) {
          expect(seen).not.toContain(foreign);
        }
      }
    });
  });

  it('left Demo exactly as it was', async () => {
    expect(await demoState()).toBe(snapshot);
  });
});
