import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, apportion, splitEvenly, withholdings, type DocumentKind, type ReportBasis } from '@financeiro/core';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { dreAmounts } from './dre';

const IRRF_RATE = 150;
const MONTHS = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01'];
/** One figure per month and classification, signed as the DRE signs it: revenue +, expense −. */
type Figures = Map<string, number>;
const keyOf = (month: string, classificationId: string) => `${month} ${classificationId}`;
const add = (figures: Figures, key: string, amount: number) => figures.set(key, (figures.get(key) ?? 0) + amount);
const signOf = (kind: DocumentKind) => (kind === 'receivable' ? 1 : -1);
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
/** A month's figures up to and including `month`, added over every classification. */
const through = (figures: Figures, month: string) =>
  [...figures].filter(([key]) => key.slice(0, 10) <= month).reduce((sum, [, amount]) => sum + amount, 0);

describe('reports: the DRE on both bases equals an oracle of its own over random books', () => {
  let d: DemoApp;
  let outro: Callers;
  const ids = {
    supplier: '',
    customer: '',
    government: '',
    expense: '',
    income: '',
    a: '',
    b: '',
    account: '',
    irrf: '',
  };

  beforeAll(async () => {
    d = await startDemoApp();
    outro = await d.as('outro', d.elsewhere);
    ids.supplier = await newParty(outro, { roles: ['supplier'], document: '11.222.333/0001-81', name: 'Escritório' });
    ids.customer = await newParty(outro, { roles: ['customer'], document: '11.444.777/0001-61', name: 'Cliente' });
    ids.government = await newParty(outro, {
      roles: ['supplier'],
      document: '00.394.460/0058-87',
      name: 'Receita Federal',
    });
    ids.expense = await newClassification(outro, 'Serviços tomados');
    ids.income = await newClassification(outro, 'Serviços prestados', 'income');
    ids.a = await newCostCentre(outro, 'Centro A');
    ids.b = await newCostCentre(outro, 'Centro B');
    ids.account = await newAccount(outro, d.elsewhere.unitId, 'Banco das bases');
    ids.irrf = (
      await outro.registries.taxTypes.create({
        name: 'IRRF',
        kind: 'IRRF',
        rate: IRRF_RATE,
        withheld: true,
        collectionCode: '1708',
        dueDay: 20,
        collectorPartyId: ids.government,
      })
    ).id;
  });
  afterAll(() => d?.t.close());

  it('computes competência and caixa from the documents and payments, and their difference is what is still open', async () => {
    const [book] = fc.sample(
      fc.array(
        fc.record({
          kind: fc.constantFrom<DocumentKind>('payable', 'receivable'),
          gross: fc.integer({ min: 300, max: 2_000_000 }),
          month: fc.integer({ min: 0, max: 2 }),
          split: fc.boolean(),
          withhold: fc.boolean(),
          installments: fc.array(
            fc.record({ pay: fc.constantFrom('none', 'half', 'whole'), later: fc.integer({ min: 0, max: 2 }) }),
            { minLength: 1, maxLength: 3 },
          ),
          taxPaidLater: fc.option(fc.integer({ min: 0, max: 2 })),
        }),
        { minLength: 10, maxLength: 10 },
      ),
      { seed: 2812, numRuns: 1 },
    );
    const documentIds: string[] = [];
    for (const doc of book ?? []) {
      const competence = MONTHS[doc.month] ?? '';
      const withheld = doc.kind === 'payable' && doc.withhold;
      const net = withheld ? withholdings(doc.gross, [{ taxTypeId: ids.irrf, rate: IRRF_RATE }]).net : doc.gross;
      const amounts = splitEvenly(net, doc.installments.length);
      const classificationId = doc.kind === 'payable' ? ids.expense : ids.income;
      const { id } = await outro.ledger.documents.create({
        kind: doc.kind,
        partyId: doc.kind === 'payable' ? ids.supplier : ids.customer,
        description: 'Título das bases',
        documentType: 'outros',
        issueDate: competence,
        competence,
        grossAmount: doc.gross,
        lines: doc.split
          ? [
              { classificationId, costCentreId: ids.a, share: 3_333 },
              { classificationId, costCentreId: ids.b, share: 6_667 },
            ]
          : [{ classificationId, costCentreId: ids.a, share: 10_000 }],
        taxes: withheld ? [{ taxTypeId: ids.irrf }] : [],
        installments: amounts.map((amount, k) => ({ dueDate: addMonths(competence, k), amount })),
      });
      documentIds.push(id);
      const stored = await outro.ledger.documents.get({ id });
      for (const [k, installment] of doc.installments.entries()) {
        const row = stored.installments[k];
        const principal = installment.pay === 'whole' ? row?.amount : Math.floor((row?.amount ?? 0) / 2);
        if (!row || installment.pay === 'none' || !principal) continue;
        await outro.ledger.payments.settle({
          kind: doc.kind,
          paidDate: addMonths(competence, installment.later).replace(/-01$/, '-15'),
          accountId: ids.account,
          items: [{ installmentId: row.id, principal }],
        });
      }
    }
    // Each month's IRRF in one DARF (a month below the R$ 10,00 minimum is carried into the next one's), paid when
    // the month's first withholding bill says.
    for (const [month, period] of MONTHS.entries()) {
      const collection = await outro.ledger.taxes.collect({ collection: '1708', period }).catch((error: Error) => {
        if (/abaixo do mínimo|Não há IRRF/.test(error.message)) return null;
        throw error;
      });
      const payLater = book?.find((doc) => doc.month === month && doc.kind === 'payable' && doc.withhold)?.taxPaidLater;
      if (!collection || payLater === null || payLater === undefined) continue;
      const [tax] = (await outro.ledger.documents.get({ id: collection.id })).installments;
      await outro.ledger.payments.settle({
        kind: 'payable',
        paidDate: addMonths(period, payLater + 1).replace(/-01$/, '-20'),
        accountId: ids.account,
        items: [{ installmentId: tax?.id ?? '', principal: tax?.amount ?? 0 }],
      });
    }

    // The oracle: each bill's lines on its competence (a withheld tax's collection is part of its bills, not an
    // expense of its own); each settlement on its payment's month, apportioned over its document's shares.
    const oracle: Record<ReportBasis, Figures> = { accrual: new Map(), cash: new Map() };
    /** What each month leaves open, signed: accrued through it and not paid or received by its end. */
    const open = new Map<string, number>();
    const documents = await Promise.all(documentIds.map((id) => outro.ledger.documents.get({ id })));
    const taxDocuments = await Promise.all(
      [
        ...new Set(documents.flatMap((doc) => doc.taxes.flatMap((t) => (t.taxDocumentId ? [t.taxDocumentId] : [])))),
      ].map((id) => outro.ledger.documents.get({ id })),
    );
    for (const doc of documents) {
      for (const line of doc.lines)
        add(oracle.accrual, keyOf(doc.competence, line.classificationId), signOf(doc.kind) * line.amount);
      for (const month of MONTHS.filter((m) => m >= doc.competence))
        add(open, month, signOf(doc.kind) * doc.grossAmount);
    }
    for (const doc of [...documents, ...taxDocuments]) {
      const shares = doc.lines.map((l) => l.share);
      for (const payment of doc.payments) {
        for (const s of payment.settlements) {
          const value = s.principal + s.interest + s.fine - s.discount;
          const parts = apportion(Math.abs(value), shares);
          doc.lines.forEach((line, i) =>
            add(
              oracle.cash,
              keyOf(monthOf(payment.paidDate), line.classificationId),
              signOf(doc.kind) * Math.sign(value) * (parts[i] ?? 0),
            ),
          );
          for (const month of MONTHS.filter((m) => m >= monthOf(payment.paidDate))) {
            add(open, month, -signOf(doc.kind) * s.principal);
          }
        }
      }
    }

    const report: Record<ReportBasis, Figures> = { accrual: new Map(), cash: new Map() };
    for (const basis of ['accrual', 'cash'] as const) {
      const rows = await d.t.database.db.transaction((tx) =>
        dreAmounts(tx, {
          organizationId: d.elsewhere.organizationId,
          unitId: null,
          basis,
          costCentreId: null,
          from: MONTHS[0] ?? '',
          to: MONTHS.at(-1) ?? '',
          end: '2026-07-01',
        }),
      );
      for (const row of rows) {
        const classificationId = row.classification_id ?? '';
        if (classificationId === ids.expense || classificationId === ids.income)
          add(report[basis], keyOf(row.month, classificationId), Number(row.amount));
      }
      expect([basis, Object.fromEntries(report[basis])]).toEqual([basis, Object.fromEntries(oracle[basis])]);
    }
    // Month by month, what the competência basis counted and the caixa basis has not yet is exactly what is open.
    for (const month of MONTHS) {
      expect([month, through(report.accrual, month) - through(report.cash, month)]).toEqual([
        month,
        open.get(month) ?? 0,
      ]);
    }
    // The random book reaches the cases that matter: withheld taxes, paid and unpaid, split lines, both kinds.
    expect(taxDocuments.length).toBeGreaterThan(0);
    expect(documents.some((doc) => doc.payments.length === 0)).toBe(true);
    expect(new Set(documents.map((doc) => doc.kind)).size).toBe(2);
  });
});
