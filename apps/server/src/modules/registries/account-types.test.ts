import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { registryAccessTests } from '../../test/registry-access';

describe('account types registry', () => {
  let d: DemoApp;
  let checkingId = '';

  beforeAll(async () => {
    d = await startDemoApp();
    const { rows } = await (await d.as('admin', d.matriz)).registries.accountTypes.list({ search: 'corrente' });
    checkingId = rows[0]?.id ?? '';
  });
  afterAll(() => d?.t.close());

  it('starts with one type of each kind, in pt-BR', async () => {
    const { rows } = await (await d.as('admin', d.matriz)).registries.accountTypes.list({ sort: 'name' });
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
    const admin = await d.as('admin', d.matriz);
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
        as: d.as,
        here: d.matriz,
        elsewhere: d.elsewhere,
        recordId: checkingId,
      }),
      create: { name: 'Intruso', kind: 'cash' },
      outsider: 'financeiro',
    });
  });
});
