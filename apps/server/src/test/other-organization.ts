import { v7 as uuidv7 } from 'uuid';
import { createConfirmedUser } from '../modules/identity';
import { departments, memberships, organizations, profiles, units } from '../modules/tenancy/schema';
import type { TestApp } from './app';

/** A second organization, "Outra", with one unit and one user ("outro") who administers it. */
export async function seedOtherOrganization(t: TestApp) {
  const db = t.database.db;
  const organizationId = uuidv7();
  const unitId = uuidv7();
  const departmentId = uuidv7();
  const profileId = uuidv7();
  await db.insert(organizations).values({ id: organizationId, name: 'Outra', slug: 'outra' });
  await db.insert(units).values({ id: unitId, organizationId, name: 'Sede Outra', slug: 'sede' });
  await db.insert(departments).values({ id: departmentId, organizationId, unitId, name: 'Vendas', slug: 'vendas' });
  await db
    .insert(profiles)
    .values({ id: profileId, organizationId, name: 'Administrador', permissions: { organization: '*' } });
  const user = await createConfirmedUser(db, {
    username: 'outro',
    password: 'Senha#Forte1',
    name: 'Otávio',
    email: 'outro@example.com',
  });
  await db.insert(memberships).values({ id: uuidv7(), organizationId, userId: user.id, profileId });
  return { organizationId, unitId, departmentId, profileId, userId: user.id };
}
