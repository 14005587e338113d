import { v7 as uuidv7 } from 'uuid';
import type { PermissionName } from '@financeiro/core';
import type { Db } from '../db/client';
import { createConfirmedUser } from '../modules/identity';
import { memberships, profiles } from '../modules/tenancy/schema';

/** A new member of the selection's organization whose profile holds exactly `permissions` in its unit. */
export async function memberWith(
  db: Db,
  at: { organizationId: string; unitId: string },
  username: string,
  permissions: PermissionName[],
): Promise<void> {
  const profileId = uuidv7();
  await db.insert(profiles).values({
    id: profileId,
    organizationId: at.organizationId,
    name: `Perfil ${username}`,
    permissions: { [`unit:${at.unitId}`]: ['access_unit', ...permissions] },
  });
  const user = await createConfirmedUser(db, {
    username,
    password: 'Senha#Forte1',
    name: username,
    email: `${username}@example.com`,
  });
  await db.insert(memberships).values({ id: uuidv7(), organizationId: at.organizationId, userId: user.id, profileId });
}
