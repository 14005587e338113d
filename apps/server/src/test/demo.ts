import { eq } from 'drizzle-orm';
import { seedDemo } from '../modules/demo';
import { organizations, units } from '../modules/tenancy/schema';
import { createTestApp } from './app';
import { callersFor } from './callers';
import { seedOtherOrganization } from './other-organization';

/**
 * A test app with the demo organization and a second one ("Outra", administered by "outro"), callers that act as a
 * chosen user, and the selections that point at Demo and at its Matriz unit. `settings` are environment variables.
 */
export async function startDemoApp(settings: Record<string, string> = {}) {
  const t = await createTestApp(settings);
  await seedDemo(t.database.db);
  const other = await seedOtherOrganization(t);
  const [demo] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const [unit] = await t.database.db.select().from(units).where(eq(units.slug, 'matriz'));
  const organizationId = demo?.id ?? '';
  return {
    t,
    as: callersFor(t),
    other,
    org: { organizationId },
    matriz: { organizationId, unitId: unit?.id ?? '' },
    /** Other's organization with its unit selected. */
    elsewhere: { organizationId: other.organizationId, unitId: other.unitId },
  };
}

export type DemoApp = Awaited<ReturnType<typeof startDemoApp>>;
