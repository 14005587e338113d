// The demo organization's ids the benches write with, looked up once the demo is seeded.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { classifications, costCentres } from '../../apps/server/src/modules/registries/schema';
import { organizations, units } from '../../apps/server/src/modules/tenancy/schema';

export interface DemoIds {
  /** The demo organization and its Matriz unit. */
  organizationId: string;
  unitId: string;
  /** The demo's classification of the given name, and its "Administrativo" cost centre. */
  classificationId: string;
  costCentreId: string;
}

/** The seeded demo's organization, Matriz unit, the classification named `classification` and "Administrativo". */
export async function demoIds(db: Db, classification: string): Promise<DemoIds> {
  const [demo] = await db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const organizationId = demo?.id ?? '';
  const [matriz] = await db
    .select()
    .from(units)
    .where(and(eq(units.organizationId, organizationId), eq(units.slug, 'matriz')));
  const [found] = await db
    .select()
    .from(classifications)
    .where(and(eq(classifications.organizationId, organizationId), eq(classifications.name, classification)));
  const [centre] = await db
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.organizationId, organizationId), eq(costCentres.name, 'Administrativo')));
  if (!matriz || !found || !centre)
    throw new Error('seed the demo first: its Matriz, classification or cost centre is missing');
  return { organizationId, unitId: matriz.id, classificationId: found.id, costCentreId: centre.id };
}
