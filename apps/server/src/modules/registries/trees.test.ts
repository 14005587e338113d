import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { registryAccessTests } from '../../test/registry-access';

describe('classification and cost centre trees', () => {
  let d: DemoApp;
  let rootId = '';
  let costCentreId = '';

  beforeAll(async () => {
    d = await startDemoApp();
  });
  afterAll(() => d?.t.close());

  it('starts a new organization with a management income statement plan, coded by level', async () => {
    const caller = await d.as('financeiro', d.matriz);
    const { rows } = await caller.registries.classifications.list({ sort: 'code', pageSize: 100 });
    const roots = rows.filter((r) => r.parentId === null);
    expect(roots.map((r) => [r.code, r.name, r.nature])).toEqual([
      ['1', 'Receitas operacionais', 'income'],
      ['2', 'Deduções da receita', 'expense'],
      ['3', 'Custos', 'expense'],
      ['4', 'Despesas operacionais', 'expense'],
      ['5', 'Receitas financeiras', 'income'],
      ['6', 'Despesas financeiras', 'expense'],
      ['7', 'Investimentos', 'expense'],
      ['8', 'Impostos sobre o lucro', 'expense'],
    ]);
    expect(rows.find((r) => r.name === 'Energia elétrica')?.code).toBe('4.02.002');
    rootId = roots[0]?.id ?? '';
    costCentreId = (await caller.registries.costCentres.list({ sort: 'code' })).rows[0]?.id ?? '';
  });

  it('gives a new item the next code under its parent and keeps the parent’s nature', async () => {
    const admin = await d.as('admin', d.matriz);
    const expense = (await admin.registries.classifications.list({ search: 'Despesas administrativas' })).rows[0];
    const created = await admin.registries.classifications.create({
      parentId: expense?.id,
      name: 'Segurança patrimonial',
      nature: 'expense',
    });
    expect(created.code).toBe('4.02.009');
    const wrong = await messageOf(
      admin.registries.classifications.create({ parentId: expense?.id, name: 'Errada', nature: 'income' }),
    );
    expect(wrong).toBe(
      'A natureza deve ser a mesma da classificação superior (4.02 Despesas administrativas): Despesa.',
    );
    const root = await admin.registries.classifications.create({ name: 'Outras receitas', nature: 'income' });
    expect(root.code).toBe('9');
    const tenth = await admin.registries.classifications.create({ name: 'Décima', nature: 'income' });
    expect(tenth.code).toBe('10');
    const sorted = await admin.registries.classifications.list({ sort: 'code', direction: 'desc', pageSize: 1 });
    expect(sorted.rows[0]?.code).toBe('10');
  });

  it('moves a branch with its descendants, renumbering every code under the new parent', async () => {
    const admin = await d.as('admin', d.matriz);
    const list = async () => (await admin.registries.costCentres.list({ sort: 'code', pageSize: 100 })).rows;
    const [adm, com] = await list();
    const rh = await admin.registries.costCentres.create({ parentId: adm?.id, name: 'Recursos humanos' });
    const sel = await admin.registries.costCentres.create({ parentId: rh.id, name: 'Recrutamento' });
    expect([rh.code, sel.code]).toEqual(['1.01', '1.01.001']);
    await admin.registries.costCentres.create({ parentId: com?.id, name: 'Vendas' });

    await admin.registries.costCentres.update({ id: rh.id, version: rh.version, parentId: com?.id, name: 'RH' });
    const moved = await list();
    expect(moved.map((c) => `${c.code} ${c.name}`)).toEqual([
      '1 Administrativo',
      '2 Comercial',
      '2.01 Vendas',
      '2.02 RH',
      '2.02.001 Recrutamento',
      '3 Operações',
      '4 Financeiro',
    ]);
    const inside = await messageOf(
      admin.registries.costCentres.update({ id: com?.id ?? '', version: 1, parentId: sel.id, name: 'Comercial' }),
    );
    expect(inside).toBe('Não é possível mover um item para dentro do próprio ramo.');
    expect(await messageOf(admin.registries.costCentres.delete({ id: com?.id ?? '' }))).toBe(
      'Não é possível excluir: usado em 2 centros de custo abaixo dele. Desative-o para que não seja mais escolhido.',
    );
  });

  it('imports siblings from one file with the next codes in the file’s order', async () => {
    const admin = await d.as('admin', d.matriz);
    const taxes = (await admin.registries.classifications.list({ search: 'Impostos sobre o lucro' })).rows[0];
    const imported = await admin.registries.classifications.import({
      rows: [
        { parentId: taxes?.id, name: 'Adicional de IRPJ', nature: 'expense' },
        { parentId: taxes?.id, name: 'IRPJ de exercícios anteriores', nature: 'expense' },
      ],
    });
    expect(imported).toMatchObject({ imported: 2, problemCount: 0 });
    const under = await admin.registries.classifications.list({ search: '8.', sort: 'code', pageSize: 100 });
    expect(under.rows.filter((r) => r.parentId === taxes?.id).map((r) => `${r.code} ${r.name}`)).toEqual([
      '8.01 IRPJ',
      '8.02 CSLL',
      '8.03 Adicional de IRPJ',
      '8.04 IRPJ de exercícios anteriores',
    ]);
    const centres = await admin.registries.costCentres.import({ rows: [{ name: 'Logística' }, { name: 'Jurídico' }] });
    expect(centres).toMatchObject({ imported: 2, problemCount: 0 });
    const roots = (await admin.registries.costCentres.list({ sort: 'code', pageSize: 100 })).rows.filter(
      (r) => r.parentId === null,
    );
    expect(roots.slice(-2).map((r) => `${r.code} ${r.name}`)).toEqual(['5 Logística', '6 Jurídico']);
  });

  describe('who may call it', () => {
    registryAccessTests({
      registry: 'classifications',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: rootId }),
      create: { name: 'Intrusa', nature: 'income' },
      reader: 'financeiro',
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'costCentres',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: costCentreId }),
      create: { name: 'Intruso' },
      reader: 'financeiro',
      outsider: 'solicitante',
    });
  });
});
