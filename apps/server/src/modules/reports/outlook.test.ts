import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  DRE_LINES,
  todayInSaoPaulo,
  weekOf,
  type AccountKind,
  type CashBalances,
  type DocumentCreateInput,
  type DreReport,
} from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { memberWith } from '../../test/members';
import { newAccount, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';

describe('reports: the DRE, the projection and the dashboard', () => {
  let d: DemoApp;
  let admin: Callers;
  let fin: Callers;
  const today = todayInSaoPaulo();
  const ids = {
    supplier: '',
    customer: '',
    revenue: '',
    taxes: '',
    iss: '',
    costs: '',
    fees: '',
    interest: '',
    a: '',
    b: '',
    account: '',
  };

  const doc = (
    kind: 'payable' | 'receivable',
    gross: number,
    competence: string,
    lines: DocumentCreateInput['lines'],
    dueDate: string,
  ): DocumentCreateInput => ({
    kind,
    partyId: kind === 'payable' ? ids.supplier : ids.customer,
    description: `Título ${kind} ${gross}`,
    documentType: 'outros',
    issueDate: '2026-01-02',
    competence,
    grossAmount: gross,
    lines,
    installments: [{ dueDate, amount: gross }],
  });
  async function create(input: DocumentCreateInput) {
    const { id } = await fin.ledger.documents.create(input);
    const [installment] = (await fin.ledger.documents.get({ id })).installments;
    return installment?.id ?? '';
  }
  const rowOf = (report: DreReport, line: string) => report.rows.find((r) => r.line === line);
  /** Mercado Pago's "saldo a liberar" accounts the test configured. */
  const held = new Set<string>();
  /** The statement's balance of each account, summed apart as a finance person reads them. */
  async function balancesByKind(): Promise<CashBalances & { total: number }> {
    const statement = await fin.ledger.statement.balances({});
    const sum = (keep: (a: { id: string; kind: AccountKind }) => boolean) =>
      statement.accounts.filter(keep).reduce((n, a) => n + a.balance, 0);
    const invested = (a: { kind: AccountKind }) => a.kind === 'investment' || a.kind === 'savings';
    return {
      available: sum((a) => !held.has(a.id) && !invested(a)),
      investments: sum((a) => !held.has(a.id) && invested(a)),
      providers: sum((a) => held.has(a.id)),
      total: statement.total,
    };
  }
  async function accountOf(kind: AccountKind, name: string, openingBalance: number) {
    const type = await admin.registries.accountTypes.create({ name: `Tipo ${name}`, kind });
    const account = await admin.registries.accounts.create({
      name,
      accountTypeId: type.id,
      openingBalance,
      openingDate: '2026-01-01',
      unitIds: [d.matriz.unitId],
    });
    return account.id;
  }

  beforeAll(async () => {
    d = await startDemoApp();
    admin = await d.as('admin', d.matriz);
    fin = await d.as('financeiro', d.matriz);
    ids.supplier = await newParty(admin, { roles: ['supplier'], document: '11.222.333/0001-81', name: 'Fornecedor' });
    ids.customer = await newParty(admin, { roles: ['customer'], document: '45.723.174/0001-10', name: 'Cliente' });
    const tree = admin.registries.classifications;
    ids.revenue = (await tree.create({ name: 'Vendas do teste', nature: 'income' })).id;
    ids.taxes = (await tree.create({ name: 'Impostos do teste', nature: 'expense', dreGroup: 'deductions' })).id;
    ids.iss = (await tree.create({ parentId: ids.taxes, name: 'ISS do teste', nature: 'expense' })).id;
    ids.costs = (await tree.create({ name: 'Custos do teste', nature: 'expense', dreGroup: 'costs' })).id;
    ids.fees = (await tree.create({ name: 'Tarifas do teste', nature: 'expense', dreGroup: 'financial_expenses' })).id;
    ids.interest = (await tree.create({ name: 'Juros do teste', nature: 'income', dreGroup: 'financial_income' })).id;
    ids.a = await newCostCentre(admin, 'Centro A');
    ids.b = await newCostCentre(admin, 'Centro B');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Conta do teste');

    // A sale of 1,000.00 in January (70% A, 30% B), a third of it received in February.
    const sale = await create(
      doc(
        'receivable',
        100_000,
        '01/2026',
        [
          { classificationId: ids.revenue, costCentreId: ids.a, share: 7_000 },
          { classificationId: ids.revenue, costCentreId: ids.b, share: 3_000 },
        ],
        '2026-01-20',
      ),
    );
    await fin.ledger.payments.settle({
      kind: 'receivable',
      paidDate: '2026-02-10',
      accountId: ids.account,
      items: [{ installmentId: sale, principal: 33_333 }],
    });
    // The sale's ISS, January's, paid in February with 0.50 of interest.
    const tax = await create(
      doc(
        'payable',
        10_000,
        '01/2026',
        [{ classificationId: ids.iss, costCentreId: ids.a, share: 10_000 }],
        '2026-02-15',
      ),
    );
    await fin.ledger.payments.settle({
      kind: 'payable',
      paidDate: '2026-02-15',
      accountId: ids.account,
      items: [{ installmentId: tax, principal: 10_000, interest: 50 }],
    });
    // A cost of February, due in five days, still open.
    await create(
      doc(
        'payable',
        40_000,
        '02/2026',
        [{ classificationId: ids.costs, costCentreId: ids.b, share: 10_000 }],
        addDays(today, 5),
      ),
    );
    await fin.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2026-02-03',
      direction: 'out',
      amount: 1_500,
      classificationId: ids.fees,
      costCentreId: ids.a,
      description: 'Tarifa',
    });
    await fin.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2026-01-31',
      direction: 'in',
      amount: 700,
      classificationId: ids.interest,
      description: 'Rendimento',
    });
  });
  afterAll(() => d?.t.close());

  it('accrual: documents by competence, signed, in their groups, with the subtotals', async () => {
    const org = await d.as('admin', d.org);
    const report = await org.reports.dre({ basis: 'accrual', from: '2026-01-01', to: '2026-02-01' });
    expect(report.months).toEqual(['2026-01-01', '2026-02-01']);
    expect(report.rows.map((r) => r.line)).toEqual([...DRE_LINES]);
    const months = (line: string) => rowOf(report, line)?.months;
    expect(months('gross_revenue')).toEqual([100_000, 0]);
    expect(months('deductions')).toEqual([-10_000, 0]);
    expect(months('net_revenue')).toEqual([90_000, 0]);
    expect(months('costs')).toEqual([0, -40_000]);
    expect(months('margin')).toEqual([90_000, -40_000]);
    expect(months('expenses')).toEqual([0, 0]);
    expect(months('operating_result')).toEqual([90_000, -40_000]);
    expect(months('financial_income')).toEqual([700, 0]);
    expect(months('financial_expenses')).toEqual([0, -1_500]);
    expect(months('financial_result')).toEqual([700, -1_500]);
    expect(months('result')).toEqual([90_700, -41_500]);
    expect(rowOf(report, 'result')?.total).toBe(49_200);
    // The child without a group of its own takes its parent's.
    expect(rowOf(report, 'deductions')?.classifications.map((c) => c.id)).toEqual([ids.iss]);
    // Every group line is the sum of its classifications.
    for (const row of report.rows.filter((r) => r.classifications.length > 0)) {
      expect(row.total).toBe(row.classifications.reduce((s, c) => s + c.total, 0));
    }
  });

  it('cash: what moved, apportioned exactly, on the payment dates; by cost centre', async () => {
    const org = await d.as('admin', d.org);
    const report = await org.reports.dre({ basis: 'cash', from: '2026-01-01', to: '2026-02-01' });
    const months = (r: DreReport, line: string) => rowOf(r, line)?.months;
    expect(months(report, 'gross_revenue')).toEqual([0, 33_333]);
    expect(months(report, 'deductions')).toEqual([0, -10_050]);
    expect(months(report, 'costs')).toEqual([0, 0]);
    expect(months(report, 'financial_result')).toEqual([700, -1_500]);
    expect(months(report, 'result')).toEqual([700, 21_783]);

    // 33,333 over 70/30: 23,333.1 and 9,999.9; the centavo left goes to the larger remainder.
    const a = await org.reports.dre({ basis: 'cash', from: '2026-01-01', to: '2026-02-01', costCentreId: ids.a });
    const b = await org.reports.dre({ basis: 'cash', from: '2026-01-01', to: '2026-02-01', costCentreId: ids.b });
    expect(months(a, 'gross_revenue')).toEqual([0, 23_333]);
    expect(months(b, 'gross_revenue')).toEqual([0, 10_000]);
    expect(months(a, 'result')).toEqual([0, 23_333 - 10_050 - 1_500]);
    const unit = await org.reports.dre({
      basis: 'cash',
      from: '2026-01-01',
      to: '2026-02-01',
      unitId: d.matriz.unitId,
    });
    expect(rowOf(unit, 'result')?.total).toBe(rowOf(report, 'result')?.total);
  });

  it('projects the balance from today: what falls due on its day, the overdue apart, the lowest point', async () => {
    const org = await d.as('admin', d.org);
    const balances = await balancesByKind();
    const p = await org.reports.projection({ step: 'day', days: 10, unitId: d.matriz.unitId });
    expect(p.today).toBe(today);
    expect(p.opening).toBe(balances.available);
    expect(p.overdueIn).toBe(100_000 - 33_333);
    expect(p.overdueOut).toBe(0);
    expect(p.points).toHaveLength(10);
    // The overdue receivable is no money arriving today: the curve starts at today's balance.
    expect(p.points[0]).toMatchObject({ date: today, inflows: 0, balance: p.opening });
    expect(p.points[5]).toMatchObject({ date: addDays(today, 5), outflows: 40_000 });
    expect(p.points.at(-1)?.balance).toBe(p.opening - 40_000);
    expect(p.lowest.balance).toBeLessThanOrEqual(p.opening);
    expect(p.lowest.balance).toBe(Math.min(...p.points.map((x) => x.balance)));
    const monthly = await org.reports.projection({ step: 'month', days: 90 });
    expect(monthly.points[0]?.date).toBe(today);
    expect(monthly.points.at(-1)?.balance).toBe(monthly.opening - 40_000);
  });

  it('the dashboard equals the lists behind its cards', async () => {
    await create(
      doc('payable', 2_500, '01/2026', [{ classificationId: ids.costs, costCentreId: ids.a, share: 10_000 }], today),
    );
    const board = await fin.reports.dashboard();
    const list = (kind: 'payable' | 'receivable', filters: Record<string, unknown>) =>
      fin.ledger.documents.list({ kind, filters: { status: [], ...filters } }).then((l) => l.totals);
    const dueToday = { status: ['open', 'partial'], dueFrom: today, dueTo: today };
    const payToday = await list('payable', dueToday);
    const receiveToday = await list('receivable', dueToday);
    const latePay = await list('payable', { status: ['overdue'] });
    const lateReceive = await list('receivable', { status: ['overdue'] });
    expect(board.toPayToday).toEqual({ count: payToday.count, amount: payToday.open });
    expect(board.toPayToday?.amount).toBe(2_500);
    expect(board.toReceiveToday).toEqual({ count: receiveToday.count, amount: receiveToday.open });
    expect(board.overduePayables).toEqual({ count: latePay.count, amount: latePay.open });
    expect(board.overdueReceivables).toEqual({ count: lateReceive.count, amount: lateReceive.open });
    expect(board.overdueReceivables?.amount).toBe(66_667);
    const { total, ...balances } = await balancesByKind();
    expect(board.balances).toEqual(balances);
    expect(board.balances && board.balances.available + board.balances.investments + board.balances.providers).toBe(
      total,
    );
    // This week, Monday to Sunday: the payables list's "Esta semana" with its default statuses gives the same.
    expect(board.week).toEqual(weekOf(today));
    const thisWeek = { status: ['open', 'partial'], dueFrom: board.week.from, dueTo: board.week.to };
    const payWeek = await list('payable', thisWeek);
    const receiveWeek = await list('receivable', thisWeek);
    expect(board.toPayThisWeek).toEqual({ count: payWeek.count, amount: payWeek.open });
    expect(board.toReceiveThisWeek).toEqual({ count: receiveWeek.count, amount: receiveWeek.open });
    expect(board.toPayThisWeek?.amount).toBeGreaterThanOrEqual(2_500);
    expect(board.unreconciledLines).toBe(0);
    expect(board.ordersAwaitingMe).toBeNull();
    expect(board.monthly).toHaveLength(12);
    expect(board.projection?.points).toHaveLength(30);
    expect(board.nextBills?.map((b) => b.open)).toEqual([2_500, 40_000]);
  });

  it('keeps investments and the money Mercado Pago holds apart from the cash available today', async () => {
    const org = await d.as('admin', d.org);
    const before = await org.reports.projection({ step: 'day', days: 10, unitId: d.matriz.unitId });
    await accountOf('investment', 'Aplicação automática do teste', 500_000);
    await accountOf('savings', 'Poupança do teste', 20_000);
    const wallet = await accountOf('digital_wallet', 'Mercado Pago do teste', 30_000);
    const pending = await accountOf('digital_wallet', 'Mercado Pago a liberar do teste', 70_000);
    await fin.mercadopago.settings.save({
      accountId: wallet,
      pendingAccountId: pending,
      feeClassificationId: ids.fees,
      idempotencyKey: crypto.randomUUID(),
    });
    held.add(pending);
    // A sale's net reaching "saldo a liberar" today is held by Mercado Pago, not cash to spend.
    await fin.ledger.movements.createEntry({
      accountId: pending,
      date: today,
      direction: 'in',
      amount: 4_000,
      classificationId: ids.revenue,
      costCentreId: ids.a,
      description: 'Venda aprovada, a liberar',
    });
    const balances = await balancesByKind();
    expect(balances.investments - before.balances.investments).toBe(520_000);
    expect(balances.providers - before.balances.providers).toBe(74_000);
    expect(balances.available - before.balances.available).toBe(30_000);

    const p = await org.reports.projection({ step: 'day', days: 10, unitId: d.matriz.unitId });
    const { total, ...apart } = balances;
    expect(p.balances).toEqual(apart);
    expect(p.opening).toBe(balances.available);
    expect(p.balances.available + p.balances.investments + p.balances.providers).toBe(total);
    // The curve starts from the available cash and moves only with what falls due.
    const [first] = p.points;
    expect(first && first.balance).toBe(balances.available + (first?.inflows ?? 0) - (first?.outflows ?? 0));
    expect(p.points.at(-1)?.balance).toBe((before.points.at(-1)?.balance ?? 0) + 30_000);
    expect((await fin.reports.dashboard()).balances).toEqual(apart);
  });

  it('leaves out what the profile may not read', async () => {
    await memberWith(d.t.database.db, d.matriz, 'sopagar', ['ler_contas_pagar']);
    const board = await (await d.as('sopagar', d.matriz)).reports.dashboard();
    expect(board.toPayToday).not.toBeNull();
    expect(board.nextBills).not.toBeNull();
    expect(board.toReceiveToday).toBeNull();
    expect(board.overdueReceivables).toBeNull();
    expect(board.toPayThisWeek).not.toBeNull();
    expect(board.toReceiveThisWeek).toBeNull();
    expect(board.balances).toBeNull();
    expect(board.monthly).toBeNull();
    expect(board.projection).toBeNull();
    expect(board.unreconciledLines).toBeNull();
    await memberWith(d.t.database.db, d.matriz, 'nada', []);
    const nothing = await (await d.as('nada', d.matriz)).reports.dashboard();
    expect(nothing.toPayToday).toBeNull();
    expect(nothing.nextBills).toBeNull();
    // The DRE and the projection follow the accounting reports' screens: the payables read in one unit are not enough.
    const unitOnly = await d.as('sopagar', d.matriz);
    expect(await codeOf(unitOnly.reports.dre({ from: '2026-01-01', to: '2026-01-01' }))).toBe('FORBIDDEN');
    expect(await codeOf(unitOnly.reports.projection({}))).toBe('FORBIDDEN');
    // The demo's finance team holds them at the organization.
    expect((await fin.reports.dre({ from: '2026-01-01', to: '2026-01-01' })).rows).toHaveLength(11);
  });

  it('answers nothing of another organization', async () => {
    const outro = await d.as('outro', d.elsewhere);
    const board = await outro.reports.dashboard();
    expect(board.overdueReceivables?.amount ?? 0).toBe(0);
    const intruder = await d.as('outro', d.matriz);
    expect(await codeOf(intruder.reports.dashboard())).toBe('FORBIDDEN');
    const outsider = await d.as('outro', d.org);
    expect(await codeOf(outsider.reports.dre({ from: '2026-01-01', to: '2026-02-01' }))).toBe('FORBIDDEN');
    const theirs = await d.as('outro', { organizationId: d.other.organizationId });
    const report = await theirs.reports.dre({ from: '2026-01-01', to: '2026-02-01' });
    expect(rowOf(report, 'result')?.months).toEqual([0, 0]);
    expect(await messageOf(theirs.reports.dre({ from: '2026-01-01', to: '2026-02-01', unitId: d.matriz.unitId }))).toBe(
      'Unidade não encontrada nesta organização.',
    );
    expect(await messageOf(theirs.reports.dre({ from: '2026-01-01', to: '2026-02-01', costCentreId: ids.a }))).toBe(
      'Centro de custo não encontrado nesta organização.',
    );
    expect(await messageOf(theirs.reports.projection({ unitId: d.matriz.unitId }))).toBe(
      'Unidade não encontrada nesta organização.',
    );
  });

  it('refuses bad input in pt-BR', async () => {
    const org = await d.as('admin', d.org);
    const bad: [() => Promise<unknown>, string][] = [
      [() => org.reports.dre({ from: '2026-13-01', to: '2026-12-01' }), 'Informe o mês inicial.'],
      [() => org.reports.dre({ from: '2026-02-01', to: '2026-01-01' }), 'O fim do período vem antes do início.'],
      [() => org.reports.dre({ from: '2020-01-01', to: '2025-01-01' }), 'Escolha um período de até 24 meses.'],
      [() => org.reports.dre({ from: '0000-01-01', to: '0000-02-01' }), 'Escolha um período entre'],
      [() => org.reports.dre({ from: '2026-01-01', to: '2026-01-01', unitId: 'x\u0000' }), 'caracteres inválidos'],
      [() => org.reports.dre({ from: 2025, to: '2026-01-01' } as never), 'Informe o mês inicial.'],
      [() => org.reports.dre({ from: '2026-01-01', to: '2026-01-01', basis: 'x' } as never), 'regime'],
      [() => org.reports.projection({ days: 1e9 }), 'Informe quantos dias.'],
      [() => org.reports.projection({ days: 1.5 }), 'Informe quantos dias.'],
      [() => org.reports.projection({ step: 'year' } as never), 'Escolha dia, semana ou mês.'],
    ];
    for (const [call, message] of bad) {
      expect(await codeOf(call())).toBe('BAD_REQUEST');
      expect(await messageOf(call())).toContain(message);
    }
  });
});
