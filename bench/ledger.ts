// The payables list over 1,000,000 installments in 100 organizations (10,000 parties each, three years of due dates):
// how long a page with its totals takes through the API procedure (authorization, row-level security, page, totals),
// for the filters a finance team uses, and how long one payment of 500 bills takes. PGlite by default; with
// DATABASE_URL set, a fresh database on that PostgreSQL server. Run: npm run bench:ledger
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { schedule, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf } from '../apps/server/src/db/client';
import { ledgerInstallments } from '../apps/server/src/modules/ledger/schema';
import { createTestApp } from '../apps/server/src/test/app';
import { buildLedgerData } from './support/ledger-data';
import { callersFor } from '../apps/server/src/test/callers';

const RUNS = 50;
const BATCH = 500;

const t = await createTestApp();
const db = t.database.db;
try {
  const { organizationId, unitId, classificationId, costCentreId } = await buildLedgerData(db);

  const caller = await callersFor(t)('financeiro', { organizationId, unitId });
  const today = todayInSaoPaulo();
  const party = rowsOf<{ id: string }>(
    await db.execute(sql`select party_id as id from ledger_installments
      where organization_id = ${organizationId} and kind = 'payable' limit 1`),
  )[0]?.id;
  type ListInput = Parameters<typeof caller.ledger.documents.list>[0];
  const month = today.slice(0, 7);
  const queries: [string, ListInput][] = [
    ['first page, by due date', { kind: 'payable' }],
    ['overdue', { kind: 'payable', filters: { status: ['overdue'] } }],
    ['due this month', { kind: 'payable', filters: { dueFrom: `${month}-01`, dueTo: `${month}-28` } }],
    ['by party', { kind: 'payable', filters: { partyId: party ?? null } }],
    ['by classification', { kind: 'payable', filters: { classificationId: classificationId } }],
    ['document number', { kind: 'payable', filters: { documentNumber: 'NF-1234' } }],
    ['open, by amount desc', { kind: 'payable', sort: 'amount', desc: true, filters: { status: ['open'] } }],
  ];
  console.log(`\nledger.documents.list with totals, ${RUNS} runs each (ms)   median      p95      max`);
  const p95s: number[] = [];
  for (const [name, input] of queries) {
    await caller.ledger.documents.list(input);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await caller.ledger.documents.list(input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    p95s.push(at(0.95));
    console.log(
      `${name.padEnd(52)}${at(0.5).toFixed(1).padStart(8)}${at(0.95).toFixed(1).padStart(9)}${at(1).toFixed(1).padStart(9)}`,
    );
  }

  // One payment of 500 open bills of one supplier.
  const admin = await callersFor(t)('admin', { organizationId, unitId });
  const type = await admin.registries.accountTypes.create({ name: 'Conta do benchmark', kind: 'checking' });
  const account = await admin.registries.accounts.create({
    name: 'Banco do benchmark',
    accountTypeId: type.id,
    openingBalance: 0,
    openingDate: '2024-01-01',
    unitIds: [unitId],
  });
  // Two bills of 250 weekly installments each from the same supplier, all open.
  for (const number of ['BENCH-1', 'BENCH-2']) {
    await caller.ledger.documents.create({
      kind: 'payable',
      partyId: party ?? null,
      description: 'Compra parcelada do benchmark',
      documentNumber: number,
      documentType: 'nfe',
      issueDate: '2024-01-02',
      competence: '01/2024',
      grossAmount: (BATCH / 2) * 10_000,
      lines: [{ classificationId, costCentreId, share: 10_000 }],
      installments: schedule({
        total: (BATCH / 2) * 10_000,
        count: BATCH / 2,
        firstDueDate: '2024-02-15',
        periodicity: 'weekly',
      }),
    });
  }
  const open = await db
    .select({ id: ledgerInstallments.id, amount: ledgerInstallments.amount })
    .from(ledgerInstallments)
    .where(
      and(
        eq(ledgerInstallments.organizationId, organizationId),
        eq(ledgerInstallments.partyId, party ?? ''),
        sql`${ledgerInstallments.documentNumber} like 'BENCH-%'`,
      ),
    )
    .limit(BATCH);
  const start = performance.now();
  await caller.ledger.payments.settle({
    kind: 'payable',
    paidDate: today,
    accountId: account.id,
    items: open.map((i) => ({ installmentId: i.id, principal: i.amount })),
  });
  const settleMs = performance.now() - start;
  console.log(`\none payment of ${open.length} installments of one supplier: ${settleMs.toFixed(0)} ms`);
  console.log(`RESULT ledger list_p95_ms=${Math.max(...p95s).toFixed(1)} settle500_ms=${settleMs.toFixed(0)}`);
} finally {
  await t.close();
}
