import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { mercadopagoReconciliations, mercadopagoSettlements } from './schema';
import { eq } from 'drizzle-orm';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../packages/core/src/mercadopago/fixtures/${name}`, import.meta.url), 'utf8');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The API's settlement report: sales of R$ 150,00 (CR-2026-0001) and R$ 1.234,56 (CR-2026-0002) approved on the 3rd
 * of October in São Paulo, R$ 79,90 (a Mercado Livre order) on the 4th, R$ 200,00 (CR-2026-0004) on the 5th; the
 * refund of the first on the 6th, a chargeback of the third on the 7th, a payout on the 8th. The release report
 * released the nets of the first and third sales in November.
 */
const SETTLEMENT = 'settlement-english-comma.csv';
const RELEASES = 'release-report.csv';
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
const NOT_USABLE = 'Conta não encontrada nesta organização, ou não liberada para esta unidade.';

const noFees = { processing: 0, marketplace: 0, financing: 0, shipping: 0, taxes: 0, coupon: 0 };

describe('Mercado Pago reconciliation screen: days, payments and receivables', () => {
  let d: DemoApp;
  let fin: Callers;
  let outro: Callers;
  const ids = {
    account: '',
    foreign: '',
    customer: '',
    income: '',
    centre: '',
    suggestedInstallment: '',
    suggestedDocument: '',
    reconciledDocument: '',
    receipt: '',
    loose: '',
  };
  const db = () => d.t.database.db;

  async function newReceivable(
    as: Callers,
    party: string,
    classification: string,
    centre: string,
    documentNumber: string,
    amount: number,
    dueDate: string,
  ) {
    const { id } = await as.ledger.documents.create({
      kind: 'receivable',
      partyId: party,
      description: `Venda online ${documentNumber}`,
      documentNumber,
      documentType: 'recibo',
      issueDate: '2026-10-01',
      competence: '10/2026',
      grossAmount: amount,
      lines: [{ classificationId: classification, costCentreId: centre, share: 10_000 }],
      installments: [{ dueDate, amount }],
    });
    const document = await as.ledger.documents.get({ id });
    return { id, installmentId: document.installments[0]?.id ?? '' };
  }

  async function walletAccount(as: Callers, unitId: string, name: string) {
    const type = await as.registries.accountTypes.create({ name: `Carteira ${name}`, kind: 'digital_wallet' });
    const account = await as.registries.accounts.create({
      name,
      accountTypeId: type.id,
      bankId: null,
      openingBalance: 0,
      openingDate: '2026-01-01',
      unitIds: [unitId],
    });
    return account.id;
  }

  async function importReport(accountId: string, name: string) {
    await fin.mercadopago.imports.commit({
      accountId,
      fileName: name,
      format: 'csv',
      content: base64(fixture(name)),
      acceptRejected: false,
      idempotencyKey: crypto.randomUUID(),
    });
  }

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    const admin = await d.as('admin', d.matriz);
    outro = await d.as('outro', d.elsewhere);
    ids.account = await walletAccount(admin, d.matriz.unitId, 'Mercado Pago vendas online');
    ids.foreign = await walletAccount(outro, d.elsewhere.unitId, 'Mercado Pago da Outra');
    ids.customer = await newParty(admin, {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Carla Compradora',
    });
    ids.income = await newClassification(admin, 'Vendas online', 'income');
    ids.centre = await newCostCentre(admin, 'Loja online');

    // CR-2026-0001 is open: the matcher suggests it for the first sale by its reference.
    const suggested = await newReceivable(
      fin,
      ids.customer,
      ids.income,
      ids.centre,
      'CR-2026-0001',
      15_000,
      '2026-10-03',
    );
    ids.suggestedDocument = suggested.id;
    ids.suggestedInstallment = suggested.installmentId;
    // CR-2026-0004 was received in the ledger and its sale reconciled with that receipt.
    const reconciled = await newReceivable(
      fin,
      ids.customer,
      ids.income,
      ids.centre,
      'CR-2026-0004',
      20_000,
      '2026-10-05',
    );
    ids.reconciledDocument = reconciled.id;
    ids.receipt = (
      await fin.ledger.payments.settle({
        kind: 'receivable',
        paidDate: '2026-10-05',
        accountId: ids.account,
        items: [{ installmentId: reconciled.installmentId, principal: 20_000 }],
      })
    ).paymentId;
    // A receivable due on the 4th that no sale pays.
    ids.loose = (
      await newReceivable(fin, ids.customer, ids.income, ids.centre, 'CR-2026-0900', 5_000, '2026-10-04')
    ).installmentId;
    // Another organization's receivable due the same day, and its own report in its own account.
    const otherCustomer = await newParty(outro, {
      roles: ['customer'],
      personType: 'PF',
      document: '111.444.777-35',
      name: 'Cliente da Outra',
    });
    const otherIncome = await newClassification(outro, 'Receitas da Outra', 'income');
    await newReceivable(
      outro,
      otherCustomer,
      otherIncome,
      await newCostCentre(outro, 'Geral'),
      'OUTRA-1',
      7_990,
      '2026-10-04',
    );

    await importReport(ids.account, SETTLEMENT);
    await importReport(ids.account, RELEASES);
    const [sale] = await db()
      .select({ id: mercadopagoSettlements.id })
      .from(mercadopagoSettlements)
      .where(eq(mercadopagoSettlements.sourceId, '90000000004'));
    await db()
      .insert(mercadopagoReconciliations)
      .values({
        id: uuidv7(),
        organizationId: d.matriz.organizationId,
        unitId: d.matriz.unitId,
        accountId: ids.account,
        settlementId: sale?.id ?? '',
        origin: 'manual',
        paymentId: ids.receipt,
      });
    await memberWith(db(), d.matriz, 'so-conciliacao', ['acessar_conciliacao']);
    await memberWith(db(), d.matriz, 'so-receber', ['ler_contas_receber', 'editar_contas_receber']);
  });
  afterAll(() => d?.t.close());

  it('adds up each approval day to the centavo: gross, fees by kind, net, released, to release, reconciled, unmatched', async () => {
    const { days, totals } = await fin.mercadopago.overview.days({ accountId: ids.account, ...OCTOBER });
    // The payout of the 8th is neither a sale nor the undoing of one: that day is absent.
    expect(days.map((day) => day.day)).toEqual(['2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07']);
    expect(days[0]).toEqual({
      day: '2026-10-03',
      sales: 2,
      gross: 138_456,
      fees: { ...noFees, processing: 1_934, financing: 200 },
      feesTotal: 2_134,
      net: 136_322,
      refunds: 0,
      // The release report released the first sale's R$ 141,01; the pix of R$ 1.222,21 waits.
      released: 14_101,
      toRelease: 122_221,
      reconciled: 0,
      unmatchedPayments: 2,
      unmatchedReceivables: 1,
      difference: 138_456,
    });
    expect(days[1]).toEqual({
      day: '2026-10-04',
      sales: 1,
      gross: 7_990,
      fees: { ...noFees, marketplace: 959, shipping: 284 },
      feesTotal: 1_243,
      net: 6_747,
      refunds: 0,
      released: 6_747,
      toRelease: 0,
      reconciled: 0,
      unmatchedPayments: 1,
      unmatchedReceivables: 1,
      difference: 7_990,
    });
    expect(days[2]).toEqual({
      day: '2026-10-05',
      sales: 1,
      gross: 20_000,
      fees: { ...noFees, processing: 998, taxes: 400 },
      feesTotal: 1_398,
      net: 18_602,
      refunds: 0,
      released: 0,
      toRelease: 18_602,
      reconciled: 20_000,
      unmatchedPayments: 0,
      unmatchedReceivables: 0,
      difference: 0,
    });
    expect(days.slice(3).map((day) => [day.day, day.sales, day.gross, day.refunds, day.net, day.difference])).toEqual([
      ['2026-10-06', 0, 0, -15_000, 0, 0],
      ['2026-10-07', 0, 0, -7_990, 0, 0],
    ]);
    expect(totals).toEqual({
      sales: 4,
      gross: 166_446,
      fees: { processing: 2_932, marketplace: 959, financing: 200, shipping: 284, taxes: 400, coupon: 0 },
      feesTotal: 4_775,
      net: 161_671,
      refunds: -22_990,
      released: 20_848,
      toRelease: 140_823,
      reconciled: 20_000,
      unmatchedPayments: 3,
      unmatchedReceivables: 2,
      difference: 146_446,
    });

    // A period of one day reads that day alone; a period with no rows has no days.
    const fourth = await fin.mercadopago.overview.days({
      accountId: ids.account,
      from: '2026-10-04',
      to: '2026-10-04',
    });
    expect(fourth.days).toEqual([days[1]]);
    expect(fourth.totals).toMatchObject({ gross: 7_990, net: 6_747, released: 6_747 });
    const september = await fin.mercadopago.overview.days({
      accountId: ids.account,
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(september).toEqual({ days: [], totals: expect.objectContaining({ sales: 0, gross: 0, difference: 0 }) });
  });

  it("shows a coupon apart from the fees, and counts as released a sale's payment releases, in parts, not its refund", async () => {
    const accountId = await walletAccount(await d.as('admin', d.matriz), d.matriz.unitId, 'Mercado Pago cupons');
    const sales = [
      'SOURCE_ID,TRANSACTION_TYPE,TRANSACTION_AMOUNT,TRANSACTION_DATE,FEE_AMOUNT,SETTLEMENT_NET_AMOUNT,COUPON_AMOUNT',
      // R$ 90,00 paid after the seller's R$ 10,00 coupon, in two installments released apart.
      '97000000001,SETTLEMENT,90.00,2026-10-20T10:00:00.000-03:00,-4.50,85.50,10.00',
      '97000000002,SETTLEMENT,30.00,2026-10-20T11:00:00.000-03:00,-1.50,28.50,0.00',
      '97000000002,REFUND,-30.00,2026-10-21T11:00:00.000-03:00,1.50,-28.50,0.00',
    ].join('\n');
    const releases = [
      'DATE,SOURCE_ID,RECORD_TYPE,DESCRIPTION,NET_CREDIT_AMOUNT,NET_DEBIT_AMOUNT,GROSS_AMOUNT',
      '2026-11-20T10:00:00.000-03:00,97000000001,release,payment,40.00,0.00,45.00',
      '2026-12-20T10:00:00.000-03:00,97000000001,release,payment,30.00,0.00,35.00',
      '2026-11-20T11:00:00.000-03:00,97000000002,release,refund,0.00,28.50,-30.00',
    ].join('\n');
    for (const [fileName, content] of [
      ['cupons.csv', sales],
      ['liberacoes-cupons.csv', releases],
    ] as const) {
      await fin.mercadopago.imports.commit({
        accountId,
        fileName,
        format: 'csv',
        content: base64(content),
        acceptRejected: false,
      });
    }
    const { days } = await fin.mercadopago.overview.days({ accountId, ...OCTOBER });
    expect(days).toMatchObject([
      {
        day: '2026-10-20',
        sales: 2,
        gross: 12_000,
        fees: { ...noFees, processing: 600, coupon: 1_000 },
        // What Mercado Pago kept of the gross: the coupon was never in it.
        feesTotal: 600,
        net: 11_400,
        released: 7_000,
        toRelease: 4_400,
        unmatchedPayments: 2,
        difference: 12_000,
      },
      { day: '2026-10-21', sales: 0, gross: 0, refunds: -3_000, released: 0 },
    ]);
    const { rows } = await fin.mercadopago.overview.payments({ accountId, ...OCTOBER, search: '97000000001' });
    expect(rows).toMatchObject([
      { gross: 9_000, coupon: 1_000, fees: { ...noFees, processing: 450, coupon: 1_000 }, feesTotal: 450, net: 8_550 },
    ]);
  });

  it('lists the payments with their status, fees, reconciliation and the suggestion of the open ones', async () => {
    const all = await fin.mercadopago.overview.payments({ accountId: ids.account, ...OCTOBER, page: 1, pageSize: 50 });
    expect(all.total).toBe(6);
    expect(all.rows.map((r) => [r.sourceId, r.transactionType, r.status])).toEqual([
      ['90000000001', 'SETTLEMENT', 'suggested'],
      ['90000000002', 'SETTLEMENT', 'open'],
      ['90000000003', 'SETTLEMENT', 'open'],
      ['90000000004', 'SETTLEMENT', 'reconciled'],
      ['90000000001', 'REFUND', 'reversal'],
      ['90000000003', 'CHARGEBACK', 'reversal'],
    ]);
    expect(all.rows[2]).toMatchObject({
      externalReference: '2000001122334455',
      paymentMethod: 'account_money',
      installments: 1,
      transactionAt: '2026-10-04T12:05:00.000Z',
      approvalDay: '2026-10-04',
      settlementDay: '2026-10-04',
      gross: 7_990,
      fees: { ...noFees, marketplace: 959, shipping: 284 },
      feesTotal: 1_243,
      net: 6_747,
      coupon: 0,
      reconciliation: null,
      suggestion: null,
    });
    // 02:30 UTC of the 4th is still the 3rd in São Paulo.
    expect(all.rows[1]).toMatchObject({ transactionAt: '2026-10-04T02:30:00.000Z', approvalDay: '2026-10-03' });

    const suggested = all.rows[0];
    expect(suggested?.reconciliation).toBeNull();
    expect(suggested?.suggestion).toMatchObject({
      automatic: true,
      allocations: [
        {
          installmentId: ids.suggestedInstallment,
          amount: 15_000,
          documentId: ids.suggestedDocument,
          documentNumber: 'CR-2026-0001',
          partyName: 'Carla Compradora',
          number: 1,
          count: 1,
          dueDate: '2026-10-03',
        },
      ],
    });
    expect(suggested?.suggestion?.score).toBeGreaterThanOrEqual(65);
    expect(suggested?.suggestion?.reasons.map((r) => r.code)).toContain('reference');

    const reconciled = all.rows[3];
    expect(reconciled?.suggestion).toBeNull();
    expect(reconciled?.reconciliation).toEqual({
      origin: 'manual',
      paymentId: ids.receipt,
      documents: [
        {
          id: ids.reconciledDocument,
          documentNumber: 'CR-2026-0004',
          description: 'Venda online CR-2026-0004',
          partyName: 'Carla Compradora',
        },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(all.rows[4]).toMatchObject({ gross: -15_000, net: -14_101, status: 'reversal', reconciliation: null });
  });

  it('filters by day, status and search, and pages through the rest with the same suggestions', async () => {
    const base = { accountId: ids.account, ...OCTOBER, page: 1, pageSize: 50 };
    const sourceIds = (result: { rows: { sourceId: string; status: string }[] }) =>
      result.rows.map((r) => `${r.sourceId} ${r.status}`);
    const open = await fin.mercadopago.overview.payments({ ...base, status: 'open' });
    expect([open.total, sourceIds(open)]).toEqual([2, ['90000000002 open', '90000000003 open']]);
    const suggestedOnly = await fin.mercadopago.overview.payments({ ...base, status: 'suggested' });
    expect(sourceIds(suggestedOnly)).toEqual(['90000000001 suggested']);
    const reconciledOnly = await fin.mercadopago.overview.payments({ ...base, status: 'reconciled' });
    expect([reconciledOnly.total, sourceIds(reconciledOnly)]).toEqual([1, ['90000000004 reconciled']]);
    const reversals = await fin.mercadopago.overview.payments({ ...base, status: 'reversal' });
    expect([reversals.total, reversals.rows.map((r) => [r.transactionType, r.gross])]).toEqual([
      2,
      [
        ['REFUND', -15_000],
        ['CHARGEBACK', -7_990],
      ],
    ]);

    // The day's drill-down: the suggestion is the period's, whatever the day shown.
    const third = await fin.mercadopago.overview.payments({ ...base, day: '2026-10-03' });
    expect(sourceIds(third)).toEqual(['90000000001 suggested', '90000000002 open']);
    expect(third.rows[0]?.suggestion).toEqual(suggestedOnly.rows[0]?.suggestion);
    const thirdOpen = await fin.mercadopago.overview.payments({ ...base, day: '2026-10-03', status: 'open' });
    expect(sourceIds(thirdOpen)).toEqual(['90000000002 open']);

    const search = async (text: string) =>
      sourceIds(await fin.mercadopago.overview.payments({ ...base, search: text }));
    expect(await search('90000000003')).toEqual(['90000000003 open', '90000000003 reversal']);
    expect(await search('cr-2026-000')).toEqual([
      '90000000001 suggested',
      '90000000002 open',
      '90000000004 reconciled',
      '90000000001 reversal',
    ]);
    expect(await search('1.234,56')).toEqual(['90000000002 open']);
    expect(await search('PIX')).toEqual(['90000000002 open']);
    expect(await search('nada disso')).toEqual([]);

    const second = await fin.mercadopago.overview.payments({ ...base, page: 2, pageSize: 2 });
    expect([second.total, second.page, second.pageSize, sourceIds(second)]).toEqual([
      6,
      2,
      2,
      ['90000000003 open', '90000000004 reconciled'],
    ]);
    const beyond = await fin.mercadopago.overview.payments({ ...base, status: 'open', page: 9, pageSize: 2 });
    expect([beyond.total, beyond.rows]).toEqual([2, []]);
  });

  it("lists the unit's open receivables due in the period, searched and paged, no other organization's", async () => {
    const base = { accountId: ids.account, ...OCTOBER, page: 1, pageSize: 50 };
    const all = await fin.mercadopago.overview.receivables(base);
    // CR-2026-0004 is received; the other organization's receivable due on the 4th is not here.
    expect(all.total).toBe(2);
    expect(all.rows).toEqual([
      {
        installmentId: ids.suggestedInstallment,
        documentId: ids.suggestedDocument,
        documentNumber: 'CR-2026-0001',
        description: 'Venda online CR-2026-0001',
        partyName: 'Carla Compradora',
        number: 1,
        count: 1,
        dueDate: '2026-10-03',
        amount: 15_000,
        open: 15_000,
      },
      expect.objectContaining({ installmentId: ids.loose, documentNumber: 'CR-2026-0900', open: 5_000 }),
    ]);
    const numbers = async (input: Partial<typeof base> & { search?: string }) =>
      (await fin.mercadopago.overview.receivables({ ...base, ...input })).rows.map((r) => r.documentNumber);
    expect(await numbers({ search: 'cr-2026-09' })).toEqual(['CR-2026-0900']);
    expect(await numbers({ search: 'compradora' })).toEqual(['CR-2026-0001', 'CR-2026-0900']);
    expect(await numbers({ search: '50,00' })).toEqual(['CR-2026-0900']);
    expect(await numbers({ from: '2026-10-04', to: '2026-10-04' })).toEqual(['CR-2026-0900']);
    const page2 = await fin.mercadopago.overview.receivables({ ...base, page: 2, pageSize: 1 });
    expect([page2.total, page2.rows.map((r) => r.documentNumber)]).toEqual([2, ['CR-2026-0900']]);
    expect(await fin.mercadopago.overview.receivables({ ...base, page: 3, pageSize: 1 })).toMatchObject({
      total: 2,
      rows: [],
    });
  });

  it("keeps to the organization: another organization's account is refused both ways and nothing leaks", async () => {
    const period = { ...OCTOBER, page: 1, pageSize: 50 };
    for (const call of [
      () => outro.mercadopago.overview.days({ accountId: ids.account, ...OCTOBER }),
      () => outro.mercadopago.overview.payments({ accountId: ids.account, ...period }),
      () => outro.mercadopago.overview.receivables({ accountId: ids.account, ...period }),
      () => fin.mercadopago.overview.days({ accountId: ids.foreign, ...OCTOBER }),
      () => fin.mercadopago.overview.payments({ accountId: ids.foreign, ...period }),
      () => fin.mercadopago.overview.receivables({ accountId: ids.foreign, ...period }),
    ]) {
      expect(await messageOf(call())).toBe(NOT_USABLE);
      expect(await codeOf(call())).toBe('BAD_REQUEST');
    }
    // In its own account the other organization sees its own receivable only, and no report rows.
    expect(await outro.mercadopago.overview.days({ accountId: ids.foreign, ...OCTOBER })).toMatchObject({ days: [] });
    expect(await outro.mercadopago.overview.payments({ accountId: ids.foreign, ...period })).toMatchObject({
      rows: [],
      total: 0,
    });
    const theirs = await outro.mercadopago.overview.receivables({ accountId: ids.foreign, ...period });
    expect(theirs.rows.map((r) => r.documentNumber)).toEqual(['OUTRA-1']);
  });

  it('lets whoever reconciles read it, not a profile without acessar_conciliacao', async () => {
    const input = { accountId: ids.account, ...OCTOBER };
    const reconciler = await d.as('so-conciliacao', d.matriz);
    expect((await reconciler.mercadopago.overview.days(input)).totals.sales).toBe(4);
    expect(await codeOf(reconciler.mercadopago.overview.payments(input))).toBe('OK');
    for (const username of ['solicitante', 'so-receber']) {
      const caller = await d.as(username, d.matriz);
      expect(await messageOf(caller.mercadopago.overview.days(input))).toBe(
        'Seu perfil não tem permissão para esta ação.',
      );
      expect(await codeOf(caller.mercadopago.overview.payments(input))).toBe('FORBIDDEN');
      expect(await codeOf(caller.mercadopago.overview.receivables(input))).toBe('FORBIDDEN');
    }
  });

  it('refuses bad input with pt-BR messages', async () => {
    const base = { accountId: ids.account, ...OCTOBER };
    const cases: [() => Promise<unknown>, string][] = [
      [() => fin.mercadopago.overview.payments({ ...base, search: 'CR\u00002026' }), 'caractere nulo'],
      [() => fin.mercadopago.overview.days({ ...base, from: '2026-01-01', to: '2027-01-02' }), 'até 366 dias'],
      [
        () => fin.mercadopago.overview.days({ ...base, from: '2026-10-31', to: '2026-10-01' }),
        'A data final não pode ser antes da inicial.',
      ],
      [() => fin.mercadopago.overview.days({ ...base, from: 20261001 } as never), 'Informe a data inicial.'],
      [() => fin.mercadopago.overview.days({ ...base, to: '31/02/2026' }), 'Data inválida'],
      [() => fin.mercadopago.overview.days({ ...base, accountId: 'x' }), 'Escolha a conta do Mercado Pago.'],
      [() => fin.mercadopago.overview.payments({ ...base, page: 'um' } as never), 'Página inválida.'],
      [() => fin.mercadopago.overview.payments({ ...base, page: 0 }), 'Página inválida.'],
      [() => fin.mercadopago.overview.payments({ ...base, pageSize: 500 }), 'Mostre de 1 a 200 linhas por página.'],
      [() => fin.mercadopago.overview.receivables({ ...base, pageSize: 2.5 }), 'Tamanho de página inválido.'],
      [() => fin.mercadopago.overview.payments({ ...base, status: 'pago' } as never), 'Situação inválida.'],
      [
        () => fin.mercadopago.overview.payments({ ...base, day: '2026-11-01' }),
        'O dia escolhido fica fora do período.',
      ],
      [() => fin.mercadopago.overview.receivables({ ...base, search: 'x'.repeat(101) }), 'Use até 100 caracteres.'],
      [() => fin.mercadopago.overview.receivables({ ...base, search: 42 } as never), 'A busca deve ser um texto.'],
    ];
    for (const [call, expected] of cases) {
      expect(await codeOf(call())).toBe('BAD_REQUEST');
      expect(await messageOf(call())).toContain(expected);
    }
  });
});
