import { and, asc, eq } from 'drizzle-orm';
import {
  hasAnyAccess,
  PERMISSIONS,
  permissionLabel,
  permissionsAt,
  type Membership,
  type PermissionName,
} from '@financeiro/core';
import type { Tx } from '../../db/client';
import { users } from '../identity/schema';
import { departments, memberships, profiles, units } from './schema';

export interface UnitOverview {
  unit: { id: string; name: string };
  departments: { id: string; name: string; status: 'active' | 'inactive' }[];
  members: { userId: string; name: string | null; username: string; profile: string }[];
  permissions: { all: boolean; granted: { name: string; label: string }[] };
}

/** The dashboard's facts about one unit: its departments, who can work in it, and what the caller may do there. */
export async function getUnitOverview(
  tx: Tx,
  input: { organizationId: string; unitId: string; callerMemberships: Membership[] },
): Promise<UnitOverview> {
  const [unit] = await tx.select({ id: units.id, name: units.name }).from(units).where(eq(units.id, input.unitId));
  if (!unit) throw new Error('unit not found');
  const departmentRows = await tx
    .select({ id: departments.id, name: departments.name, status: departments.status })
    .from(departments)
    .where(eq(departments.unitId, input.unitId))
    .orderBy(asc(departments.name));
  const memberRows = await tx
    .select({
      userId: users.id,
      name: users.name,
      username: users.username,
      profile: profiles.name,
      permissions: profiles.permissions,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(profiles, eq(profiles.id, memberships.profileId))
    .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.status, 'active')))
    .orderBy(asc(users.name));
  const members = memberRows
    .filter((m) =>
      hasAnyAccess(
        {
          id: m.userId,
          profile: { id: '', name: m.profile, permissions: m.permissions },
          organization: { id: '', name: '', slug: '', status: 'active', units: [] },
        },
        { unitId: input.unitId },
      ),
    )
    .map(({ userId, name, username, profile }) => ({ userId, name, username, profile }));
  const grant = permissionsAt(input.callerMemberships, { organizationId: input.organizationId, unitId: input.unitId });
  const names = grant === '*' ? (Object.keys(PERMISSIONS) as PermissionName[]) : grant;
  return {
    unit,
    departments: departmentRows,
    members,
    permissions: { all: grant === '*', granted: names.map((name) => ({ name, label: permissionLabel(name) })) },
  };
}
