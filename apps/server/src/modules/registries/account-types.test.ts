import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor, messageOf } from '../../test/callers';
import { seedOtherOrganization } from '../../test/other-organization';
import { registryAccessTests } from '../../test/registry-access';
import { seedDemo } from '../demo/seed';
import { organizations, units } from '../tenancy/schema';

describe('account types registry', () => {
  let t: TestApp;
  let as: ReturnType<typeof callersFor>;
  let matriz: { organizationId: string; unitId: string };
  let other: Awaited<ReturnType<typeof seedOtherOrganization>>;
  let checkingId = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db);
    other = await seedOtherOrganization(t);
    as = callersFor(t);
    const [demo] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [unit] = await t.database.db.select().from(units).where(eq(units.slug, 'matriz'));
    matriz = { organizationId: demo?.id ?? '', unitId: unit?.id ?? '' };
    const { rows } = await (await as('admin', matriz)).registries.accountTypes.list({ search: 'corrente' });
    checkingId = rows[0]?.id ?? '';
  });
  afterAll(() => t?.close());

  it('starts with one type of each kind, in pt-BR', async () => {
    const { rows } = await (await as('admin', matriz)).registries.accountTypes.list({ sort: 'name' });
    expect(rows.map((r) => [r.name, r.kind])).toEqual([
      ['Caixa', 'cash'],
      ['Cartão de crédito', 'credit_card'],
      ['Carteira digital', 'digital_wallet'],
      ['Conta corrente', 'checking'],
      ['Investimento', 'investment'],
      ['Poupança', 'savings'],
    ]);
  });

  it('refuses a repeated name and an unknown kind with pt-BR messages', async () => {
    const admin = await as('admin', matriz);
    expect(await messageOf(admin.registries.accountTypes.create({ name: 'Caixa', kind: 'cash' }))).toBe(
      'Já existe um tipo de conta com este nome.',
    );
    const bad = admin.registries.accountTypes.create({ name: 'Cripto', kind: 'crypto' as 'cash' });
    expect(await messageOf(bad)).toContain('Escolha a natureza da conta.');
    expect((await admin.registries.accountTypes.create({ name: 'Caixa pequeno', kind: 'cash' })).kind).toBe('cash');
  });

  describe('who may call it', () => {
    registryAccessTests({
      registry: 'accountTypes',
      context: () => ({
        as,
        here: matriz,
        elsewhere: { organizationId: other.organizationId, unitId: other.unitId },
        recordId: checkingId,
      }),
      create: { name: 'Intruso', kind: 'cash' },
      outsider: 'financeiro',
    });
  });
});
