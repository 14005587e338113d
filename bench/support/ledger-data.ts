// The payables bench data set: the demo organization and 99 others, each with 10,000 parties and 5,000 documents of
// two installments over three years (1,000,000 installments in all), built with set-based SQL. The installments
// already due are paid as the product pays them: each by a payment from (payables) or into (receivables) the
// organization's checking account, with its settlement and its account movement, so that the books check finds
// nothing wrong. The demo's administrator and finance users sign in as usual and see the demo's 10,000 installments
// among them.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../apps/server/src/db/client';
import { seedDemo } from '../../apps/server/src/modules/demo';
import { demoIds, type DemoIds } from './demo';

export interface LedgerDataSize {
  organizations: number;
  parties: number;
  /** Two installments each. */
  documents: number;
}

/** 1,000,000 installments: 100 organizations of 10,000 parties and 5,000 documents. */
export const LEDGER_BENCH_SIZE: LedgerDataSize = { organizations: 100, parties: 10_000, documents: 5_000 };

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Seeds the demo into an empty database and adds the data set around it, printing its progress. Answers the demo's
 * ids, with the "Serviços contábeis" classification and "Administrativo" cost centre on every document line.
 */
export async function buildLedgerData(db: Db, size: LedgerDataSize = LEDGER_BENCH_SIZE): Promise<DemoIds> {
  await seedDemo(db);
  const demo = await demoIds(db, 'Serviços contábeis');
  const { organizationId, unitId, classificationId, costCentreId } = demo;

  const started = performance.now();
  // Ids are derived from names (an md5 shaped as a version-4 UUID, as the API's checks want) so that each table's
  // rows can point at the others' in one set-based statement.
  await db.execute(sql`create function pg_temp.bench_id(name text) returns uuid language sql immutable as
    $$ select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid
       from md5(name) h $$`);
  // The payments' ids follow the order they are written in, by organization and date, as the product's time-ordered
  // ids do: each index of theirs then grows at its end instead of at random places.
  await db.execute(sql`create function pg_temp.bench_seq_id(n bigint, kind int) returns uuid language sql immutable as
    $$ select (lpad(to_hex(n), 12, '0') || '4' || lpad(to_hex(kind), 3, '0') || '8' || repeat('0', 15))::uuid $$`);
  // An installment due more than 20 days ago is paid, unless its document is one in ten: those are overdue.
  await db.execute(sql`create function pg_temp.bench_paid(document uuid, due date) returns boolean language sql stable
    as $$ select due < current_date - 20 and hashtext(document::text) % 10 <> 0 $$`);
  await db.execute(
    sql`create temporary table bench_orgs (n int, org uuid, unit uuid, cls uuid, cc uuid, account uuid)`,
  );
  await db.execute(sql`insert into bench_orgs values (0, ${organizationId}, ${unitId}, ${classificationId},
    ${costCentreId}, pg_temp.bench_id('account0'))`);
  await db.execute(sql`insert into bench_orgs
    select n, pg_temp.bench_id('org' || n), pg_temp.bench_id('unit' || n), pg_temp.bench_id('cls' || n),
      pg_temp.bench_id('cc' || n), pg_temp.bench_id('account' || n)
    from generate_series(1, ${size.organizations - 1}) n`);
  await db.execute(sql`insert into organizations (id, name, slug)
    select org, 'Empresa ' || n, 'empresa-' || n from bench_orgs where n > 0`);
  await db.execute(sql`insert into units (id, organization_id, name, slug)
    select unit, org, 'Matriz', 'matriz' from bench_orgs where n > 0`);
  await db.execute(sql`insert into classifications (id, organization_id, code, name, nature)
    select cls, org, '1', 'Despesas', 'expense' from bench_orgs where n > 0`);
  await db.execute(sql`insert into cost_centres (id, organization_id, code, name)
    select cc, org, '1', 'Administrativo' from bench_orgs where n > 0`);
  // Each organization's checking account at Itaú, of the bank and account type a new organization starts with
  // (the demo's were seeded; the others get copies of them).
  await db.execute(sql`insert into banks (id, organization_id, code, ispb, name, short_name)
    select pg_temp.bench_id('bank' || o.n), o.org, b.code, b.ispb, b.name, b.short_name
    from bench_orgs o cross join banks b where o.n > 0 and b.organization_id = ${organizationId} and b.code = '341'`);
  await db.execute(sql`insert into account_types (id, organization_id, name, kind)
    select pg_temp.bench_id('type' || n), org, 'Conta corrente', 'checking' from bench_orgs where n > 0`);
  await db.execute(sql`insert into accounts (id, organization_id, name, account_type_id, bank_id, branch, number,
      opening_balance, opening_date, unit_ids)
    select o.account, o.org, 'Banco movimento', t.id, b.id, '0001', '12345-6', 0, '2024-01-01', jsonb_build_array(o.unit)
    from bench_orgs o
    join account_types t on t.organization_id = o.org and t.name = 'Conta corrente'
    join banks b on b.organization_id = o.org and b.code = '341'`);
  await db.execute(sql`insert into parties (id, organization_id, roles, person_type, document, name)
    select pg_temp.bench_id(o.org::text || 'p' || p)::uuid, o.org, '{supplier,customer}', 'PJ', lpad(p::text, 14, '0'),
      'Parte ' || lpad(p::text, 5, '0') || ' Comércio Ltda'
    from bench_orgs o cross join generate_series(1, ${size.parties}) p`);
  console.log(`${(size.organizations * size.parties).toLocaleString('pt-BR')} parties in ${seconds(started)}`);
  // A document is paid when its second installment is, partly paid when only its first is.
  await db.execute(sql`insert into ledger_documents (id, organization_id, unit_id, kind, party_id, description,
      document_number, document_type, issue_date, competence, gross_amount, net_amount, status)
    select x.id, o.org, o.unit,
      case when d % 2 = 0 then 'payable' else 'receivable' end,
      pg_temp.bench_id(o.org::text || 'p' || (d * 7 % ${size.parties} + 1))::uuid,
      'Documento ' || d, 'NF-' || d, 'nfe', x.issued, date_trunc('month', x.issued)::date,
      (d % 5000 + 1) * 200, (d % 5000 + 1) * 200,
      case when pg_temp.bench_paid(x.id, x.issued + 60) then 'paid'
        when pg_temp.bench_paid(x.id, x.issued + 30) then 'partial' else 'open' end
    from bench_orgs o cross join generate_series(1, ${size.documents}) d
    cross join lateral (select pg_temp.bench_id(o.org::text || 'd' || d) as id, date '2024-01-01' + d % 1095 as issued) x`);
  await db.execute(sql`insert into ledger_document_lines (id, organization_id, document_id, classification_id,
      cost_centre_id, share, amount)
    select pg_temp.bench_id(d.id::text || 'l')::uuid, d.organization_id, d.id, o.cls, o.cc, 10000, d.gross_amount
    from ledger_documents d join bench_orgs o on o.org = d.organization_id`);
  await db.execute(sql`insert into ledger_installments (id, organization_id, unit_id, document_id, kind, party_id,
      document_number, number, count, due_date, amount, settled, status)
    select pg_temp.bench_id(d.id::text || 'i' || k)::uuid, d.organization_id, d.unit_id, d.id, d.kind, d.party_id,
      d.document_number, k, 2, d.issue_date + 30 * k, d.gross_amount / 2,
      case when paid then d.gross_amount / 2 else 0 end, case when paid then 'paid' else 'open' end
    from ledger_documents d cross join generate_series(1, 2) k
    cross join lateral (select pg_temp.bench_paid(d.id, d.issue_date + 30 * k) as paid) s`);
  console.log(`installments in ${seconds(started)}`);
  // Statistics of what was just written, so that the planner joins a million rows by hashing, not one by one.
  await db.execute(sql`ANALYZE bench_orgs, parties, ledger_documents, ledger_installments`);
  // The paid installments' books, as settleMany writes them: one payment each on its due date, through the
  // organization's account, of its whole amount (+ into the account for receivables, − out of it for payables), its
  // settlement, and its movement in the account, described as the product describes a payment of one bill. The
  // summary the reports read (report_monthly_flows) is kept by the settlements' trigger.
  await db.execute(sql`create temporary table bench_payments as
    select i.id, i.organization_id, i.unit_id, i.kind, i.due_date, i.amount, o.account,
      row_number() over (order by i.organization_id, i.due_date, i.id) as n,
      case when i.kind = 'receivable' then 1 else -1 end * i.amount as moved,
      case when i.kind = 'receivable' then 'Recebimento' else 'Pagamento' end || ': ' || p.name || ' — '
        || d.description || ' — ' || d.document_number || ' (' || i.number || '/' || i.count || ')' as description
    from ledger_installments i
    join bench_orgs o on o.org = i.organization_id
    join ledger_documents d on d.organization_id = i.organization_id and d.id = i.document_id
    join parties p on p.organization_id = i.organization_id and p.id = i.party_id
    where i.status = 'paid'`);
  await db.execute(sql`insert into ledger_payments (id, organization_id, unit_id, kind, paid_date, account_id, total)
    select pg_temp.bench_seq_id(n, 1), organization_id, unit_id, kind, due_date, account, moved
    from bench_payments order by n`);
  await db.execute(sql`insert into ledger_settlements (id, organization_id, payment_id, installment_id, principal)
    select pg_temp.bench_seq_id(n, 2), organization_id, pg_temp.bench_seq_id(n, 1), id, amount
    from bench_payments order by n`);
  await db.execute(sql`insert into account_movements (id, organization_id, unit_id, account_id, date, amount, kind,
      payment_id, description)
    select pg_temp.bench_seq_id(n, 3), organization_id, unit_id, account, due_date, moved, 'payment',
      pg_temp.bench_seq_id(n, 1), description
    from bench_payments order by n`);
  await db.execute(sql`drop table bench_payments`);
  console.log(`payments in ${seconds(started)}`);
  // What autovacuum does on a server after a bulk load: statistics for the planner, and the visibility map that lets
  // the list read its covering index without visiting the table.
  await db.execute(sql`VACUUM ANALYZE`);
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_installments`));
  console.log(`${(counted?.n ?? 0).toLocaleString('pt-BR')} installments ready in ${seconds(started)}`);
  return demo;
}
