import { sql, type SQL } from 'drizzle-orm';
import type { ReportBasis } from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { apportionedPart } from './apportion';
import type { DreAmount, DreRange } from './dre';
import { kindOf, type FlowAmount, type FlowRange } from './flows';

/*
 * The test oracle of the reports' monthly summary (decision 0026): the plain set-based queries over the books that
 * the flows report, the DRE and the dashboard's chart ran before the summary, kept only for tests to check that the
 * summary gives exactly their figures.
 */

const monthText = (date: SQL) => sql`to_char(date_trunc('month', ${date}), 'YYYY-MM-DD')`;
const keyColumn = (dimension: FlowRange['dimension']) =>
  sql.raw(dimension === 'classification' ? 'classification_id' : 'cost_centre_id');

/**
 * Cash basis: what moved for each installment of the direction's kind (principal + interest + fine − discount of each
 * settlement, reversals negative on their own date) by the payment's month, each settlement apportioned over its
 * document's lines exactly.
 */
function cashSettlements(r: FlowRange): SQL {
  const part = apportionedPart(sql`m.value`, sql`l.share`, sql`m.settlement_id`, sql`l.id`);
  const key = keyColumn(r.dimension);
  // A line of 100% is its document's only line: the settlement goes to it whole, without ranking remainders, which
  // is most documents; only split documents take the window that hands out the odd centavos.
  return sql`with moved as materialized (
      select s.id as settlement_id, i.document_id, date_trunc('month', p.paid_date)::date as month,
        (s.principal + s.interest + s.fine - s.discount)::bigint as value
      from ledger_payments_view p
      join ledger_settlements_view s on s.organization_id = p.organization_id and s.payment_id = p.id
      join ledger_installments_view i on i.organization_id = s.organization_id and i.id = s.installment_id
      where p.organization_id = ${r.organizationId} and p.kind = ${kindOf(r.direction)}
        and p.paid_date >= ${r.start}::date and p.paid_date < ${r.end}::date
        ${r.unitId ? sql`and i.unit_id = ${r.unitId}::uuid` : sql``}
    ),
    parts as (
      select l.${key} as key, m.month, m.value as part
      from moved m join ledger_document_lines_view l
        on l.organization_id = ${r.organizationId} and l.document_id = m.document_id and l.share = 10000
      union all
      select l.${key} as key, m.month, ${part} as part
      from moved m join ledger_document_lines_view l
        on l.organization_id = ${r.organizationId} and l.document_id = m.document_id and l.share < 10000
      union all
      select null, m.month, m.value from moved m
      where not exists (select from ledger_document_lines_view l
        where l.organization_id = ${r.organizationId} and l.document_id = m.document_id)
    )
    select key, to_char(month, 'YYYY-MM-DD') as month, sum(part)::bigint as amount from parts group by key, month`;
}

/**
 * Accrual basis: the documents of the direction's kind that are not cancelled, by competence, their lines' amounts. A
 * withheld tax's payable is left out: the bill it was withheld from already counts its gross.
 */
function accrualDocuments(r: FlowRange): SQL {
  return sql`select l.${keyColumn(r.dimension)} as key, to_char(d.competence, 'YYYY-MM-DD') as month,
      sum(coalesce(l.amount, d.gross_amount))::bigint as amount
    from ledger_documents_view d left join ledger_document_lines_view l
      on l.organization_id = d.organization_id and l.document_id = d.id
    where d.organization_id = ${r.organizationId} and d.kind = ${kindOf(r.direction)} and d.status <> 'cancelled'
      and d.tax_of_document_id is null and d.tax_period is null and d.competence >= ${r.start}::date and d.competence < ${r.end}::date
      ${r.unitId ? sql`and d.unit_id = ${r.unitId}::uuid` : sql``}
    group by 1, 2`;
}

/**
 * Manual entries (and their reversals) on either basis, by their own date, classification and cost centre. An entry
 * is an inflow when money came in; its reversal counts (negative) in the direction of the entry it undoes. Transfers,
 * payments and the fees of payments (no classification) are not manual entries.
 */
function manualEntries(r: FlowRange): SQL {
  const inflow = sql`(case when m.kind = 'manual' then m.amount > 0 else m.amount < 0 end)`;
  return sql`select m.${keyColumn(r.dimension)} as key, ${monthText(sql`m.date`)} as month,
      sum(${r.direction === 'in' ? sql`m.amount` : sql`-m.amount`})::bigint as amount
    from account_movements_view m
    where m.organization_id = ${r.organizationId} and m.kind in ('manual', 'manual_reversal')
      and m.date >= ${r.start}::date and m.date < ${r.end}::date
      and ${inflow} = ${r.direction === 'in'}
      ${r.unitId ? sql`and m.unit_id = ${r.unitId}::uuid` : sql``}
    group by 1, 2`;
}

/** The plain query: each node's (classification's or cost centre's own, before the tree) amount per month. */
export async function plainFlowAmounts(tx: Tx, r: FlowRange, basis: ReportBasis): Promise<FlowAmount[]> {
  const documents = basis === 'cash' ? cashSettlements(r) : accrualDocuments(r);
  const rows = rowsOf<{ key: string | null; month: string; amount: number | string | bigint }>(
    await tx.execute(sql`select key, month, sum(amount)::bigint as amount
      from (${documents} union all ${manualEntries(r)}) flows group by key, month`),
  );
  return rows.map((row) => ({ key: row.key, month: row.month, amount: Number(row.amount) }));
}

