import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { DocumentCreateInput, FlowDimension, FlowDirection, ReportBasis } from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { startDemoApp, type DemoApp } from '../../test/demo';
import { newParty, type Callers } from '../../test/ledger-fixtures';
import { monthlyFlows } from './dashboard';
import { dreAmounts } from './dre';
import { flowAmounts } from './flows';
import { plainDreAmounts, plainFlowAmounts, plainMonthly } from './test-oracle';

/** Rows in a stable order, amounts as numbers, so that two sources compare with toEqual. */
const sorted = (rows: object[]) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

const DIRECTIONS: FlowDirection[] = ['in', 'out'];
const DIMENSIONS: FlowDimension[] = ['classification', 'costCentre'];
const BASES: ReportBasis[] = ['cash', 'accrual'];
const WHOLE = { start: '2000-01-01', end: '2100-01-01' };

describe('reports: the monthly summary equals the plain queries over the books', () => {
  let d: DemoApp;
  let outro: Callers;
  const ids = {
    customer: '',
    supplier: '',
    vendas: '',
    servicos: '',
    aluguel: '',
    loja: '',
    escritorio: '',
    account: '',
    irrf: '',
    government: '',
    withheld: '',
  };

  /** Runs `fn` in a transaction of the database's owner (the oracle reads every row). */
  const read = <T>(fn: (tx: Tx) => Promise<T>) => d.t.database.db.transaction(fn);

  /** Every figure the reports read, from the summary and from the plain queries, for one organization. */
  async function compareIn(tx: Tx, organizationId: string) {
    const units = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from units where organization_id = ${organizationId}`),
    ).map((u) => u.id);
    const centres = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from cost_centres where organization_id = ${organizationId}`),
    ).map((c) => c.id);
    let compared = 0;
    {
      for (const unitId of [null, ...units]) {
        for (const basis of BASES) {
          for (const direction of DIRECTIONS) {
            for (const dimension of DIMENSIONS) {
              const range = { organizationId, unitId, direction, dimension, ...WHOLE };
              const summary = sorted(await flowAmounts(tx, range, basis));
              expect(summary).toEqual(sorted(await plainFlowAmounts(tx, range, basis)));
              compared += summary.length;
            }
          }
          for (const costCentreId of [null, ...centres]) {
            const range = { organizationId, unitId, basis, costCentreId, from: WHOLE.start, to: '2099-12-01' };
            const dre = sorted(await dreAmounts(tx, { ...range, end: WHOLE.end }));
            expect(dre).toEqual(sorted(await plainDreAmounts(tx, { ...range, end: WHOLE.end })));
            compared += dre.length;
          }
        }
        if (unitId) {
          const monthly = sorted(await monthlyFlows(tx, organizationId, unitId, WHOLE.start, WHOLE.end));
          expect(monthly).toEqual(sorted(await plainMonthly(tx, organizationId, unitId, WHOLE.start, WHOLE.end)));
          compared += monthly.length;
        }
      }
    }
    return compared;
  }
  const compare = (organizationId: string) => read((tx) => compareIn(tx, organizationId));

  const receivable = (overrides: Partial<DocumentCreateInput>): DocumentCreateInput => ({
    kind: 'receivable',
    partyId: ids.customer,
    description: 'Venda',
    documentType: 'outros',
    issueDate: '2025-01-05',
    competence: '01/2025',
    grossAmount: 100_001,
    lines: [
      { classificationId: ids.vendas, costCentreId: ids.loja, share: 3_333 },
      { classificationId: ids.servicos, costCentreId: ids.escritorio, share: 3_333 },
      { classificationId: ids.servicos, costCentreId: ids.loja, share: 3_334 },
    ],
    installments: [
      { dueDate: '2025-01-20', amount: 50_001 },
      { dueDate: '2025-02-20', amount: 50_000 },
    ],
    ...overrides,
  });
  const installmentsOf = async (id: string) => (await outro.ledger.documents.get({ id })).installments;
  const settle = (kind: 'receivable' | 'payable', installmentId: string, principal: number, paidDate: string) =>
    outro.ledger.payments.settle({ kind, paidDate, accountId: ids.account, items: [{ installmentId, principal }] });

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
    const classification = async (name: string, nature: 'income' | 'expense') =>
      (await outro.registries.classifications.create({ name, nature, parentId: null })).id;
    ids.vendas = await classification('Vendas', 'income');
    ids.servicos = await classification('Serviços', 'income');
    ids.aluguel = await classification('Aluguel', 'expense');
    ids.loja = (await outro.registries.costCentres.create({ name: 'Loja' })).id;
    ids.escritorio = (await outro.registries.costCentres.create({ name: 'Escritório' })).id;
    const type = await outro.registries.accountTypes.create({ name: 'Corrente', kind: 'checking' });
    ids.account = (
      await outro.registries.accounts.create({
        name: 'Banco A',
        accountTypeId: type.id,
        openingBalance: 0,
        openingDate: '2024-01-01',
        unitIds: [d.elsewhere.unitId],
      })
    ).id;

    // A split receivable: a partial settlement with interest, a reversal, the rest of it, and its second installment.
    const r1 = await outro.ledger.documents.create(receivable({}));
    const [first, second] = await installmentsOf(r1.id);
    await outro.ledger.payments.settle({
      kind: 'receivable',
      paidDate: '2025-01-20',
      accountId: ids.account,
      fees: 150,
      items: [{ installmentId: first?.id ?? '', principal: 20_000, interest: 7 }],
    });
    const undone = await settle('receivable', first?.id ?? '', 10_001, '2025-01-25');
    await outro.ledger.payments.reverse({ paymentId: undone.paymentId, reason: 'Cheque devolvido' });
    await settle('receivable', first?.id ?? '', 30_001, '2025-02-02');
    await settle('receivable', second?.id ?? '', 50_000, '2025-03-01');

    // Edited before its first settlement: other lines, another competence and gross; then settled in part.
    const r2 = await outro.ledger.documents.create(
      receivable({ grossAmount: 9_999, installments: [{ dueDate: '2025-01-20', amount: 9_999 }] }),
    );
    const fields = receivable({
      competence: '03/2025',
      grossAmount: 12_345,
      lines: [
        { classificationId: ids.servicos, costCentreId: ids.escritorio, share: 7_000 },
        { classificationId: ids.vendas, costCentreId: ids.escritorio, share: 3_000 },
      ],
      installments: [{ dueDate: '2025-03-20', amount: 12_345 }],
    });
    await outro.ledger.documents.update({ ...fields, id: r2.id, version: 1 });
    const [edited] = await installmentsOf(r2.id);
    await settle('receivable', edited?.id ?? '', 5_001, '2025-03-21');

    // Cancelled: out of the accrual basis.
    const r3 = await outro.ledger.documents.create(
      receivable({ grossAmount: 7_000, installments: [{ dueDate: '2025-01-30', amount: 7_000 }] }),
    );
    await outro.ledger.documents.cancel({ kind: 'receivable', ids: [r3.id], reason: 'Venda desfeita' });

    // A payable paid with a fine and a discount.
    const p1 = await outro.ledger.documents.create({
      kind: 'payable',
      partyId: ids.supplier,
      description: 'Aluguel',
      documentType: 'outros',
      issueDate: '2025-02-01',
      competence: '02/2025',
      grossAmount: 30_000,
      lines: [{ classificationId: ids.aluguel, costCentreId: ids.escritorio, share: 10_000 }],
      installments: [{ dueDate: '2025-02-05', amount: 30_000 }],
    });
    const [rent] = await installmentsOf(p1.id);
    await outro.ledger.payments.settle({
      kind: 'payable',
      paidDate: '2025-02-05',
      accountId: ids.account,
      items: [{ installmentId: rent?.id ?? '', principal: 30_000, fine: 600, discount: 100 }],
    });

    // A bill with IRRF withheld (R$ 3.450,00, R$ 51,75 withheld): the supplier is paid the net, the government the tax.
    ids.government = await newParty(outro, {
      roles: ['supplier'],
      document: '00.394.460/0058-87',
      name: 'Receita Federal',
    });
    ids.irrf = (
      await outro.registries.taxTypes.create({
        name: 'IRRF',
        kind: 'IRRF',
        rate: 150,
        withheld: true,
        collectionCode: '1708',
        dueDay: 20,
        collectorPartyId: ids.government,
      })
    ).id;
    const fee = await outro.ledger.documents.create({
      kind: 'payable',
      partyId: ids.supplier,
      description: 'Honorários contábeis',
      documentType: 'nfse',
      issueDate: '2025-04-01',
      competence: '04/2025',
      grossAmount: 345_000,
      lines: [{ classificationId: ids.aluguel, costCentreId: ids.escritorio, share: 10_000 }],
      taxes: [{ taxTypeId: ids.irrf }],
      installments: [{ dueDate: '2025-04-10', amount: 339_825 }],
    });
    ids.withheld = fee.id;
    const [net] = await installmentsOf(fee.id);
    await settle('payable', net?.id ?? '', 339_825, '2025-04-10');
    const darf = await outro.ledger.taxes.collect({ collection: '1708', period: '2025-04-01' });
    const [tax] = await installmentsOf(darf.id);
    await settle('payable', tax?.id ?? '', 5_175, '2025-05-20');

    // Manual entries: one in, one out, and one reversed.
    await outro.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2025-02-03',
      direction: 'in',
      amount: 1_234,
      classificationId: ids.servicos,
      costCentreId: null,
      description: 'Rendimento',
    });
    await outro.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2025-01-15',
      direction: 'out',
      amount: 999,
      classificationId: ids.aluguel,
      costCentreId: ids.escritorio,
      description: 'Condomínio',
    });
    const wrong = await outro.ledger.movements.createEntry({
      accountId: ids.account,
      date: '2025-03-10',
      direction: 'out',
      amount: 500,
      classificationId: ids.aluguel,
      costCentreId: ids.loja,
      description: 'Lançado por engano',
    });
    await outro.ledger.movements.reverse({ movementId: wrong.movementId, reason: 'Engano' });
  });
  afterAll(() => d?.t.close());

  it('gives the plain figures for a mixed book, on both bases, every unit, dimension and cost centre', async () => {
    expect(await compare(d.elsewhere.organizationId)).toBeGreaterThan(50);
  });

  it("gives the same figures from the migration's backfill of an existing book", async () => {
    const migration = readFileSync(
      fileURLToPath(new URL('../../../drizzle/0041_report_monthly_flows_triggers.sql', import.meta.url)),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('-- The books written before this migration'));
    // 0045 takes back what that backfill counted for withheld taxes' payables on the accrual basis.
    const correction = readFileSync(
      fileURLToPath(new URL('../../../drizzle/0045_withheld_tax_accrual.sql', import.meta.url)),
      'utf8',
    );
    const taken = correction.slice(0, correction.indexOf('-- The accrual triggers'));
    const statements = [
      ...backfill.split('--> statement-breakpoint'),
      ...taken.split('--> statement-breakpoint'),
      // Monthly collections came with 0047, after that backfill: replayed over today's book, they are taken back the
      // same way.
      ...taken
        .replaceAll('d.tax_of_document_id IS NOT NULL', 'd.tax_period IS NOT NULL')
        .split('--> statement-breakpoint'),
    ].filter((s) => s.trim() !== '');
    expect(statements).toHaveLength(7);
    const rolledBack = new Error('rolled back');
    const compared = await read(async (tx) => {
      await tx.execute(sql`delete from report_monthly_flows`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      throw Object.assign(rolledBack, { compared: await compareIn(tx, d.elsewhere.organizationId) });
    }).catch((e: unknown) => (e === rolledBack ? (e as Error & { compared: number }).compared : Promise.reject(e)));
    expect(compared).toBeGreaterThan(50);
    expect(await compare(d.elsewhere.organizationId)).toBe(compared);
  });

  it('counts a bill with withheld tax once, at its gross, on both bases once the bill and the tax are paid', async () => {
    // The bill's competence and net payment in April, its DARF paid in May.
    const april = { start: '2025-04-01', end: '2025-06-01' };
    const outflows = (basis: ReportBasis) =>
      read((tx) =>
        flowAmounts(
          tx,
          {
            organizationId: d.elsewhere.organizationId,
            unitId: null,
            direction: 'out',
            dimension: 'classification',
            ...april,
          },
          basis,
        ),
      );
    const total = (rows: { amount: number | string }[]) => rows.reduce((sum, r) => sum + Number(r.amount), 0);
    expect(total(await outflows('accrual'))).toBe(345_000);
    expect(total(await outflows('cash'))).toBe(345_000);
    const dre = (basis: ReportBasis) =>
      read((tx) =>
        dreAmounts(tx, {
          organizationId: d.elsewhere.organizationId,
          unitId: null,
          basis,
          costCentreId: null,
          from: april.start,
          to: '2025-05-01',
          end: april.end,
        }),
      );
    const [accrual, cash] = [await dre('accrual'), await dre('cash')];
    expect(total(accrual)).toBe(total(cash));
    expect(Math.abs(total(accrual))).toBe(345_000);
  });

  it('counts two settlements of the same classification and month written at once', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(async () => {
        const created = await outro.ledger.documents.create(
          receivable({ competence: '05/2025', installments: [{ dueDate: '2025-05-20', amount: 100_001 }] }),
        );
        return (await installmentsOf(created.id))[0]?.id ?? '';
      }),
    );
    await Promise.all([
      settle('receivable', a ?? '', 100_001, '2025-05-20'),
      settle('receivable', b ?? '', 100_001, '2025-05-21'),
    ]);
    await compare(d.elsewhere.organizationId);
    const may = await read((tx) =>
      flowAmounts(
        tx,
        {
          organizationId: d.elsewhere.organizationId,
          unitId: null,
          direction: 'in',
          dimension: 'classification',
          start: '2025-05-01',
          end: '2025-06-01',
        },
        'cash',
      ),
    );
    expect(may.reduce((s, r) => s + r.amount, 0)).toBe(200_002);
  });
});
