import { pgView } from 'drizzle-orm/pg-core';
import { users } from './schema';

/*
 * This module's rows as other modules read them (decision 0032): each view is created by the migration
 * 0044_module_views.sql over the table of the same name, with its reader's rights and row-level security.
 */

/** Who a person is and the account's state, never a secret: the columns the tenant role may read (decision 0012). */
export const usersView = pgView('users_view').as((qb) =>
  qb
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      phoneNumber: users.phoneNumber,
      picture: users.picture,
      locale: users.locale,
      status: users.status,
      organizationCreationEnabled: users.organizationCreationEnabled,
      mfaRequired: users.mfaRequired,
    })
    .from(users),
);
