import { and, asc, eq } from 'drizzle-orm';
import {
  hasAnyAccess,
  PERMISSIONS,
  permissionLabel,
  permissionsAt,
  type Membership,
  type PermissionGrant,
  type PermissionName,
} from '@financeiro/core';
import type { Tx } from '../../db/client';
import { departments, memberships, profiles, units } from './schema';
import { usersView } from '../identity';

export interface UnitOverview {
  unit: { id: string; name: string };
  departments: { id: string; name: string; status: 'active' | 'inactive' }[];
  members: { userId: string; name: string | null; username: string; profile: string }[];
  /**
   * What the caller may do: `granted` at the unit itself ('*' there is `all`), and in `departments` what a department
   * of the unit adds to that (a requester's purchasing is granted in their department only).
   */
  permissions: {
    all: boolean;
    granted: PermissionEntry[];
    departments: { id: string; name: string; granted: PermissionEntry[] }[];
  };
}

interface PermissionEntry {
  name: string;
  label: string;
}

function entries(grant: PermissionGrant): PermissionEntry[] {
  const names = grant === '*' ? (Object.keys(PERMISSIONS) as PermissionName[]) : grant;
  return names.map((name) => ({ name, label: permissionLabel(name) }));
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
      userId: usersView.id,
      name: usersView.name,
      username: usersView.username,
      profile: profiles.name,
      permissions: profiles.permissions,
    })
    .from(memberships)
    .innerJoin(usersView, eq(usersView.id, memberships.userId))
    .innerJoin(profiles, eq(profiles.id, memberships.profileId))
    .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.status, 'active')))
    .orderBy(asc(usersView.name));
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
  const at = { organizationId: input.organizationId, unitId: input.unitId };
  const grant = permissionsAt(input.callerMemberships, at);
  const held = new Set(entries(grant).map((p) => p.name));
  const byDepartment = departmentRows
    .filter((d) => d.status === 'active')
    .map((d) => ({
      id: d.id,
      name: d.name,
      granted: entries(permissionsAt(input.callerMemberships, { ...at, departmentId: d.id })).filter(
        (p) => !held.has(p.name),
      ),
    }))
    .filter((d) => d.granted.length > 0);
  return {
    unit,
    departments: departmentRows,
    members,
    permissions: { all: grant === '*', granted: entries(grant), departments: byDepartment },
  };
}
