import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { registryAccessTests } from '../../test/registry-access';

describe('accounts and parameters', () => {
  let d: DemoApp;
  const ids = {
    accountType: '',
    bank: '',
    account: '',
    costCentres: [] as string[],
    classification: '',
    template: '',
    tax: '',
    method: '',
    split: '',
    product: '',
  };

  beforeAll(async () => {
    d = await startDemoApp();
    const admin = await d.as('admin', d.matriz);
    ids.accountType = (await admin.registries.accountTypes.list({ search: 'Conta corrente' })).rows[0]?.id ?? '';
    ids.bank = (await admin.registries.banks.list({ search: 'Itaú' })).rows[0]?.id ?? '';
    ids.costCentres = (await admin.registries.costCentres.list({ sort: 'code' })).rows.map((r) => r.id);
    ids.classification = (await admin.registries.classifications.list({ search: 'Aluguel' })).rows[0]?.id ?? '';
  });
  afterAll(() => d?.t.close());

  it('keeps accounts with type, bank, opening balance in centavos and the units allowed to use them', async () => {
    const admin = await d.as('admin', d.org);
    const account = {
      name: 'Itaú movimento',
      accountTypeId: ids.accountType,
      bankId: ids.bank,
      branch: '0001',
      number: '12345-6',
      openingBalance: -123_456,
      openingDate: '01/11/2026',
      unitIds: [d.matriz.unitId],
    };
    const created = await admin.registries.accounts.create(account);
    ids.account = created.id;
    expect(created).toMatchObject({ openingBalance: -123456, openingDate: '2026-11-01', unitIds: [d.matriz.unitId] });
    expect(await messageOf(admin.registries.accounts.create({ ...account, name: 'Outra', unitIds: [] }))).toContain(
      'Escolha ao menos uma unidade que pode usar a conta.',
    );
    const foreignUnit = { ...account, name: 'Outra', unitIds: [d.elsewhere.unitId] };
    expect(await messageOf(admin.registries.accounts.create(foreignUnit))).toBe(
      'Unidade não encontrada nesta organização.',
    );
    const inUnit = await d.as('admin', d.matriz);
    expect(await messageOf(inUnit.registries.banks.delete({ id: ids.bank }))).toBe(
      'Não é possível excluir: usado em 1 conta. Desative-o para que não seja mais escolhido.',
    );
  });

  it('takes rates as percentages and payment methods with a default account of the organization', async () => {
    const admin = await d.as('admin', d.matriz);
    const taxes = (await admin.registries.taxTypes.list({ sort: 'name' })).rows.map((t) => [
      t.name,
      t.rate,
      t.withheld,
    ]);
    expect(taxes).toContainEqual(['IRRF', 150, true]);
    const iss = await admin.registries.taxTypes.create({
      name: 'ISS Campinas',
      kind: 'ISS',
      rate: '2,5%',
      withheld: 'Sim',
    });
    expect(iss).toMatchObject({ rate: 250, withheld: true });
    ids.tax = iss.id;
    expect(
      await messageOf(admin.registries.taxTypes.create({ name: 'X', kind: 'ISS', rate: '120', withheld: false })),
    ).toContain('Percentual inválido');
    const pix = (await admin.registries.paymentMethods.list({ search: 'PIX' })).rows[0];
    const updated = await admin.registries.paymentMethods.update({
      id: pix?.id ?? '',
      version: pix?.version ?? 0,
      name: 'PIX',
      kind: 'pix',
      defaultAccountId: ids.account,
      daysToClear: 0,
    });
    expect(updated.defaultAccountId).toBe(ids.account);
    ids.method = updated.id;
    expect(await messageOf(admin.registries.accounts.delete({ id: ids.account }))).toContain('1 método de pagamento');
  });

  it('keeps an apportionment template only when its shares add up to exactly 100%', async () => {
    const admin = await d.as('admin', d.org);
    const [a = '', b = '', c = ''] = ids.costCentres;
    const line = (costCentreId: string, share: string) => ({
      costCentreId,
      classificationId: ids.classification,
      share,
    });
    const short = { name: 'Aluguel da sede', lines: [line(a, '33,33'), line(b, '33,33'), line(c, '33,33')] };
    expect(await messageOf(admin.registries.apportionmentTemplates.create(short))).toContain(
      'A soma dos percentuais deve ser exatamente 100%; hoje é 99,99%.',
    );
    const exact = { name: 'Aluguel da sede', lines: [line(a, '33,34'), line(b, '33,33'), line(c, '33,33')] };
    const template = await admin.registries.apportionmentTemplates.create(exact);
    ids.template = template.id;
    expect(template.lines.map((l) => l.share)).toEqual([3334, 3333, 3333]);
    const inUnit = await d.as('admin', d.matriz);
    expect(await messageOf(inUnit.registries.costCentres.delete({ id: a }))).toContain('1 rateio padrão');
  });

  it('keeps a revenue split at or below 100%, and products with code, unit and price', async () => {
    const admin = await d.as('admin', d.matriz);
    const partner = await admin.registries.partners.create({
      roles: ['partner'],
      personType: 'PF',
      document: '111.444.777-35',
      name: 'Paula Parceira',
    });
    const over = {
      name: 'Comissão',
      coverage: 'classification' as const,
      classificationId: ids.classification,
      partners: [{ partyId: partner.id, share: '100,01' }],
    };
    expect(await messageOf(admin.registries.splitConfigs.create(over))).toContain('Percentual inválido');
    const split = await admin.registries.splitConfigs.create({
      name: 'Comissão',
      coverage: 'classification',
      classificationId: ids.classification,
      partners: [{ partyId: partner.id, share: '30' }],
    });
    expect(split.partners).toEqual([{ partyId: partner.id, share: 3000 }]);
    ids.split = split.id;
    expect(await messageOf(admin.registries.partners.delete({ id: partner.id }))).toContain('1 divisão de receitas');

    const product = await admin.registries.products.create({
      code: 'srv-01',
      name: 'Consultoria',
      unit: 'H',
      classificationId: ids.classification,
      price: 25_000,
    });
    expect(product).toMatchObject({ code: 'SRV-01', price: 25_000 });
    ids.product = product.id;
    expect(
      await messageOf(admin.registries.products.create({ code: 'x', name: 'Y', unit: 'UN', price: -100 })),
    ).toContain('O valor não pode ser negativo.');
  });

  it('imports the values a form saves: money, dates, lists of units and apportionment lines', async () => {
    const admin = await d.as('admin', d.org);
    const [a = '', b = ''] = ids.costCentres;
    const account = await admin.registries.accounts.get({ id: ids.account });
    const template = await admin.registries.apportionmentTemplates.get({ id: ids.template });
    const lines = [
      { costCentreId: a, classificationId: ids.classification, share: '60' },
      { costCentreId: b, classificationId: ids.classification, share: '40' },
    ];
    expect(
      await admin.registries.accounts.import({
        rows: [{ ...account, name: 'Importada', openingBalance: -123_456, openingDate: '01/11/2026' }],
      }),
    ).toMatchObject({ imported: 1 });
    expect(
      await admin.registries.apportionmentTemplates.import({ rows: [{ name: 'Importado', lines }] }),
    ).toMatchObject({ imported: 1 });

    const [imported] = (await admin.registries.accounts.list({ search: 'Importada' })).rows;
    const same = ({ id: _id, name: _name, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
    expect(same(imported ?? {})).toEqual(same(account));
    const [importedTemplate] = (await admin.registries.apportionmentTemplates.list({ search: 'Importado' })).rows;
    expect(importedTemplate?.lines).toEqual([
      { costCentreId: a, classificationId: ids.classification, share: 6000 },
      { costCentreId: b, classificationId: ids.classification, share: 4000 },
    ]);
    expect(Object.keys(importedTemplate ?? {}).sort()).toEqual(Object.keys(template).sort());
  });

  describe('who may call it', () => {
    registryAccessTests({
      registry: 'accounts',
      context: () => ({
        as: d.as,
        here: d.org,
        elsewhere: { organizationId: d.elsewhere.organizationId },
        recordId: ids.account,
      }),
      create: () => ({
        name: 'Intrusa',
        accountTypeId: ids.accountType,
        openingBalance: 0,
        openingDate: '2026-01-01',
        unitIds: [d.matriz.unitId],
      }),
      reader: 'financeiro',
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'apportionmentTemplates',
      context: () => ({
        as: d.as,
        here: d.org,
        elsewhere: { organizationId: d.elsewhere.organizationId },
        recordId: ids.template,
      }),
      create: () => ({
        name: 'Intruso',
        lines: [{ costCentreId: ids.costCentres[0], classificationId: ids.classification, share: 10_000 }],
      }),
      reader: 'financeiro',
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'taxTypes',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: ids.tax }),
      create: { name: 'Intruso', kind: 'custom', rate: 100, withheld: false },
      outsider: 'financeiro',
    });
    registryAccessTests({
      registry: 'paymentMethods',
      context: () => ({
        as: d.as,
        here: d.org,
        elsewhere: { organizationId: d.elsewhere.organizationId },
        recordId: ids.method,
      }),
      create: { name: 'Intruso', kind: 'pix', daysToClear: 0 },
      reader: 'financeiro',
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'splitConfigs',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: ids.split }),
      create: () => ({
        name: 'Intruso',
        coverage: 'party',
        coveredPartyId: ids.bank,
        partners: [{ partyId: ids.bank, share: 100 }],
      }),
      outsider: 'solicitante',
    });
    registryAccessTests({
      registry: 'products',
      context: () => ({ as: d.as, here: d.matriz, elsewhere: d.elsewhere, recordId: ids.product }),
      create: { code: 'INTRUSO', name: 'Intruso', unit: 'UN', price: 0 },
      reader: 'financeiro',
      outsider: 'solicitante',
    });
  });
});
