// The payables list over 1,000,000 installments in 100 organizations (10,000 parties each, three years of due dates):
// how long a page with its totals takes through the API procedure (authorization, row-level security, page, totals),
// for the filters a finance team uses, and how long one payment of 500 bills takes. PGlite by default; with
// DATABASE_URL set, a fresh database on that PostgreSQL server. Run: npm run bench:ledger
import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { schedule, todayInSaoPaulo } from '@financeiro/core';
import { rowsOf } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/modules/demo/seed';
import { ledgerInstallments } from '../apps/server/src/modules/ledger/schema';
import { classifications, costCentres } from '../apps/server/src/modules/registries/schema';
import { organizations, units } from '../apps/server/src/modules/tenancy/schema';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';

const ORGANIZATIONS = 100;
const PARTIES = 10_000;
/** Two installments each: 5,000 documents are 10,000 installments per organization. */
const DOCUMENTS = 5_000;
const RUNS = 50;
const BATCH = 500;

const t = await createTestApp();
const db = t.database.db;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
try {
  await seedDemo(db);
  const [demo] = await db.select().from(organizations).where(eq(organizations.slug, 'demo'));
  const [matriz] = await db.select().from(units).where(eq(units.slug, 'matriz'));
  const organizationId = demo?.id ?? '';
  const unitId = matriz?.id ?? '';
  const [classification] = await db
    .select()
    .from(classifications)
    .where(and(eq(classifications.organizationId, organizationId), eq(classifications.name, 'Serviços contábeis')));
  const [centre] = await db
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.organizationId, organizationId), eq(costCentres.name, 'Administrativo')));

  const started = performance.now();
  // Ids are derived from names (an md5 shaped as a version-4 UUID, as the API's checks want) so that each table's
  // rows can point at the others' in one set-based statement.
  await db.execute(sql`create function pg_temp.bench_id(name text) returns uuid language sql immutable as
    $$ select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid
       from md5(name) h $$`);
  await db.execute(sql`create temporary table bench_orgs (n int, org uuid, unit uuid, cls uuid, cc uuid)`);
  await db.execute(sql`insert into bench_orgs values
    (0, ${organizationId}, ${unitId}, ${classification?.id ?? ''}, ${centre?.id ?? ''})`);
  await db.execute(sql`insert into bench_orgs
    select n, pg_temp.bench_id('org' || n)::uuid, pg_temp.bench_id('unit' || n)::uuid, pg_temp.bench_id('cls' || n)::uuid, pg_temp.bench_id('cc' || n)::uuid
    from generate_series(1, ${ORGANIZATIONS - 1}) n`);
  await db.execute(sql`insert into organizations (id, name, slug)
    select org, 'Empresa ' || n, 'empresa-' || n from bench_orgs where n > 0`);
  await db.execute(sql`insert into units (id, organization_id, name, slug)
    select unit, org, 'Matriz', 'matriz' from bench_orgs where n > 0`);
  await db.execute(sql`insert into classifications (id, organization_id, code, name, nature)
    select cls, org, '1', 'Despesas', 'expense' from bench_orgs where n > 0`);
  await db.execute(sql`insert into cost_centres (id, organization_id, code, name)
    select cc, org, '1', 'Administrativo' from bench_orgs where n > 0`);
  await db.execute(sql`insert into parties (id, organization_id, roles, person_type, document, name)
    select pg_temp.bench_id(o.org::text || 'p' || p)::uuid, o.org, '{supplier,customer}', 'PJ', lpad(p::text, 14, '0'),
      'Parte ' || lpad(p::text, 5, '0') || ' Comércio Ltda'
    from bench_orgs o cross join generate_series(1, ${PARTIES}) p`);
  console.log(`${(ORGANIZATIONS * PARTIES).toLocaleString('pt-BR')} parties in ${seconds(started)}`);
  await db.execute(sql`insert into ledger_documents (id, organization_id, unit_id, kind, party_id, description,
      document_number, document_type, issue_date, competence, gross_amount, net_amount, status)
    select pg_temp.bench_id(o.org::text || 'd' || d)::uuid, o.org, o.unit,
      case when d % 2 = 0 then 'payable' else 'receivable' end,
      pg_temp.bench_id(o.org::text || 'p' || (d * 7 % ${PARTIES} + 1))::uuid,
      'Documento ' || d, 'NF-' || d, 'nfe',
      date '2024-01-01' + d % 1095, date_trunc('month', date '2024-01-01' + d % 1095)::date,
      (d % 5000 + 1) * 200, (d % 5000 + 1) * 200, 'open'
    from bench_orgs o cross join generate_series(1, ${DOCUMENTS}) d`);
  await db.execute(sql`insert into ledger_document_lines (id, organization_id, document_id, classification_id,
      cost_centre_id, share, amount)
    select pg_temp.bench_id(d.id::text || 'l')::uuid, d.organization_id, d.id, o.cls, o.cc, 10000, d.gross_amount
    from ledger_documents d join bench_orgs o on o.org = d.organization_id`);
  // Installments due more than 20 days ago are paid, but one in ten: those are overdue.
  await db.execute(sql`insert into ledger_installments (id, organization_id, unit_id, document_id, kind, party_id,
      document_number, number, count, due_date, amount, settled, status)
    select pg_temp.bench_id(d.id::text || 'i' || k)::uuid, d.organization_id, d.unit_id, d.id, d.kind, d.party_id,
      d.document_number, k, 2, d.issue_date + 30 * k, d.gross_amount / 2,
      case when paid then d.gross_amount / 2 else 0 end, case when paid then 'paid' else 'open' end
    from ledger_documents d cross join generate_series(1, 2) k
    cross join lateral (select d.issue_date + 30 * k < current_date - 20
      and hashtext(d.id::text) % 10 <> 0 as paid) s`);
  // What autovacuum does on a server after a bulk load: statistics for the planner, and the visibility map that lets
  // the list read its covering index without visiting the table.
  await db.execute(sql`VACUUM ANALYZE`);
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_installments`));
  console.log(`${(counted?.n ?? 0).toLocaleString('pt-BR')} installments ready in ${seconds(started)}`);

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
    ['by classification', { kind: 'payable', filters: { classificationId: classification?.id ?? null } }],
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
      lines: [{ classificationId: classification?.id ?? '', costCentreId: centre?.id ?? '', share: 10_000 }],
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
