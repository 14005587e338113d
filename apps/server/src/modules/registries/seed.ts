import type { DbOrTx } from '../../db/client';
import { seedAccountTypes } from './account-types';
import { seedBanks } from './banks';
import { seedParameters } from './parameters';
import { seedClassifications, seedCostCentres } from './trees';

/** What every new organization's registries start with. */
export async function seedRegistries(tx: DbOrTx, organizationId: string): Promise<void> {
  await seedBanks(tx, organizationId);
  await seedAccountTypes(tx, organizationId);
  await seedClassifications(tx, organizationId);
  await seedCostCentres(tx, organizationId);
  await seedParameters(tx, organizationId);
}
