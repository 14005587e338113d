import { pgView } from 'drizzle-orm/pg-core';
import { departments, memberships, organizations, profiles, units } from './schema';

/*
 * This module's rows as other modules read them (decision 0032): each view is created by the migration
 * 0044_module_views.sql over the table of the same name, with its reader's rights and row-level security.
 */

export const organizationsView = pgView('organizations_view').as((qb) =>
  qb.select({ id: organizations.id, name: organizations.name, cnpj: organizations.cnpj }).from(organizations),
);

export const unitsView = pgView('units_view').as((qb) =>
  qb.select({ id: units.id, organizationId: units.organizationId, name: units.name }).from(units),
);

export const departmentsView = pgView('departments_view').as((qb) =>
  qb
    .select({
      id: departments.id,
      organizationId: departments.organizationId,
      unitId: departments.unitId,
      name: departments.name,
      status: departments.status,
    })
    .from(departments),
);

export const membershipsView = pgView('memberships_view').as((qb) =>
  qb
    .select({
      id: memberships.id,
      organizationId: memberships.organizationId,
      userId: memberships.userId,
      status: memberships.status,
    })
    .from(memberships),
);

export const profilesView = pgView('profiles_view').as((qb) =>
  qb.select({ id: profiles.id, organizationId: profiles.organizationId, name: profiles.name }).from(profiles),
);
