// The inflows report over 1,000,000 settlements: the demo organization's Matriz holds 500,000 receivables of two
// installments each over the last two years, every installment received by its own payment (1,000,000 payments and
// settlements), one document in four apportioned over two classifications and cost centres. It times reports.flows
// (cash basis, by classification, the last twelve months and so the twelve before them as the previous period) through
// the API procedure (authorization, row-level security, query, tree), the median of several runs, and the dashboard
// when the reports area has one. PGlite by default; with DATABASE_URL set, a fresh database on that PostgreSQL
// server. Run: npm run bench:reports
import { performance } from 'node:perf_hooks';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import { addMonths, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/modules/demo';
import { classifications, costCentres, parties } from '../apps/server/src/modules/registries/schema';
import { reportsRouter } from '../apps/server/src/modules/reports';
import { organizations, units } from '../apps/server/src/modules/tenancy/schema';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';

/** BENCH_DOCUMENTS makes a smaller book for a quick check. */
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 500_000);
/** Two installments per document, each settled once. */
const SETTLEMENTS = DOCUMENTS * 2;
const RUNS = 7;

const t = await createTestApp();
const db = t.database.db;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

try {
  await seedDemo(db, { samples: true });
  const [demo] = await db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const [matriz] = await db.select().from(units).where(eq(units.slug, 'matriz'));
  const organizationId = demo?.id ?? '';
  const unitId = matriz?.id ?? '';
  const incomes = await db
    .select({ id: classifications.id })
    .from(classifications)
    .where(and(eq(classifications.organizationId, organizationId), eq(classifications.nature, 'income')));
  const centres = await db
    .select({ id: costCentres.id })
    .from(costCentres)
    .where(eq(costCentres.organizationId, organizationId));
  const admin = await callersFor(t)('admin', { organizationId, unitId });
  const type = await admin.registries.accountTypes.create({ name: 'Conta do benchmark', kind: 'checking' });
  const account = await admin.registries.accounts.create({
    name: 'Banco do benchmark',
    accountTypeId: type.id,
    openingBalance: 0,
    openingDate: '2020-01-01',
    unitIds: [unitId],
  });
  const [customer] = await db
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.organizationId, organizationId), arrayContains(parties.roles, ['customer'])))
    .limit(1);

  const thisMonth = `${todayInSaoPaulo().slice(0, 7)}-01`;
  const first = addMonths(thisMonth, -24);
  const started = performance.now();
  // Ids derived from names (an md5 shaped as a version-4 UUID) so that each table's rows point at the others' in one
  // set-based statement.
  await db.execute(sql`create function pg_temp.bench_id(name text) returns uuid language sql immutable as
    $$ select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid
       from md5(name) h $$`);
  await db.execute(sql`create temporary table bench_cls (k int, id uuid)`);
  await db.execute(sql`insert into bench_cls select k - 1, id::uuid
    from unnest(${`{${incomes.map((c) => c.id).join(',')}}`}::text[]) with ordinality as c(id, k)`);
  await db.execute(sql`create temporary table bench_cc (k int, id uuid)`);
  await db.execute(sql`insert into bench_cc select k - 1, id::uuid
    from unnest(${`{${centres.map((c) => c.id).join(',')}}`}::text[]) with ordinality as c(id, k)`);
  const classCount = incomes.length;
  const centreCount = centres.length;

  // Documents: issued over the two years, R$ 2,00 to R$ 10.000,00.
  await db.execute(sql`insert into ledger_documents (id, organization_id, unit_id, kind, party_id, description,
      document_type, issue_date, competence, gross_amount, net_amount, status)
    select pg_temp.bench_id('d' || n), ${organizationId}, ${unitId}, 'receivable', ${customer?.id ?? ''},
      'Venda ' || n, 'outros', ${first}::date + (n % 700), date_trunc('month', ${first}::date + (n % 700))::date,
      (n % 5000 + 1) * 200, (n % 5000 + 1) * 200, 'paid'
    from generate_series(1, ${DOCUMENTS}) n`);
  // One line, or (one document in four) two: a third and two thirds.
  await db.execute(sql`insert into ledger_document_lines (id, organization_id, document_id, classification_id,
      cost_centre_id, share, amount)
    select pg_temp.bench_id('l' || n || '-' || j), ${organizationId}, pg_temp.bench_id('d' || n),
      (select c.id from bench_cls c where c.k = (n + j) % ${classCount}),
      (select c.id from bench_cc c where c.k = (n + j) % ${centreCount}),
      case when n % 4 <> 0 then 10000 when j = 1 then 3333 else 6667 end,
      case when n % 4 <> 0 then (n % 5000 + 1) * 200
        when j = 1 then (n % 5000 + 1)::bigint * 200 * 3333 / 10000
        else (n % 5000 + 1) * 200 - (n % 5000 + 1)::bigint * 200 * 3333 / 10000 end
    from generate_series(1, ${DOCUMENTS}) n cross join generate_series(1, 2) j
    where j = 1 or n % 4 = 0`);
  await db.execute(sql`insert into ledger_installments (id, organization_id, unit_id, document_id, kind, party_id,
      number, count, due_date, amount, settled, status)
    select pg_temp.bench_id('i' || n || '-' || k), ${organizationId}, ${unitId}, pg_temp.bench_id('d' || n),
      'receivable', ${customer?.id ?? ''}, k, 2, ${first}::date + (n % 700) + 15 * k, (n % 5000 + 1) * 100,
      (n % 5000 + 1) * 100, 'paid'
    from generate_series(1, ${DOCUMENTS}) n cross join generate_series(1, 2) k`);
  // Each installment received on its due date, some with interest and a discount.
  await db.execute(sql`insert into ledger_payments (id, organization_id, unit_id, kind, paid_date, account_id, total)
    select pg_temp.bench_id('p' || n || '-' || k), ${organizationId}, ${unitId}, 'receivable',
      ${first}::date + (n % 700) + 15 * k, ${account.id}, (n % 5000 + 1) * 100 + n % 7 - n % 3
    from generate_series(1, ${DOCUMENTS}) n cross join generate_series(1, 2) k`);
  await db.execute(sql`insert into ledger_settlements (id, organization_id, payment_id, installment_id, principal,
      interest, discount)
    select pg_temp.bench_id('s' || n || '-' || k), ${organizationId}, pg_temp.bench_id('p' || n || '-' || k),
      pg_temp.bench_id('i' || n || '-' || k), (n % 5000 + 1) * 100, n % 7, n % 3
    from generate_series(1, ${DOCUMENTS}) n cross join generate_series(1, 2) k`);
  // What autovacuum does on a server after a bulk load: statistics for the planner, and the visibility map.
  await db.execute(sql`VACUUM ANALYZE`);
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_settlements`));
  console.log(`${(counted?.n ?? 0).toLocaleString('pt-BR')} settlements ready in ${seconds(started)}`);
  if ((counted?.n ?? 0) < SETTLEMENTS) throw new Error('the settlements were not all loaded');

  const time = async (name: string, call: () => Promise<unknown>) => {
    await call();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    const ms = median(times);
    console.log(`${name.padEnd(60)}${ms.toFixed(0).padStart(8)} ms (median of ${RUNS})`);
    return ms;
  };
  const input = {
    direction: 'in',
    basis: 'cash',
    dimension: 'classification',
    from: addMonths(thisMonth, -12),
    to: addMonths(thisMonth, -1),
  } as const;
  const report = await admin.reports.flows(input);
  console.log(
    `flows: ${report.nodes.length} nodes, ${report.months.length} months, total ${report.totals.total}, previous ${report.totals.previousTotal}`,
  );
  const flowsMs = await time('reports.flows (cash, classification, 12 months)', () => admin.reports.flows(input));

  let dashboardMs: string = 'NA';
  if ('dashboard' in reportsRouter._def.procedures) {
    const finance = await callersFor(t)('financeiro', { organizationId, unitId });
    const reports = finance.reports as unknown as Record<string, () => Promise<unknown>>;
    const dashboard = reports.dashboard;
    if (dashboard) dashboardMs = (await time('reports.dashboard', () => dashboard())).toFixed(0);
  } else {
    console.log('reports.dashboard: not in the reports area yet (dashboard_ms=NA)');
  }
  console.log(`RESULT reports flows_12m_ms=${flowsMs.toFixed(0)} dashboard_ms=${dashboardMs}`);
} finally {
  await t.close();
}
