import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  addMonths,
  contractSchedule,
  formatDocument,
  monthPeriod,
  partyInput,
  PURCHASE_ORDER_STATUSES,
  todayInSaoPaulo,
} from '@financeiro/core';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor } from '../../test/callers';
import { users } from '../identity/schema';
import { outbox } from '../outbox/schema';
import { departments, organizations, units } from '../tenancy/schema';
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
    const suppliers = (await caller.registries.suppliers.list({ pageSize: 100 })).rows;
    expect(suppliers.map((s) => s.tradeName)).toEqual(
      expect.arrayContaining(['Horizonte Imóveis', 'Papelaria Central', 'Rota Sul', 'Serra Azul Metais']),
    );
    expect((await caller.registries.customers.list({})).rows.map((c) => c.tradeName)).toEqual(
      expect.arrayContaining(['Bom Preço', 'Rota Sul']),
    );
    const customers = (await caller.registries.customers.list({ pageSize: 100 })).rows;
    expect(customers.map((c) => c.name)).toContain('Consumidor final (vendas online)');
    for (const party of [...suppliers, ...customers, ...(await caller.registries.partners.list({})).rows]) {
      const parsed = partyInput.safeParse({ ...party, document: formatDocument(party.document) });
      expect(parsed.success, party.name).toBe(true);
    }
    const [contract] = (await caller.registries.contracts.list({})).rows;
    expect(contract && contractSchedule(contract)).toHaveLength(24);
    expect((await caller.registries.accounts.list({})).total).toBe(5);
    const [centre] = (await caller.registries.purchasingCentres.list({})).rows;
    expect(centre?.approvers.map((a) => a.limit)).toEqual([500_000, 5_000_000]);
    const [template] = (await caller.registries.apportionmentTemplates.list({})).rows;
    expect(template?.lines.reduce((sum, l) => sum + l.share, 0)).toBe(10_000);
    // The landlord's bills start with the shared rent's apportionment.
    const landlord = suppliers.find((s) => s.tradeName === 'Horizonte Imóveis');
    expect(landlord?.apportionmentTemplateId).toBe(template?.id);
  });

  it('keep eighteen months of books whose sums agree: paid, partly paid, overdue and cancelled bills', async () => {
    const caller = await as('financeiro', matriz);
    for (const kind of ['payable', 'receivable'] as const) {
      const { totals } = await caller.ledger.documents.list({ kind });
      for (const status of ['paid', 'open', 'cancelled'] as const) {
        expect(totals.byStatus[status].count, `${kind} ${status}`).toBeGreaterThan(0);
      }
      expect(totals.byStatus.overdue.count, `${kind} overdue`).toBeGreaterThan(0);
      const everything = await caller.ledger.documents.export({ kind });
      expect(everything.rows).toHaveLength(totals.count);
      expect(everything.rows.reduce((sum, r) => sum + r.amount, 0)).toBe(totals.amount);
      expect(everything.rows.reduce((sum, r) => sum + r.settled, 0)).toBe(totals.paid);
    }
    const receivables = await caller.ledger.documents.list({ kind: 'receivable' });
    expect(receivables.totals.byStatus.partial.count).toBeGreaterThan(0);
    const db = t.database.db;
    const broken = await db.execute(sql`
      select d.id from ledger_documents d
      join ledger_installments i on i.document_id = d.id
      group by d.id, d.net_amount having sum(i.amount) <> d.net_amount
      union all
      select i.id from ledger_installments i
      left join ledger_settlements s on s.installment_id = i.id
      group by i.id, i.settled having coalesce(sum(s.principal), 0) <> i.settled
      union all
      select p.id from ledger_payments p
      left join account_movements m on m.payment_id = p.id and m.kind in ('payment', 'reversal')
      group by p.id, p.total having coalesce(sum(m.amount), 0) <> p.total`);
    expect(rowsOf(broken)).toEqual([]);
  });

  it('hold purchase orders in every list, approved at one and two levels, concluded into their payables', async () => {
    const db = t.database.db;
    const [compras] = await db.select().from(departments).where(eq(departments.slug, 'compras'));
    const requester = await as('solicitante', { ...matriz, departmentId: compras?.id ?? '' });
    const { counts } = await requester.purchasing.counts();
    for (const status of PURCHASE_ORDER_STATUSES) expect(counts[status], status).toBeGreaterThan(0);

    // The order that climbed past the financeiro's limit waits for the admin; the first level waits for financeiro.
    const admin = await as('admin', { organizationId: matriz.organizationId });
    const finance = await as('financeiro', { organizationId: matriz.organizationId });
    expect((await admin.purchasing.counts()).waitingForMe).toBeGreaterThan(0);
    expect((await finance.purchasing.counts()).waitingForMe).toBeGreaterThan(0);

    const people = await db.select({ id: users.id, username: users.username }).from(users);
    const username = (id: string) => people.find((p) => p.id === id)?.username;
    const approved = await Promise.all(
      (await admin.purchasing.list({ status: 'aprovada' })).rows.map((r) => admin.purchasing.get({ id: r.id })),
    );
    const levels = approved.map((o) => o.approvals.map((a) => [username(a.approverId), a.limit]));
    expect(levels).toContainEqual([['financeiro', 500_000]]);
    expect(levels).toContainEqual([
      ['financeiro', 500_000],
      ['admin', 5_000_000],
    ]);
    // The tour concludes an approved order of the NF-e sample's issuer with that NF-e.
    expect(approved.find((o) => o.supplierDocument === '24581367000104')?.total).toBe(1_200_000);
    const quoted = (await admin.purchasing.list({ status: 'concluida' })).rows;
    const concluded = await Promise.all(quoted.map((r) => admin.purchasing.get({ id: r.id })));
    expect(concluded.some((o) => o.quotations.length === 3 && o.quotationReason)).toBe(true);

    const links = rowsOf<{ id: string; linked: boolean; installments: number }>(
      await db.execute(sql`
        select o.id, d.purchase_order_id = o.id and d.party_id = o.supplier_id and d.gross_amount = o.total as linked,
          (select count(*)::int from ledger_installments i where i.document_id = d.id) as installments
        from purchase_orders o left join ledger_documents d on d.id = o.payable_id
        where o.status = 'concluida'`),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !l.linked)).toEqual([]);
    expect(links.map((l) => l.installments)).toContain(3);

    // Each timeline starts when its order was made and reads forward, all within the last three months.
    const events = rowsOf<{ order_id: string; action: string; at: string; created_at: string }>(
      await db.execute(sql`
        select e.order_id, e.action, e.at::text, o.created_at::text from purchase_order_events e
        join purchase_orders o on o.id = e.order_id order by e.order_id, e.at, e.id`),
    );
    const now = Date.now();
    for (const [i, event] of events.entries()) {
      const previous = events[i - 1];
      if (previous?.order_id !== event.order_id) {
        expect([event.action, event.at]).toEqual(['criar', event.created_at]);
      } else expect(Date.parse(event.at)).toBeGreaterThan(Date.parse(previous.at));
      expect(now - Date.parse(event.at)).toBeGreaterThan(0);
      expect(now - Date.parse(event.at)).toBeLessThan(95 * 86_400_000);
    }
    // Nothing the seed did weeks ago is e-mailed at the first start.
    expect(await db.select().from(outbox)).toEqual([]);
  });

  it('move money between accounts every month: transfers, bank fees and yields on the statement', async () => {
    const caller = await as('financeiro', matriz);
    const today = todayInSaoPaulo();
    const { accounts } = await caller.ledger.statement.balances({ date: today });
    const bank = accounts.find((a) => a.name === 'Itaú movimento');
    const statement = await caller.ledger.statement.get({
      accountId: bank?.id ?? '',
      from: '2026-01-01',
      to: today,
      pageSize: 200,
    });
    const kinds = new Set(statement.rows.map((r) => r.kind));
    for (const kind of ['payment', 'transfer', 'manual', 'manual_reversal'] as const) expect(kinds).toContain(kind);
    expect(statement.rows.find((r) => r.kind === 'manual')?.classificationName).toBe('Tarifas bancárias');
    expect(statement.rows.find((r) => r.kind === 'transfer')?.counterpartAccountName).toBe('Itaú aplicação automática');
    expect(statement.closingBalance).toBe(bank?.balance);
    // The treasury keeps the checking account in funds at the end of every day, redeeming what the bills need.
    const endOfDay = new Map(statement.rows.map((r) => [r.date, r.balance]));
    expect([...endOfDay].filter(([, balance]) => balance < 0)).toEqual([]);
    expect(accounts.every((a) => a.balance >= 0)).toBe(true);
  });

  it('split last month’s consulting receipts among the partners, with real numbers to see', async () => {
    const caller = await as('financeiro', matriz);
    const [config] = (await caller.registries.splitConfigs.list({ search: 'Parceria de consultoria' })).rows;
    expect(config?.coverage).toBe('product');
    const lastMonth = monthPeriod(addMonths(`${todayInSaoPaulo().slice(0, 7)}-01`, -1));
    const preview = await caller.split.preview({ configId: config?.id ?? '', ...lastMonth });
    expect(preview.receipts.length).toBeGreaterThan(0);
    expect(preview.base).toBeGreaterThan(0);
    expect(preview.shares.map((s) => s.name)).toEqual(['Marina Souza Consultoria', 'Rafael Lima Representações']);
    expect(preview.shares.every((s) => s.amount > 0)).toBe(true);
    expect(preview.shares.reduce((sum, s) => sum + s.amount, 0) + preview.retained).toBe(preview.base);
    expect(preview.existingRun).toBeNull();
  });

  it('reconcile the online shop’s Mercado Pago sales by approval date, leaving the last days for the team', async () => {
    const caller = await as('financeiro', matriz);
    const today = todayInSaoPaulo();
    const accounts = await caller.banking.reconciliation.accounts();
    const wallet = accounts.find((a) => a.name === 'Mercado Pago vendas')?.id ?? '';
    expect(await caller.mercadopago.settings.get({ accountId: wallet })).toMatchObject({
      customerId: expect.any(String),
    });
    const { days, totals } = await caller.mercadopago.overview.days({
      accountId: wallet,
      from: addMonths(today, -3, 1),
      to: today,
    });
    // Months of sales, fees and releases; the oldest days closed to the centavo, the latest waiting for the team.
    expect(days.length).toBeGreaterThan(40);
    expect(totals.feesTotal).toBeGreaterThan(0);
    expect(totals.released).toBeGreaterThan(0);
    const closed = days.filter((d) => d.day < addMonths(today, -1));
    expect(closed.every((d) => d.difference === 0 && d.unmatchedPayments === 0)).toBe(true);
    expect(days.some((d) => d.unmatchedPayments > 0)).toBe(true);
    expect(days.some((d) => d.refunds < 0)).toBe(true);
    const { rows } = await caller.mercadopago.overview.payments({
      accountId: wallet,
      from: addMonths(today, -1),
      to: today,
      status: 'suggested',
      page: 1,
      pageSize: 50,
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]?.suggestion?.reasons.length).toBeGreaterThan(0);
  });
});
