import { pgView } from 'drizzle-orm/pg-core';
import { departments, memberships, organizations, profiles, units } from './schema';

/*
 * This module's rows as other modules read them (decision 0032): each view is created by the migration
 * 0044_module_views.sql over the table of the same name, with its reader's rights and row-level security.
 */

export const organizationsView = pgView('organizations_view').as((qb) => qb.select().from(organizations));

export const unitsView = pgView('units_view').as((qb) => qb.select().from(units));

export const departmentsView = pgView('departments_view').as((qb) => qb.select().from(departments));

export const membershipsView = pgView('memberships_view').as((qb) => qb.select().from(memberships));

export const profilesView = pgView('profiles_view').as((qb) => qb.select().from(profiles));
