import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { DocumentCreateInput, FlowsReport, FlowsReportInput } from '@financeiro/core';
import { createConfirmedUser } from '../identity';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberships, profiles } from '../tenancy/schema';
import { newParty, type Callers } from '../../test/ledger-fixtures';

/** A node's months, total and previous total, by name. */
const byName = (report: FlowsReport) =>
  Object.fromEntries(
    report.nodes.map((n) => [n.name, { months: n.months, total: n.total, previous: n.previousTotal }]),
  );

describe('reports: inflows and outflows', () => {
  let d: DemoApp;
  /** Outra's administrator, at its unit: a book of their own, with figures known to the centavo. */
  let outro: Callers;
  const ids = {
    customer: '',
    supplier: '',
    receitas: '',
    vendas: '',
    servicos: '',
    despesas: '',
    aluguel: '',
    loja: '',
    escritorio: '',
    account: '',
    account2: '',
    secondPayment: '',
  };
  const period = { from: '2025-01-01', to: '2025-03-01' } as const;
  const flows = (input: Partial<FlowsReportInput> = {}) =>
    outro.reports.flows({ direction: 'in', ...period, ...input });

  const receivable = (overrides: Partial<DocumentCreateInput>): DocumentCreateInput => ({
    kind: 'receivable',
    partyId: ids.customer,
    description: 'Venda do relatório',
    documentType: 'outros',
    issueDate: '2025-01-05',
    competence: '01/2025',
    grossAmount: 100_000,
    lines: [
      { classificationId: ids.vendas, costCentreId: ids.loja, share: 3_333 },
      { classificationId: ids.servicos, costCentreId: ids.escritorio, share: 6_667 },
    ],
    installments: [
      { dueDate: '2025-01-20', amount: 50_000 },
      { dueDate: '2025-02-20', amount: 50_000 },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    d = await startDemoApp();
    outro = await d.as('outro', d.elsewhere);
    ids.customer = await newParty(outro, {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Carla Cliente',
    });
    ids.supplier = await newParty(outro, { roles: ['supplier'], document: '11.222.333/0001-81', name: 'Imobiliária' });
    const classification = async (name: string, nature: 'income' | 'expense', parentId: string | null = null) =>
      (await outro.registries.classifications.create({ name, nature, parentId })).id;
    ids.receitas = await classification('Receitas', 'income');
    ids.vendas = await classification('Vendas', 'income', ids.receitas);
    ids.servicos = await classification('Serviços', 'income', ids.receitas);
    ids.despesas = await classification('Despesas', 'expense');
    ids.aluguel = await classification('Aluguel', 'expense', ids.despesas);
    ids.loja = (await outro.registries.costCentres.create({ name: 'Loja' })).id;
    ids.escritorio = (await outro.registries.costCentres.create({ name: 'Escritório' })).id;
    const type = await outro.registries.accountTypes.create({ name: 'Corrente', kind: 'checking' });
    const account = (name: string) =>
      outro.registries.accounts.create({
        name,
        accountTypeId: type.id,
        openingBalance: 0,
        openingDate: '2024-01-01',
        unitIds: [d.elsewhere.unitId],
      });
    ids.account = (await account('Banco A')).id;
    ids.account2 = (await account('Banco B')).id;

    // R1: R$ 1.000,00 split a third to Vendas/Loja and two thirds to Serviços/Escritório, two installments.
    const r1 = await outro.ledger.documents.create(receivable({}));
    const [first, second] = (await outro.ledger.documents.get({ id: r1.id })).installments;
    // January: 500,00 + 0,01 of interest, apportioned 166,65 / 333,36 (the odd centavo to the larger remainder).
    await outro.ledger.payments.settle({
      kind: 'receivable',
      paidDate: '2025-01-20',
      accountId: ids.account,
      items: [{ installmentId: first?.id ?? '', principal: 50_000, interest: 1 }],
    });
    ids.secondPayment = (
      await outro.ledger.payments.settle({
        kind: 'receivable',
        paidDate: '2025-02-10',
        accountId: ids.account,
        items: [{ installmentId: second?.id ?? '', principal: 50_000 }],
      })
    ).paymentId;
    // R2: R$ 200,00 to Vendas/Loja, accrued in November and received in December: the previous period.
    const r2 = await outro.ledger.documents.create(
      receivable({
        issueDate: '2024-11-05',
        competence: '11/2024',
        grossAmount: 20_000,
        lines: [{ classificationId: ids.vendas, costCentreId: ids.loja, share: 10_000 }],
        installments: [{ dueDate: '2024-12-15', amount: 20_000 }],
      }),
    );
    const [only] = (await outro.ledger.documents.get({ id: r2.id })).installments;
    await outro.ledger.payments.settle({
      kind: 'receivable',
      paidDate: '2024-12-15',
      accountId: ids.account,
      items: [{ installmentId: only?.id ?? '', principal: 20_000 }],
    });
    // R3: cancelled, in no report.
    const r3 = await outro.ledger.documents.create(
      receivable({
        grossAmount: 7_000,
        installments: [{ dueDate: '2025-01-30', amount: 7_000 }],
      }),
    );
    await outro.ledger.documents.cancel({ kind: 'receivable', ids: [r3.id], reason: 'Venda desfeita' });
    // P1: rent of R$ 300,00 paid with a fine of 6,00 and a discount of 1,00.
    const p1 = await outro.ledger.documents.create({
      kind: 'payable',
      partyId: ids.supplier,
      description: 'Aluguel de fevereiro',
      documentType: 'outros',
      issueDate: '2025-02-01',
      competence: '02/2025',
      grossAmount: 30_000,
      lines: [{ classificationId: ids.aluguel, costCentreId: ids.escritorio, share: 10_000 }],
      installments: [{ dueDate: '2025-02-05', amount: 30_000 }],
    });
    const [rent] = (await outro.ledger.documents.get({ id: p1.id })).installments;
    await outro.ledger.payments.settle({
      kind: 'payable',
      paidDate: '2025-02-05',
      accountId: ids.account,
      fees: 250,
      items: [{ installmentId: rent?.id ?? '', principal: 30_000, fine: 600, discount: 100 }],
    });
    // Manual entries: a yield in February with no cost centre, one in March reversed, a bank charge in January.
    await outro.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2025-02-03',
      direction: 'in',
      amount: 1_234,
      classificationId: ids.servicos,
      costCentreId: null,
      description: 'Rendimento',
    });
    const wrong = await outro.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2025-03-10',
      direction: 'in',
      amount: 500,
      classificationId: ids.vendas,
      costCentreId: ids.loja,
      description: 'Lançado por engano',
    });
    await outro.ledger.movements.reverse({ movementId: wrong.movementId, reason: 'Engano' });
    await outro.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2025-01-15',
      direction: 'out',
      amount: 999,
      classificationId: ids.aluguel,
      costCentreId: ids.escritorio,
      description: 'Tarifa de condomínio',
    });
    // A transfer between the two accounts is no flow.
    await outro.ledger.movements.transfer({
      fromAccountId: ids.account,
      toAccountId: ids.account2,
      date: '2025-01-10',
      amount: 10_000,
    });
  });
  afterAll(() => d?.t.close());

  it('cash basis: what moved by payment month, apportioned to the centavo, with the tree and the previous period', async () => {
    const report = await flows();
    expect(report.months).toEqual(['2025-01-01', '2025-02-01', '2025-03-01']);
    expect(report.previous).toEqual({ from: '2024-10-01', to: '2024-12-01' });
    expect(report.nodes.map((n) => n.name)).toEqual(['Receitas', 'Vendas', 'Serviços']);
    expect(byName(report)).toEqual({
      Receitas: { months: [50_001, 51_234, 0], total: 101_235, previous: 20_000 },
      Vendas: { months: [16_665, 16_665, 0], total: 33_330, previous: 20_000 },
      Serviços: { months: [33_336, 34_569, 0], total: 67_905, previous: 0 },
    });
    expect(report.nodes.find((n) => n.name === 'Vendas')?.parentId).toBe(ids.receitas);
    expect(report.totals).toEqual({ months: [50_001, 51_234, 0], total: 101_235, previousTotal: 20_000 });

    const out = await flows({ direction: 'out' });
    expect(byName(out)).toEqual({
      Despesas: { months: [999, 30_500, 0], total: 31_499, previous: 0 },
      Aluguel: { months: [999, 30_500, 0], total: 31_499, previous: 0 },
    });
  });

  it('accrual basis: documents by competence with their lines, cancelled ones left out, manual entries by date', async () => {
    const report = await flows({ basis: 'accrual' });
    expect(byName(report)).toEqual({
      Receitas: { months: [100_000, 1_234, 0], total: 101_234, previous: 20_000 },
      Vendas: { months: [33_330, 0, 0], total: 33_330, previous: 20_000 },
      Serviços: { months: [66_670, 1_234, 0], total: 67_904, previous: 0 },
    });
    const out = await flows({ basis: 'accrual', direction: 'out' });
    expect(out.totals).toEqual({ months: [999, 30_000, 0], total: 30_999, previousTotal: 0 });
  });

  it('by cost centre: the tree of centres, and what names none in "Sem centro de custo"', async () => {
    const report = await flows({ dimension: 'costCentre' });
    expect(byName(report)).toEqual({
      Loja: { months: [16_665, 16_665, 0], total: 33_330, previous: 20_000 },
      Escritório: { months: [33_336, 33_335, 0], total: 66_671, previous: 0 },
      'Sem centro de custo': { months: [0, 1_234, 0], total: 1_234, previous: 0 },
    });
    expect(report.nodes.at(-1)?.id).toBeNull();
  });

  it('a reversal takes back what it reversed, line by line, in its own month', async () => {
    await outro.ledger.payments.reverse({ paymentId: ids.secondPayment, reason: 'Cheque devolvido' });
    const report = await flows();
    expect(byName(report)).toEqual({
      Receitas: { months: [50_001, 1_234, 0], total: 51_235, previous: 20_000 },
      Vendas: { months: [16_665, 0, 0], total: 16_665, previous: 20_000 },
      Serviços: { months: [33_336, 1_234, 0], total: 34_570, previous: 0 },
    });
  });

  it('narrows to one unit of the organization, and leaves out nodes with nothing in either period', async () => {
    const inUnit = await flows({ unitId: d.elsewhere.unitId });
    expect(inUnit.totals).toEqual((await flows()).totals);
    const later = await flows({ from: '2026-07-01', to: '2027-06-01' });
    expect(later.months).toHaveLength(12);
    expect(later.nodes).toEqual([]);
    expect(later.totals.total).toBe(0);
  });

  it('asks for the purchase lists and the payables at the organization, and keeps to it', async () => {
    const db = d.t.database.db;
    const member = async (username: string, permissions: string[]) => {
      const profileId = uuidv7();
      await db.insert(profiles).values({
        id: profileId,
        organizationId: d.org.organizationId,
        name: `Perfil ${username}`,
        permissions: { organization: permissions },
      });
      const user = await createConfirmedUser(db, {
        username,
        password: 'Senha#Forte1',
        name: username,
        email: `${username}@example.com`,
      });
      await db
        .insert(memberships)
        .values({ id: uuidv7(), organizationId: d.org.organizationId, userId: user.id, profileId });
    };
    await member('contador', ['ler_pedidos_compra', 'ler_contas_pagar']);
    await member('comprador', ['ler_pedidos_compra']);
    const input = { direction: 'out', ...period } as const;
    expect(await codeOf((await d.as('contador', d.org)).reports.flows(input))).toBe('OK');
    expect(await codeOf((await d.as('admin', d.org)).reports.flows(input))).toBe('OK');
    expect(await codeOf((await d.as('comprador', d.org)).reports.flows(input))).toBe('FORBIDDEN');
    // The demo's finance team reads the organization's reports.
    expect(await codeOf((await d.as('financeiro', d.org)).reports.flows(input))).toBe('OK');
    expect(await codeOf((await d.as('solicitante', d.org)).reports.flows(input))).toBe('FORBIDDEN');

    // Demo's administrator sees none of Outra's nodes, and may not name its unit; Outra's cannot select Demo.
    const admin = await d.as('admin', d.org);
    const demo = await admin.reports.flows({ direction: 'in', ...period });
    expect(demo.nodes.filter((n) => n.id === ids.vendas || n.id === ids.receitas)).toEqual([]);
    const foreignUnit = () => admin.reports.flows({ direction: 'in', ...period, unitId: d.elsewhere.unitId });
    expect(await codeOf(foreignUnit())).toBe('BAD_REQUEST');
    expect(await messageOf(foreignUnit())).toBe('Unidade não encontrada nesta organização.');
    expect(await codeOf((await d.as('outro', d.org)).reports.flows(input))).toBe('FORBIDDEN');
  });

  it('answers bad input with a pt-BR 400', async () => {
    const bad: [unknown, string][] = [
      [{ direction: 'sideways', ...period }, 'Escolha entradas ou saídas.'],
      [{ direction: 'in', basis: 'both', ...period }, 'Escolha regime de caixa ou de competência.'],
      [{ direction: 'in', dimension: 'party', ...period }, 'Escolha classificação ou centro de custo.'],
      [{ direction: 'in', from: '2025-03-01', to: '2025-01-01' }, 'O fim do período vem antes do início.'],
      [{ direction: 'in', from: '2023-01-01', to: '2025-01-01' }, 'Escolha um período de até 24 meses.'],
      [{ direction: 'in', from: '2025-13-01', to: '2025-12-01' }, 'Informe o mês inicial.'],
      [{ direction: 'in', from: '2025-01-15', to: '2025-12-01' }, 'Informe o mês inicial.'],
      [{ direction: 'in', from: '0000-01-01', to: '0000-12-01' }, 'Escolha um período entre os anos de 1900 e 9998.'],
      [{ direction: 'in', from: '9999-01-01', to: '9999-12-01' }, 'Escolha um período entre os anos de 1900 e 9998.'],
      [{ direction: 'in', ...period, unitId: 'matriz' }, 'Escolha um item da lista.'],
      [{ direction: 'in', ...period, unitId: '00000000-0000-0000-0000-000000000000' }, 'Unidade não encontrada'],
      [{ direction: 'in\u0000', ...period }, 'caractere nulo'],
      [{ direction: 'in', from: 202501, to: 202503 }, 'Informe o mês inicial.'],
    ];
    for (const [input, message] of bad) {
      const call = () => outro.reports.flows(input as never);
      expect([input, await codeOf(call())]).toEqual([input, 'BAD_REQUEST']);
      expect(await messageOf(call())).toContain(message);
    }
  });
});
