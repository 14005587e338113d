import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { formatBRL, todayInSaoPaulo, type DocumentCreateInput } from '@financeiro/core';
import { now } from '../../clock';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { ledgerDocuments } from './schema';

describe('withheld taxes: collected once a month per collection code, the DARF minimum carried', () => {
  let d: DemoApp;
  let outro: Callers;
  const ids = {
    supplier: '',
    receita: '',
    prefeitura: '',
    expense: '',
    a: '',
    b: '',
    irrf: '',
    pis: '',
    cofins: '',
    csll: '',
    iss: '',
  };
  const db = () => d.t.database.db;
  const collections = async () =>
    (
      await db()
        .select({ n: count() })
        .from(ledgerDocuments)
        .where(
          and(eq(ledgerDocuments.organizationId, d.elsewhere.organizationId), isNotNull(ledgerDocuments.taxPeriod)),
        )
    )[0]?.n ?? 0;
  const bill = (overrides: Partial<DocumentCreateInput> & { grossAmount: number; net: number }) => {
    const { net, ...rest } = overrides;
    return {
      kind: 'payable' as const,
      partyId: ids.supplier,
      description: 'Serviços de consultoria',
      documentType: 'nfse' as const,
      issueDate: '2026-10-05',
      competence: '10/2026',
      lines: [{ classificationId: ids.expense, costCentreId: ids.a, share: 10_000 }],
      installments: [{ dueDate: '2026-10-30', amount: net }],
      ...rest,
    };
  };

  beforeAll(async () => {
    d = await startDemoApp();
    outro = await d.as('outro', d.elsewhere);
    ids.supplier = await newParty(outro, { roles: ['supplier'], document: '11.222.333/0001-81', name: 'Consultoria' });
    ids.receita = await newParty(outro, { roles: ['supplier'], document: '00.394.460/0058-87', name: 'Receita' });
    ids.prefeitura = await newParty(outro, {
      roles: ['supplier'],
      document: '46.395.000/0001-39',
      name: 'Prefeitura',
    });
    ids.expense = await newClassification(outro, 'Consultoria');
    ids.a = await newCostCentre(outro, 'Centro A');
    ids.b = await newCostCentre(outro, 'Centro B');
    const tax = async (name: string, kind: string, rate: number, code: string | null, dueDay: number, party: string) =>
      (
        await outro.registries.taxTypes.create({
          name,
          kind: kind as 'IRRF',
          rate,
          withheld: true,
          collectionCode: code,
          dueDay,
          collectorPartyId: party,
        })
      ).id;
    ids.irrf = await tax('IRRF', 'IRRF', 150, '1708', 20, ids.receita);
    ids.pis = await tax('PIS', 'PIS', 65, '5952', 20, ids.receita);
    ids.cofins = await tax('COFINS', 'COFINS', 300, '5952', 20, ids.receita);
    ids.csll = await tax('CSLL', 'CSLL', 100, '5952', 20, ids.receita);
    ids.iss = await tax('ISS retido', 'ISS', 500, null, 10, ids.prefeitura);
    await memberWith(db(), d.elsewhere, 'leitor-impostos', ['ler_contas_pagar']);
    await memberWith(db(), d.elsewhere, 'sem-contas', ['ler_transacoes']);
  });
  afterAll(() => d?.t.close());

  it('carries a DARF below R$ 10,00 to the next month, and collects both months in it', async () => {
    await outro.ledger.documents.create(
      bill({
        issueDate: '2026-08-05',
        competence: '08/2026',
        grossAmount: 50_000,
        net: 49_250,
        taxes: [{ taxTypeId: ids.irrf }],
        installments: [{ dueDate: '2026-08-30', amount: 49_250 }],
      }),
    );
    const august = await outro.ledger.taxes.month({ month: '08/2026' });
    expect(august.collections).toMatchObject([{ title: 'DARF 1708 (IRRF)', total: 750, state: 'carried' }]);
    const early = outro.ledger.taxes.collect({ collection: '1708', period: '2026-08' });
    expect(await messageOf(early)).toBe(
      `DARF 1708 (IRRF): ${formatBRL(750)} até Agosto/2026 fica abaixo do mínimo de ${formatBRL(1_000)} e soma-se ao recolhimento do mês seguinte.`,
    );
    expect(await collections()).toBe(0);

    await outro.ledger.documents.create(
      bill({
        issueDate: '2026-09-05',
        competence: '09/2026',
        grossAmount: 30_000,
        net: 29_550,
        taxes: [{ taxTypeId: ids.irrf }],
        installments: [{ dueDate: '2026-09-30', amount: 29_550 }],
      }),
    );
    const september = await outro.ledger.taxes.month({ month: '09/2026' });
    expect(september.collections).toMatchObject([{ withheld: 450, carriedIn: 750, total: 1_200, state: 'due' }]);
    const darf = await outro.ledger.taxes.collect({ collection: '1708', period: '09/2026' });
    // 20/10/2026 is a Tuesday.
    expect(darf).toMatchObject({ total: 1_200, dueDate: '2026-10-20' });
    const after = await outro.ledger.taxes.month({ month: '08/2026' });
    expect(after.collections).toMatchObject([{ total: 750, state: 'carried' }]);
    expect((await outro.ledger.taxes.month({ month: '09/2026' })).collections[0]?.payable).toMatchObject({
      id: darf.id,
      amount: 1_200,
    });
  });

  it('collects a month in one DARF per code (PIS, COFINS and CSLL together), the city ISS on its own day', async () => {
    await outro.ledger.documents.create(
      bill({
        description: 'Honorários contábeis',
        grossAmount: 345_000,
        net: 345_000 - 5_175 - 6_900,
        taxes: [{ taxTypeId: ids.irrf }, { taxTypeId: ids.iss, rate: 200 }],
      }),
    );
    await outro.ledger.documents.create(
      bill({
        grossAmount: 1_000_000,
        net: 1_000_000 - 15_000 - 46_500,
        lines: [
          { classificationId: ids.expense, costCentreId: ids.a, share: 2_500 },
          { classificationId: ids.expense, costCentreId: ids.b, share: 7_500 },
        ],
        taxes: [{ taxTypeId: ids.irrf }, { taxTypeId: ids.pis }, { taxTypeId: ids.cofins }, { taxTypeId: ids.csll }],
      }),
    );
    const october = await outro.ledger.taxes.month({ month: '2026-10' });
    expect(
      october.collections.map((c) => [c.title, c.total, c.dueDate, c.state, c.taxes.map((t) => t.amount)]),
    ).toEqual([
      // 20/11/2026 is Consciência Negra: the DARFs are due the bank day before; 10/11 is a Tuesday for the city.
      ['DARF 1708 (IRRF)', 20_175, '2026-11-19', 'due', [20_175]],
      ['DARF 5952 (COFINS, CSLL, PIS)', 46_500, '2026-11-19', 'due', [30_000, 10_000, 6_500]],
      ['Guia ISS retido', 6_900, '2026-11-10', 'due', [6_900]],
    ]);
    expect(october.bills).toHaveLength(2);

    const iss = october.collections.find((c) => c.code === null)?.collection ?? '';
    const [one, two] = await Promise.allSettled([
      outro.ledger.taxes.collect({ collection: '5952', period: '10/2026' }),
      outro.ledger.taxes.collect({ collection: '5952', period: '10/2026' }),
    ]);
    expect([one?.status, two?.status].sort()).toEqual(['fulfilled', 'rejected']);
    const again = outro.ledger.taxes.collect({ collection: '5952', period: '10/2026' });
    expect(await codeOf(again)).toBe('CONFLICT');
    const csrf = await outro.ledger.taxes.month({ month: '10/2026' });
    const payableId = csrf.collections.find((c) => c.code === '5952')?.payable?.id ?? '';
    const payable = await outro.ledger.documents.get({ id: payableId });
    expect(payable).toMatchObject({ partyId: ids.receita, grossAmount: 46_500, competence: '2026-10-01' });
    // The lines follow the bill's cost centres exactly: 25% and 75% of R$ 465,00.
    expect(payable.lines.map((l) => [l.costCentreId, l.amount])).toEqual([
      [ids.a, 11_625],
      [ids.b, 34_875],
    ]);
    const city = await outro.ledger.taxes.collect({ collection: iss, period: '10/2026' });
    expect(city).toMatchObject({ total: 6_900, dueDate: '2026-11-10' });
  });

  it('keeps a bill whose withholding is collected until its collection is cancelled, which gives it back', async () => {
    const { id } = await outro.ledger.documents.create(
      bill({
        issueDate: '2026-07-05',
        competence: '07/2026',
        grossAmount: 200_000,
        net: 197_000,
        taxes: [{ taxTypeId: ids.irrf }],
        installments: [{ dueDate: '2026-07-30', amount: 197_000 }],
      }),
    );
    const darf = await outro.ledger.taxes.collect({ collection: '1708', period: '07/2026' });
    const cancel = outro.ledger.documents.cancel({ kind: 'payable', ids: [id], reason: 'Lançado em dobro' });
    expect(await messageOf(cancel)).toBe(
      'Os impostos retidos de "Serviços de consultoria" já estão em "DARF 1708 (IRRF) de Julho/2026": cancele essa guia antes.',
    );
    await outro.ledger.documents.cancel({ kind: 'payable', ids: [darf.id], reason: 'Guia refeita' });
    expect((await outro.ledger.taxes.month({ month: '07/2026' })).collections[0]).toMatchObject({
      state: 'due',
      payable: null,
    });
    const remade = await outro.ledger.taxes.collect({ collection: '1708', period: '07/2026' });
    expect(remade.total).toBe(3_000);
  });

  it('refuses bad input, another organization’s tax and the month in course with a pt-BR 4xx, storing nothing', async () => {
    const before = await collections();
    const demoAdmin = await d.as('admin', d.matriz);
    const demoTax = await demoAdmin.registries.taxTypes.create({
      name: 'ISS de Demo',
      kind: 'ISS',
      rate: 200,
      withheld: true,
    });
    const demoParty = await newParty(demoAdmin, {
      roles: ['supplier'],
      document: '34.028.316/0001-03',
      name: 'Correios',
    });
    const thisMonth = todayInSaoPaulo(now()).slice(0, 7);
    const cases: [() => Promise<unknown>, string, string][] = [
      [
        () => outro.ledger.taxes.collect({ collection: '1708', period: thisMonth }),
        'BAD_REQUEST',
        'ainda não terminou',
      ],
      [
        () => outro.ledger.taxes.collect({ collection: '1708', period: '13/2026' }),
        'BAD_REQUEST',
        'Competência inválida',
      ],
      [() => outro.ledger.taxes.collect({ collection: '9999', period: '10/2026' }), 'NOT_FOUND', 'Recolhimento não'],
      [() => outro.ledger.taxes.collect({ collection: demoTax.id, period: '10/2026' }), 'NOT_FOUND', 'Recolhimento'],
      [
        () => outro.ledger.taxes.collect({ collection: '17\u000008', period: '10/2026' }),
        'BAD_REQUEST',
        'caractere nulo',
      ],
      [
        () => outro.ledger.taxes.collect({ collection: 'x'.repeat(10_000), period: '10/2026' }),
        'BAD_REQUEST',
        'inválido',
      ],
      [
        () => outro.ledger.taxes.collect({ collection: 1708, period: '10/2026' } as never),
        'BAD_REQUEST',
        'recolhimento',
      ],
      [() => outro.ledger.taxes.month({ month: '0000-01' }), 'BAD_REQUEST', ''],
    ];
    for (const [call, code, message] of cases) {
      const error = await call().then(
        () => null,
        (e: { code?: string; message: string; data?: { code?: string } }) => e,
      );
      expect([error?.data?.code ?? error?.code, error?.message.includes(message)]).toEqual([code, true]);
    }
    const noCollector = await outro.registries.taxTypes.create({
      name: 'INSS',
      kind: 'INSS',
      rate: 1_100,
      withheld: true,
    });
    await outro.ledger.documents.create(
      bill({ grossAmount: 100_000, net: 89_000, taxes: [{ taxTypeId: noCollector.id }] }),
    );
    expect(await messageOf(outro.ledger.taxes.collect({ collection: noCollector.id, period: '10/2026' }))).toBe(
      'Informe o dia do vencimento e quem arrecada INSS em Tipos de imposto para gerar a guia.',
    );
    const foreignCollector = outro.registries.taxTypes.update({
      id: noCollector.id,
      version: 1,
      name: 'INSS',
      kind: 'INSS',
      rate: 1_100,
      withheld: true,
      dueDay: 20,
      collectorPartyId: demoParty,
    });
    expect(await messageOf(foreignCollector)).toBe('Quem arrecada não foi encontrado nesta organização.');
    expect(await collections()).toBe(before);
  });

  it('shows the month to who reads payables, lets only who edits them collect, and keeps organizations apart', async () => {
    const reader = await d.as('leitor-impostos', d.elsewhere);
    expect((await reader.ledger.taxes.month({ month: '10/2026' })).collections.length).toBeGreaterThan(0);
    expect(await codeOf(reader.ledger.taxes.collect({ collection: '1708', period: '10/2026' }))).toBe('FORBIDDEN');
    const stranger = await d.as('sem-contas', d.elsewhere);
    expect(await codeOf(stranger.ledger.taxes.month({ month: '10/2026' }))).toBe('FORBIDDEN');
    const demo = await d.as('financeiro', d.matriz);
    const demoOctober = await demo.ledger.taxes.month({ month: '10/2026' });
    expect(JSON.stringify(demoOctober)).not.toContain('Consultoria');
    expect(await codeOf((await d.as('outro', d.matriz)).ledger.taxes.month({ month: '10/2026' }))).toBe('FORBIDDEN');
  });
});
