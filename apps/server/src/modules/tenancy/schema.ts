import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ProfilePermissions } from '@financeiro/core';
import { users } from '../identity/schema';

const status = () =>
  text({ enum: ['active', 'inactive'] })
    .notNull()
    .default('active');
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: uuid().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    /** The organization's CNPJ (digits): an NF-e must be addressed to it, or to a branch with the same root. */
    cnpj: text(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [check('organizations_cnpj_check', sql`${t.cnpj} ~ '^[0-9]{14}$'`)],
);

export const units = pgTable(
  'units',
  {
    id: uuid().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    slug: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'units_pkey', columns: [t.organizationId, t.id] }),
    unique('units_org_slug_key').on(t.organizationId, t.slug),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: uuid().notNull(),
    organizationId: uuid().notNull(),
    unitId: uuid().notNull(),
    name: text().notNull(),
    slug: text().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    unique('departments_unit_slug_key').on(t.organizationId, t.unitId, t.slug),
    primaryKey({ name: 'departments_pkey', columns: [t.organizationId, t.id] }),
    index('departments_org_idx').on(t.organizationId),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    name: text().notNull(),
    description: text(),
    permissions: jsonb().$type<ProfilePermissions>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'profiles_pkey', columns: [t.organizationId, t.id] }),
    unique('profiles_org_name_key').on(t.organizationId, t.name),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid().notNull(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    profileId: uuid().notNull(),
    status: status(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'memberships_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.profileId], foreignColumns: [profiles.organizationId, profiles.id] }),
    unique('memberships_org_user_profile_key').on(t.organizationId, t.userId, t.profileId),
    index('memberships_user_idx').on(t.userId),
    index('memberships_org_profile_idx').on(t.organizationId, t.profileId),
  ],
);

/** The latest time each user entered each organization, and where. */
export const lastAccess = pgTable(
  'last_access',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    unitId: uuid(),
    departmentId: uuid(),
    accessedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    primaryKey({ name: 'last_access_pkey', columns: [t.organizationId, t.userId] }),
    index('last_access_org_time_idx').on(t.organizationId, t.accessedAt),
  ],
);

/**
 * The identity and tenant of a row: a UUIDv7 id and its organization. Each table declares its primary key as
 * (organization_id, id), so that rows are keyed by their organization (decision 0028).
 */
export const tenant = () => ({
  id: uuid().notNull(),
  organizationId: uuid()
    .notNull()
    .references(() => organizations.id),
});
