import { sql } from 'drizzle-orm';
import { can } from '@financeiro/core';
import { procedure, router } from '../../trpc/init';
import { ForbiddenError } from '../../errors';
import { organizationOf, unitOf } from '../../caller';
import { recordEvent } from '../audit';
import { getUserData } from '../identity';
import { lastAccess } from './schema';
import { getUnitOverview } from './unit-overview';
import { placeNames } from './place-names';
import { departmentsRouter } from './departments';
import { lastAccessRouter } from './last-access';
import { membersRouter } from './members';
import { organizationsRouter } from './organizations';
import { profilesRouter } from './profiles';
import { unitsRouter } from './units';

/** Mounted at /v1/tenants/. */
export const tenantsRouter = router({
  organizations: organizationsRouter,
  units: unitsRouter,
  departments: departmentsRouter,
  profiles: profilesRouter,
  members: membersRouter,
  lastAccess: lastAccessRouter,

  getUserAvailableTenants: procedure.meta({ authz: { scope: 'user' } }).query(({ ctx }) => ctx.memberships),

  getMe: procedure.meta({ authz: { scope: 'user' } }).query(({ ctx }) => getUserData(ctx.tx, ctx.user.userId)),

  getUnitOverview: procedure.meta({ authz: { scope: 'unit' } }).query(({ ctx }) =>
    getUnitOverview(ctx.tx, {
      organizationId: organizationOf(ctx),
      unitId: unitOf(ctx),
      callerMemberships: ctx.memberships,
    }),
  ),

  /** The web calls this when the user enters an organization, unit or department. */
  recordAccess: procedure.meta({ authz: { scope: 'organization' } }).mutation(async ({ ctx }) => {
    const organizationId = organizationOf(ctx);
    // The procedure's scope checked the organization only: the unit and department must be places the user sees in it.
    const place = { organizationId, unitId: ctx.requested.unitId, departmentId: ctx.requested.departmentId };
    if (!can(ctx.memberships, place)) {
      throw new ForbiddenError('Você não tem acesso a esta organização, unidade ou departamento.');
    }
    const values = {
      organizationId,
      userId: ctx.user.userId,
      unitId: place.unitId ?? null,
      departmentId: place.departmentId ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    };
    await ctx.tx
      .insert(lastAccess)
      .values(values)
      .onConflictDoUpdate({
        target: [lastAccess.organizationId, lastAccess.userId],
        set: {
          unitId: values.unitId,
          departmentId: values.departmentId,
          ip: values.ip,
          userAgent: values.userAgent,
          accessedAt: sql`now()`,
        },
      });
    await recordEvent(ctx.tx, {
      organizationId,
      actorUserId: ctx.user.userId,
      action: 'tenant.access',
      entity: 'organization',
      entityId: organizationId,
      after: placeNames(ctx.memberships, { unitId: values.unitId, departmentId: values.departmentId }),
      requestId: ctx.requestId,
      ip: ctx.ip,
    });
    return { ok: true as const };
  }),
});

export type TenantsRouter = typeof tenantsRouter;
