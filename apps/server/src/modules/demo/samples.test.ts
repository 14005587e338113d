import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contractSchedule, formatDocument, partyInput } from '@financeiro/core';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor } from '../../test/callers';
import { organizations, units } from '../tenancy/schema';
import { seedDemo } from './seed';

describe('the demo’s sample records (npm start)', () => {
  let t: TestApp;
  let as: ReturnType<typeof callersFor>;
  let matriz = { organizationId: '', unitId: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db, { samples: true });
    as = callersFor(t);
    const [demo] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [unit] = await t.database.db.select().from(units).where(eq(units.slug, 'matriz'));
    matriz = { organizationId: demo?.id ?? '', unitId: unit?.id ?? '' };
  });
  afterAll(() => t?.close());

  it('show on every screen, and each party passes the rules a person’s input must', async () => {
    const caller = await as('admin', matriz);
    const suppliers = (await caller.registries.suppliers.list({})).rows;
    expect(suppliers.map((s) => s.tradeName)).toEqual(['Horizonte Imóveis', 'Papelaria Central', 'Rota Sul']);
    expect((await caller.registries.customers.list({})).rows.map((c) => c.tradeName)).toEqual([
      'Bom Preço',
      'Rota Sul',
    ]);
    for (const party of [...suppliers, ...(await caller.registries.partners.list({})).rows]) {
      const parsed = partyInput.safeParse({ ...party, document: formatDocument(party.document) });
      expect(parsed.success, party.name).toBe(true);
    }
    const [contract] = (await caller.registries.contracts.list({})).rows;
    expect(contract && contractSchedule(contract)).toHaveLength(24);
    expect((await caller.registries.accounts.list({})).total).toBe(3);
    const [centre] = (await caller.registries.purchasingCentres.list({})).rows;
    expect(centre?.approvers.map((a) => a.limit)).toEqual([500_000, 5_000_000]);
    const [template] = (await caller.registries.apportionmentTemplates.list({})).rows;
    expect(template?.lines.reduce((sum, l) => sum + l.share, 0)).toBe(10_000);
  });
});
