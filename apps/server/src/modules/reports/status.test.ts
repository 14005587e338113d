import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import {
  addDays,
  STATUS_COLUMNS,
  todayInSaoPaulo,
  type DocumentKind,
  type InstallmentFilters,
  type StatusCell,
  type StatusColumn,
  type StatusGrouping,
  type StatusReport,
} from '@financeiro/core';
import { createTestApp, type TestApp } from '../../test/app';
import { callersFor, codeOf, messageOf } from '../../test/callers';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { seedDemo } from '../demo';
import { memberWith } from '../../test/members';
import { newAccount, newClassification, newCostCentre, newParty, type Callers } from '../../test/ledger-fixtures';
import { organizations, units } from '../tenancy/schema';

const today = todayInSaoPaulo();

/** What the installments' list shows for a column, with the group's own filter. */
const WINDOWS: Record<
  StatusColumn,
  { filters: Partial<InstallmentFilters>; figure: 'open' | 'overdue' | 'paid' | 'amount' }
> = {
  due: { filters: { status: ['open'], dueFrom: today }, figure: 'open' },
  partial: { filters: { status: ['partial'], dueFrom: today }, figure: 'open' },
  overdue_1_30: {
    filters: { status: ['overdue'], dueFrom: addDays(today, -30), dueTo: addDays(today, -1) },
    figure: 'overdue',
  },
  overdue_31_60: {
    filters: { status: ['overdue'], dueFrom: addDays(today, -60), dueTo: addDays(today, -31) },
    figure: 'overdue',
  },
  overdue_61_90: {
    filters: { status: ['overdue'], dueFrom: addDays(today, -90), dueTo: addDays(today, -61) },
    figure: 'overdue',
  },
  overdue_90: { filters: { status: ['overdue'], dueTo: addDays(today, -91) }, figure: 'overdue' },
  paid: { filters: { status: ['paid'] }, figure: 'paid' },
  cancelled: { filters: { status: ['cancelled'] }, figure: 'amount' },
};

async function listCell(
  as: Callers,
  kind: DocumentKind,
  column: StatusColumn,
  group: Partial<InstallmentFilters>,
): Promise<StatusCell> {
  const window = WINDOWS[column];
  const { totals } = await as.ledger.documents.list({ kind, pageSize: 1, filters: { ...window.filters, ...group } });
  return { count: totals.count, amount: totals[window.figure] };
}

/** Every cell of the none and party groupings equals the list's totals for the same filters. */
async function expectListFigures(as: Callers, kind: DocumentKind) {
  const none = await as.reports.status({ kind, groupBy: 'none' });
  expect(none.today).toBe(today);
  for (const column of STATUS_COLUMNS) {
    expect([column, none.totals.cells[column]]).toEqual([column, await listCell(as, kind, column, {})]);
  }
  const byParty = await as.reports.status({ kind, groupBy: 'party' });
  for (const row of byParty.rows) {
    for (const column of STATUS_COLUMNS) {
      const expected = await listCell(as, kind, column, { partyId: row.id });
      expect([row.label, column, row.cells[column]]).toEqual([row.label, column, expected]);
    }
  }
  expect(byParty.totals).toEqual(none.totals);
}

/** The rows add up to the totals row, column by column (amounts always; counts when no row shares one). */
function expectRowsAddUp(report: StatusReport, grouping: StatusGrouping) {
  const shared = grouping === 'classification' || grouping === 'costCentre';
  for (const column of STATUS_COLUMNS) {
    const amount = report.rows.reduce((s, r) => s + r.cells[column].amount, 0);
    expect([column, amount]).toEqual([column, report.totals.cells[column].amount]);
    if (!shared) {
      const count = report.rows.reduce((s, r) => s + r.cells[column].count, 0);
      expect([column, count]).toEqual([column, report.totals.cells[column].count]);
    }
  }
  for (const row of report.rows) {
    expect(row.total.amount).toBe(STATUS_COLUMNS.reduce((s, c) => s + row.cells[c].amount, 0));
  }
}

