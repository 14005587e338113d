import { and, eq, inArray } from 'drizzle-orm';
import type { Membership } from '@financeiro/core';
import type { DbOrTx } from '../../db/client';
import { departments, memberships, organizations, profiles, units } from './schema';

/**
 * The user's active memberships with their profile and the organization's units and departments, in the shape the
 * web and the authorization engine share. Three queries whatever the number of organizations.
 */
export async function loadMemberships(tx: DbOrTx, userId: string): Promise<Membership[]> {
  const rows = await tx
    .select({ membership: memberships, profile: profiles, organization: organizations })
    .from(memberships)
    .innerJoin(profiles, eq(profiles.id, memberships.profileId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(organizations.name);
  if (rows.length === 0) return [];
  const organizationIds = [...new Set(rows.map((r) => r.organization.id))];
  const unitRows = await tx
    .select()
    .from(units)
    .where(inArray(units.organizationId, organizationIds))
    .orderBy(units.name);
  const departmentRows = await tx
    .select()
    .from(departments)
    .where(inArray(departments.organizationId, organizationIds))
    .orderBy(departments.name);
  return rows.map(({ membership, profile, organization }) => ({
    id: membership.id,
    profile: { id: profile.id, name: profile.name, permissions: profile.permissions },
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      status: organization.status,
      units: unitRows
        .filter((u) => u.organizationId === organization.id)
        .map((u) => ({
          id: u.id,
          name: u.name,
          slug: u.slug,
          status: u.status,
          departments: departmentRows
            .filter((d) => d.unitId === u.id)
            .map((d) => ({ id: d.id, name: d.name, slug: d.slug, status: d.status })),
        })),
    },
  }));
}