/** The cost centres of the branch that starts at `costCentreId`. */
const branchOf = (organizationId: string, costCentreId: string) => sql`(
  select b.id from cost_centres_view b join cost_centres_view top
    on top.organization_id = b.organization_id and top.id = ${costCentreId}::uuid
  where b.organization_id = ${organizationId} and (b.code = top.code or b.code like top.code || '.%'))`;

const signOf = (kind: SQL) => sql`(case when ${kind} = 'receivable' then 1 else -1 end)`;

/**
 * Cash basis, as the flows report counts it: what moved for each installment (principal + interest + fine − discount
 * of each settlement, reversals negative on their own date) by the payment's month, apportioned over the document's
 * lines exactly; receipts +, payments −.
 */
function dreCash(r: DreRange): SQL {
  const part = apportionedPart(sql`m.value`, sql`l.share`, sql`m.settlement_id`, sql`l.id`);
  return sql`select classification_id, month, sum(part)::bigint as amount from (
      select l.classification_id, l.cost_centre_id, ${monthText(sql`m.paid_date`)} as month, ${part} as part
      from (
        select s.id as settlement_id, i.document_id, p.paid_date,
          ${signOf(sql`p.kind`)} * (s.principal + s.interest + s.fine - s.discount)::bigint as value
        from ledger_payments_view p
        join ledger_settlements_view s on s.organization_id = p.organization_id and s.payment_id = p.id
        join ledger_installments_view i on i.organization_id = s.organization_id and i.id = s.installment_id
        where p.organization_id = ${r.organizationId}
          and p.paid_date >= ${r.from}::date and p.paid_date < ${r.end}::date
          ${r.unitId ? sql`and i.unit_id = ${r.unitId}::uuid` : sql``}
      ) m
      join ledger_document_lines_view l on l.organization_id = ${r.organizationId} and l.document_id = m.document_id
    ) parts
    ${r.costCentreId ? sql`where cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
    group by 1, 2`;
}

/**
 * Accrual basis: the documents that are not cancelled, but for a withheld tax's payable, by competence, their lines'
 * amounts; receivables +.
 */
function dreAccrual(r: DreRange): SQL {
  return sql`select l.classification_id, to_char(d.competence, 'YYYY-MM-DD') as month,
      sum(${signOf(sql`d.kind`)} * l.amount)::bigint as amount
    from ledger_documents_view d
    join ledger_document_lines_view l on l.organization_id = d.organization_id and l.document_id = d.id
    where d.organization_id = ${r.organizationId} and d.status <> 'cancelled' and d.tax_of_document_id is null and d.tax_period is null
      and d.competence >= ${r.from}::date and d.competence < ${r.end}::date
      ${r.unitId ? sql`and d.unit_id = ${r.unitId}::uuid` : sql``}
      ${r.costCentreId ? sql`and l.cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
    group by 1, 2`;
}

/** Manual entries and their reversals on either basis, by their own date, signed as the money moved. */
function dreManual(r: DreRange): SQL {
  return sql`select m.classification_id, ${monthText(sql`m.date`)} as month, sum(m.amount)::bigint as amount
    from account_movements_view m
    where m.organization_id = ${r.organizationId} and m.kind in ('manual', 'manual_reversal')
      and m.date >= ${r.from}::date and m.date < ${r.end}::date
      ${r.unitId ? sql`and m.unit_id = ${r.unitId}::uuid` : sql``}
      ${r.costCentreId ? sql`and m.cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
    group by 1, 2`;
}

/** The DRE's amounts per classification and month, by the plain queries. */
export async function plainDreAmounts(tx: Tx, r: DreRange): Promise<DreAmount[]> {
  const documents = r.basis === 'cash' ? dreCash(r) : dreAccrual(r);
  return rowsOf<DreAmount>(
    await tx.execute(sql`select classification_id, month, sum(amount)::bigint as amount
      from (${documents} union all ${dreManual(r)}) dre
      where classification_id is not null group by 1, 2`),
  );
}

/** The dashboard's months, by the plain query over payments and manual entries. */
export async function plainMonthly(
  tx: Tx,
  organizationId: string,
  unitId: string,
  first: string,
  end: string,
): Promise<{ month: string; inflows: string; outflows: string }[]> {
  return rowsOf<{ month: string; inflows: string; outflows: string }>(
    await tx.execute(sql`select month, sum(inflows)::bigint as inflows, sum(outflows)::bigint as outflows from (
        select to_char(date_trunc('month', p.paid_date), 'YYYY-MM-DD') as month,
          case when p.kind = 'receivable' then p.total else 0 end as inflows,
          case when p.kind = 'payable' then -p.total else 0 end as outflows
        from ledger_payments_view p
        where p.organization_id = ${organizationId} and p.unit_id = ${unitId}
          and p.paid_date >= ${first}::date and p.paid_date < ${end}::date
        union all
        select to_char(date_trunc('month', m.date), 'YYYY-MM-DD'),
          case when (m.kind = 'manual') = (m.amount > 0) then m.amount else 0 end,
          case when (m.kind = 'manual') = (m.amount > 0) then 0 else -m.amount end
        from account_movements_view m
        where m.organization_id = ${organizationId} and m.unit_id = ${unitId}
          and m.kind in ('manual', 'manual_reversal') and m.date >= ${first}::date and m.date < ${end}::date
      ) flows group by 1`),
  );
}
