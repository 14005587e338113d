import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, todayInSaoPaulo } from '@financeiro/core';
import { codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { eq } from 'drizzle-orm';
import { units } from '../tenancy/schema';
import { newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';

describe('ledger statement: balances, running balance, pages and the multi-account view', () => {
  let d: DemoApp;
  let fin: Callers;
  let admin: Callers;
  const ids = { supplier: '', classification: '', centre: '', type: '' };

  /** An account opened on 2026-01-01 with `opening` centavos. */
  async function account(name: string, opening: number, unitId = d.matriz.unitId): Promise<string> {
    const created = await admin.registries.accounts.create({
      name,
      accountTypeId: ids.type,
      openingBalance: opening,
      openingDate: '2026-01-01',
      unitIds: [unitId],
    });
    return created.id;
  }

  const entry = (accountId: string, date: string, amount: number, description = 'Ajuste') =>
    fin.ledger.movements.createEntry({
      accountId,
      date,
      direction: amount > 0 ? 'in' : 'out',
      amount: Math.abs(amount),
      classificationId: ids.classification,
      description,
    });

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    admin = await d.as('admin', d.matriz);
    ids.supplier = await newParty(admin, {
      roles: ['supplier'],
      document: '11.222.333/0001-81',
      name: 'Papelaria Sul',
    });
    ids.classification = await newClassification(admin, 'Ajustes bancários');
    ids.centre = await newCostCentre(admin, 'Administrativo');
    ids.type = (await admin.registries.accountTypes.create({ name: 'Corrente do extrato', kind: 'checking' })).id;
  });
  afterAll(() => d?.t.close());

  it('opens with the account balance plus what came before, runs the balance across pages and closes with the totals', async () => {
    const id = await account('Conta paginada', 100_000);
    await entry(id, '2026-01-20', -30_000, 'Antes do período');
    const amounts = [5_000, -1_200, 700, -300, 10_000, -2_500, 450];
    for (const [i, amount] of amounts.entries()) {
      await entry(id, `2026-02-${String(10 + Math.floor(i / 2)).padStart(2, '0')}`, amount, `Movimento ${i + 1}`);
    }
    await entry(id, '2026-03-02', 99_999, 'Depois do período');
    const period = { accountId: id, from: '2026-02-01', to: '2026-02-28', pageSize: 3 };
    const pages = await Promise.all([1, 2, 3].map((page) => fin.ledger.statement.get({ ...period, page })));
    const [first] = pages;
    expect(first).toMatchObject({
      openingBalance: 70_000,
      totalIn: 16_150,
      totalOut: -4_000,
      closingBalance: 82_150,
      total: 7,
    });
    const rows = pages.flatMap((p) => p.rows);
    expect(rows.map((r) => r.description)).toEqual(amounts.map((_, i) => `Movimento ${i + 1}`));
    let running = 70_000;
    for (const [i, row] of rows.entries()) {
      running += amounts[i] ?? 0;
      expect(row.balance).toBe(running);
    }
    expect(rows.at(-1)?.balance).toBe(first?.closingBalance);
  });

  it('defaults to the current month in São Paulo and refuses a period that ends before it starts', async () => {
    const id = await account('Conta do mês', 0);
    const today = todayInSaoPaulo();
    const statement = await fin.ledger.statement.get({ accountId: id });
    expect(statement.from).toBe(`${today.slice(0, 7)}-01`);
    expect(statement.to >= today).toBe(true);
    expect(statement.to.slice(0, 7)).toBe(today.slice(0, 7));
    expect(
      await messageOf(fin.ledger.statement.get({ accountId: id, from: '2026-02-10', to: '2026-02-01' })),
    ).toContain('A data final não pode ser antes da inicial.');
    expect(await codeOf(fin.ledger.statement.get({ accountId: 'x' }))).toBe('BAD_REQUEST');
  });

  it("shows a settlement's movement with its document and party, and refuses to reverse it here", async () => {
    const id = await account('Conta de pagamentos', 500_000);
    const { id: documentId } = await fin.ledger.documents.create({
      kind: 'payable',
      partyId: ids.supplier,
      description: 'Material de escritório',
      documentNumber: 'NF-321',
      documentType: 'nfe',
      issueDate: '2026-02-01',
      competence: '02/2026',
      grossAmount: 25_000,
      lines: [{ classificationId: ids.classification, costCentreId: ids.centre, share: 10_000 }],
      installments: [{ dueDate: '2026-02-20', amount: 25_000 }],
    });
    const document = await fin.ledger.documents.get({ id: documentId });
    const { paymentId } = await fin.ledger.payments.settle({
      kind: 'payable',
      paidDate: '2026-02-20',
      accountId: id,
      items: [{ installmentId: document.installments[0]?.id ?? '', principal: 25_000 }],
    });
    const statement = await fin.ledger.statement.get({ accountId: id, from: '2026-02-01', to: '2026-02-28' });
    const [row] = statement.rows;
    expect(row).toMatchObject({
      kind: 'payment',
      amount: -25_000,
      balance: 475_000,
      paymentId,
      document: { id: documentId, kind: 'payable', number: 'NF-321' },
      partyName: 'Papelaria Sul',
      reversed: false,
      reconciled: 0,
    });
    expect(await messageOf(fin.ledger.movements.reverse({ movementId: row?.id ?? '', reason: 'x' }))).toContain(
      'estorne-o pelo título',
    );
    await fin.ledger.payments.reverse({ paymentId, reason: 'Pago em duplicidade' });
    const after = await fin.ledger.statement.get({ accountId: id, from: '2026-02-01', to: '2026-02-28' });
    expect(after.rows.map((r) => [r.kind, r.reversed, r.document?.id])).toEqual([
      ['payment', true, documentId],
      ['reversal', false, documentId],
    ]);
    expect(after.closingBalance).toBe(500_000);
  });

  it('lists every account open to the unit with its balance at a date, and the total', async () => {
    const a = await account('Caixa da matriz', 10_000);
    const b = await account('Poupança', 20_000);
    await fin.ledger.movements.transfer({
      fromAccountId: a,
      toAccountId: b,
      date: '2026-04-10',
      amount: 3_000,
    });
    const before = await fin.ledger.statement.balances({ date: '2026-04-09' });
    const after = await fin.ledger.statement.balances({ date: '2026-04-10' });
    expect(before.accounts.find((x) => x.id === a)?.balance).toBe(10_000);
    expect(after.accounts.find((x) => x.id === a)?.balance).toBe(7_000);
    expect(after.accounts.find((x) => x.id === b)).toMatchObject({ balance: 23_000, kind: 'checking' });
    expect(after.total).toBe(after.accounts.reduce((sum, x) => sum + x.balance, 0));
    // A transfer moves money between accounts: the total stays.
    expect(after.total).toBe(before.total);
    const defaults = await fin.ledger.statement.balances({});
    expect(defaults.date).toBe(todayInSaoPaulo());
    // An account open to the other unit only is not listed at the Matriz.
    const [filial] = await d.t.database.db.select().from(units).where(eq(units.slug, 'filial-campinas'));
    const elsewhere = { id: await account('Conta da filial', 0, filial?.id) };
    expect((await fin.ledger.statement.balances({})).accounts.map((x) => x.id)).not.toContain(elsewhere.id);
    expect(await codeOf(fin.ledger.statement.get({ accountId: elsewhere.id }))).toBe('NOT_FOUND');
  });

  it('the balance at any date is the opening balance plus every movement up to that date', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 89 }),
            amount: fc.integer({ min: -500_000, max: 500_000 }).filter((v) => v !== 0),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 89 }),
        async (opening, movements, probe) => {
          n += 1;
          const id = await account(`Conta aleatória ${n}`, opening);
          for (const m of movements) await entry(id, addDays('2026-01-01', m.day), m.amount);
          const date = addDays('2026-01-01', probe);
          const expected = opening + movements.filter((m) => m.day <= probe).reduce((sum, m) => sum + m.amount, 0);
          const balances = await fin.ledger.statement.balances({ date });
          expect(balances.accounts.find((a) => a.id === id)?.balance).toBe(expected);
          // The statement that ends on that date closes with the same balance, and opens the next day with it.
          const ending = await fin.ledger.statement.get({ accountId: id, from: '2026-01-01', to: date });
          expect(ending.closingBalance).toBe(expected);
          const next = await fin.ledger.statement.get({ accountId: id, from: addDays(date, 1), to: '2026-12-31' });
          expect(next.openingBalance).toBe(expected);
        },
      ),
      { numRuns: 10 },
    );
  });
});
