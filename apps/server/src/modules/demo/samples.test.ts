import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contractSchedule, formatDocument, partyInput, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf } from '../../db/client';
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
    expect(suppliers.map((s) => s.tradeName)).toEqual(
      expect.arrayContaining(['Horizonte Imóveis', 'Papelaria Central', 'Rota Sul']),
    );
    expect((await caller.registries.customers.list({})).rows.map((c) => c.tradeName)).toEqual(
      expect.arrayContaining(['Bom Preço', 'Rota Sul']),
    );
    for (const party of [...suppliers, ...(await caller.registries.partners.list({})).rows]) {
      const parsed = partyInput.safeParse({ ...party, document: formatDocument(party.document) });
      expect(parsed.success, party.name).toBe(true);
    }
    const [contract] = (await caller.registries.contracts.list({})).rows;
    expect(contract && contractSchedule(contract)).toHaveLength(24);
    expect((await caller.registries.accounts.list({})).total).toBe(4);
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
});