describe('reports: payables and receivables by status', () => {
  let d: DemoApp;
  let fin: Callers;
  const ids = {
    supplier: '',
    supplier2: '',
    customer: '',
    single: '',
    splitA: '',
    splitB: '',
    centre: '',
    centre2: '',
    account: '',
    filial: '',
  };

  beforeAll(async () => {
    d = await startDemoApp();
    fin = await d.as('financeiro', d.matriz);
    const admin = await d.as('admin', d.matriz);
    ids.supplier = await newParty(admin, {
      roles: ['supplier'],
      document: '11.222.333/0001-81',
      name: 'Aço Forte Ltda',
    });
    ids.supplier2 = await newParty(admin, {
      roles: ['supplier', 'customer'],
      document: '11.444.777/0001-61',
      name: 'Limpeza Total Ltda',
    });
    ids.customer = await newParty(admin, {
      roles: ['customer'],
      personType: 'PF',
      document: '529.982.247-25',
      name: 'Carla Cliente',
    });
    ids.single = await newClassification(admin, 'Só de linha única');
    ids.splitA = await newClassification(admin, 'Rateada A');
    ids.splitB = await newClassification(admin, 'Rateada B');
    ids.centre = await newCostCentre(admin, 'Centro do relatório');
    ids.centre2 = await newCostCentre(admin, 'Outro centro do relatório');
    ids.account = await newAccount(admin, d.matriz.unitId, 'Banco do relatório');
    const [filial] = await d.t.database.db.select().from(units).where(eq(units.slug, 'filial-campinas'));
    ids.filial = filial?.id ?? '';
    await memberWith(d.t.database.db, d.matriz, 'leitor', ['ler_contas_pagar']);
    await memberWith(d.t.database.db, d.matriz, 'recebedor', ['ler_contas_receber']);
  });
  afterAll(() => d?.t.close());

  it('equals the list on random books with partial, whole and cancelled installments, and apportions exactly', async () => {
    const [book] = fc.sample(
      fc.array(
        fc.record({
          kind: fc.constantFrom<DocumentKind>('payable', 'receivable'),
          party: fc.constantFrom(0, 1),
          lines: fc.constantFrom('single', 'split'),
          installments: fc.array(
            fc.record({
              days: fc.integer({ min: -200, max: 60 }),
              amount: fc.integer({ min: 1, max: 5_000_001 }),
              settle: fc.constantFrom('none', 'part', 'whole'),
            }),
            { minLength: 1, maxLength: 3 },
          ),
          cancel: fc.boolean(),
        }),
        { minLength: 12, maxLength: 12 },
      ),
      { seed: 1717, numRuns: 1 },
    );
    for (const doc of book ?? []) {
      const gross = doc.installments.reduce((s, i) => s + i.amount, 0);
      const partyId =
        doc.kind === 'payable'
          ? doc.party === 0
            ? ids.supplier
            : ids.supplier2
          : doc.party === 0
            ? ids.customer
            : ids.supplier2;
      const lines =
        doc.lines === 'single'
          ? [{ classificationId: ids.single, costCentreId: ids.centre, share: 10_000 }]
          : [
              { classificationId: ids.splitA, costCentreId: ids.centre, share: 3_333 },
              { classificationId: ids.splitB, costCentreId: ids.centre2, share: 6_667 },
            ];
      const { id } = await fin.ledger.documents.create({
        kind: doc.kind,
        partyId,
        description: 'Título aleatório do relatório',
        documentType: 'outros',
        issueDate: addDays(today, -210),
        competence: addDays(today, -210),
        grossAmount: gross,
        lines,
        installments: doc.installments.map((i) => ({ dueDate: addDays(today, i.days), amount: i.amount })),
      });
      const document = await fin.ledger.documents.get({ id });
      if (doc.cancel && doc.installments.every((i) => i.settle === 'none')) {
        await fin.ledger.documents.cancel({ kind: doc.kind, ids: [id], reason: 'Lançado em duplicidade' });
        continue;
      }
      const items = doc.installments.flatMap((i, k) => {
        const installment = document.installments[k];
        if (!installment || i.settle === 'none' || (i.settle === 'part' && i.amount < 2)) return [];
        return [
          { installmentId: installment.id, principal: i.settle === 'whole' ? i.amount : Math.floor(i.amount / 2) },
        ];
      });
      if (items.length > 0) {
        await fin.ledger.payments.settle({ kind: doc.kind, paidDate: today, accountId: ids.account, items });
      }
    }
    await expectListFigures(fin, 'payable');
    await expectListFigures(fin, 'receivable');
    // The seeded book reaches most columns: open, partly paid, overdue by age, paid and cancelled.
    const reached = (await fin.reports.status({ kind: 'payable' })).totals.cells;
    expect(STATUS_COLUMNS.filter((c) => reached[c].count > 0).length).toBeGreaterThanOrEqual(5);
    for (const kind of ['payable', 'receivable'] as const) {
      for (const grouping of ['classification', 'costCentre'] as const) {
        const report = await fin.reports.status({ kind, groupBy: grouping });
        expectRowsAddUp(report, grouping);
        expect(report.totals).toEqual((await fin.reports.status({ kind, groupBy: 'none' })).totals);
      }
      // A classification only single-line documents use holds what the list filtered by it shows.
      const byClassification = await fin.reports.status({ kind, groupBy: 'classification' });
      const single = byClassification.rows.find((r) => r.id === ids.single);
      for (const column of STATUS_COLUMNS) {
        const expected = await listCell(fin, kind, column, { classificationId: ids.single });
        expect([column, single?.cells[column] ?? { count: 0, amount: 0 }]).toEqual([column, expected]);
      }
      // Split documents: A's and B's parts are a third and two thirds to the centavo, and add up.
      const a = byClassification.rows.find((r) => r.id === ids.splitA);
      const b = byClassification.rows.find((r) => r.id === ids.splitB);
      for (const column of STATUS_COLUMNS) {
        const whole = await listCell(fin, kind, column, { classificationId: ids.splitA });
        const parts = (a?.cells[column].amount ?? 0) + (b?.cells[column].amount ?? 0);
        expect([column, parts]).toEqual([column, whole.amount]);
        expect(Math.abs((a?.cells[column].amount ?? 0) - whole.amount * 0.3333)).toBeLessThanOrEqual(whole.count + 1);
      }
      const byCentre = await fin.reports.status({ kind, groupBy: 'costCentre' });
      const centre2 = byCentre.rows.find((r) => r.id === ids.centre2);
      expect(centre2?.total.amount ?? 0).toBe(b?.total.amount ?? 0);
    }
  });

  it('groups by unit: each unit the member reads, with the figures of that unit', async () => {
    const byUnit = await fin.reports.status({ kind: 'payable', groupBy: 'unit' });
    expect(byUnit.rows.map((r) => r.id).sort()).toEqual([d.matriz.unitId, ids.filial].sort());
    const matriz = await fin.reports.status({ kind: 'payable', groupBy: 'none' });
    const filial = await (
      await d.as('financeiro', { ...d.matriz, unitId: ids.filial })
    ).reports.status({
      kind: 'payable',
      groupBy: 'none',
    });
    expect(byUnit.rows.find((r) => r.id === d.matriz.unitId)?.cells).toEqual(matriz.totals.cells);
    expect(byUnit.rows.find((r) => r.id === ids.filial)?.cells).toEqual(filial.totals.cells);
    expectRowsAddUp(byUnit, 'unit');
    // The unit's own view comes back after the report: the same caller's list still sees the selected unit only.
    const leitor = await d.as('leitor', d.matriz);
    const mine = await leitor.reports.status({ kind: 'payable', groupBy: 'unit' });
    expect(mine.rows.map((r) => r.id)).toEqual([d.matriz.unitId]);
    expect(mine.rows[0]?.cells).toEqual(matriz.totals.cells);
  });

  it('asks for the kind’s read permission, and keeps to the caller’s organization', async () => {
    const leitor = await d.as('leitor', d.matriz);
    expect(await codeOf(leitor.reports.status({ kind: 'payable' }))).toBe('OK');
    expect(await codeOf(leitor.reports.status({ kind: 'receivable' }))).toBe('FORBIDDEN');
    const recebedor = await d.as('recebedor', d.matriz);
    expect(await codeOf(recebedor.reports.status({ kind: 'receivable', groupBy: 'party' }))).toBe('OK');
    expect(await codeOf(recebedor.reports.status({ kind: 'payable' }))).toBe('FORBIDDEN');
    const solicitante = await d.as('solicitante', d.matriz);
    expect(await codeOf(solicitante.reports.status({ kind: 'payable' }))).toBe('FORBIDDEN');

    // Another organization's administrator sees an empty book of their own, and cannot point at Demo's.
    const outro = await d.as('outro', d.elsewhere);
    for (const groupBy of ['none', 'party', 'classification', 'costCentre', 'unit'] as const) {
      const report = await outro.reports.status({ kind: 'payable', groupBy });
      expect(report.totals.total).toEqual({ count: 0, amount: 0 });
      expect(report.rows.filter((r) => r.total.count > 0)).toEqual([]);
    }
    const intruder = await d.as('outro', d.matriz);
    expect(await codeOf(intruder.reports.status({ kind: 'payable' }))).toBe('FORBIDDEN');
  });

  it('answers bad input with a pt-BR 400', async () => {
    const bad: [unknown, string][] = [
      [{ kind: 'both' }, 'Escolha contas a pagar ou a receber.'],
      [{ kind: 'payable', groupBy: 'month' }, 'Escolha como agrupar.'],
      [{ kind: 'payable', groupBy: '\u0000' }, 'caractere nulo'],
      [{ kind: 7 }, 'Escolha contas a pagar ou a receber.'],
      [null, 'Dados inválidos.'],
    ];
    for (const [input, message] of bad) {
      const call = () => fin.reports.status(input as never);
      expect(await codeOf(call())).toBe('BAD_REQUEST');
      expect(await messageOf(call())).toContain(message);
    }
  });
});

describe('reports: by status on the demo’s sample books (npm start)', () => {
  let t: TestApp;
  let fin: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db, { samples: true });
    const [demo] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [unit] = await t.database.db.select().from(units).where(eq(units.slug, 'matriz'));
    fin = await callersFor(t)('financeiro', { organizationId: demo?.id ?? '', unitId: unit?.id ?? '' });
  });
  afterAll(() => t?.close());

  it("equals the installments' list cell by cell, by party and in total, and every grouping adds up", async () => {
    for (const kind of ['payable', 'receivable'] as const) {
      const none = await fin.reports.status({ kind });
      expect(none.totals.total.count).toBeGreaterThan(0);
      await expectListFigures(fin, kind);
      for (const grouping of ['none', 'party', 'classification', 'costCentre', 'unit'] as const) {
        const report = await fin.reports.status({ kind, groupBy: grouping });
        expectRowsAddUp(report, grouping);
        if (grouping !== 'unit') expect(report.totals).toEqual(none.totals);
      }
    }
  });
});
