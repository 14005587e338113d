import { sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  type FlowDimension,
  type FlowDirection,
  type FlowsNode,
  type FlowsReport,
  type ReportBasis,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { apportionedPart } from './apportion';
import { FLOWS_UNASSIGNED } from './messages';

/** What the flows report reads: one organization's (or one unit's) money in or out, by month and tree node. */
export interface FlowsQuery {
  organizationId: string;
  unitId: string | null;
  direction: FlowDirection;
  basis: ReportBasis;
  dimension: FlowDimension;
  /** First days of the first and last months. */
  from: string;
  to: string;
}

/** The months from `from` to `to`, as their first days. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) out.push(month);
  return out;
}

/** One node's amount in one month: a row of the flows' query. */
export interface FlowAmount {
  key: string | null;
  month: string;
  amount: number;
}

interface Range {
  organizationId: string;
  unitId: string | null;
  direction: FlowDirection;
  dimension: FlowDimension;
  /** First day of the first month, and the first day after the last month. */
  start: string;
  end: string;
}

const kindOf = (direction: FlowDirection) => (direction === 'in' ? 'receivable' : 'payable');
const keyColumn = (dimension: FlowDimension) =>
  sql.raw(dimension === 'classification' ? 'classification_id' : 'cost_centre_id');
const monthText = (date: SQL) => sql`to_char(date_trunc('month', ${date}), 'YYYY-MM-DD')`;

/**
 * Cash basis: what moved for each installment of the direction's kind (principal + interest + fine − discount of each
 * settlement, reversals negative on their own date) by the payment's month, each settlement apportioned over its
 * document's lines exactly.
 */
function cashSettlements(r: Range): SQL {
  const part = apportionedPart(sql`m.value`, sql`l.share`, sql`m.settlement_id`, sql`l.id`);
  const key = keyColumn(r.dimension);
  // A line of 100% is its document's only line: the settlement goes to it whole, without ranking remainders, which
  // is most documents; only split documents take the window that hands out the odd centavos.
  return sql`with moved as materialized (
      select s.id as settlement_id, i.document_id, date_trunc('month', p.paid_date)::date as month,
        (s.principal + s.interest + s.fine - s.discount)::bigint as value
      from ledger_payments p
      join ledger_settlements s on s.organization_id = p.organization_id and s.payment_id = p.id
      join ledger_installments i on i.organization_id = s.organization_id and i.id = s.installment_id
      where p.organization_id = ${r.organizationId} and p.kind = ${kindOf(r.direction)}
        and p.paid_date >= ${r.start}::date and p.paid_date < ${r.end}::date
        ${r.unitId ? sql`and i.unit_id = ${r.unitId}::uuid` : sql``}
    ),
    parts as (
      select l.${key} as key, m.month, m.value as part
      from moved m join ledger_document_lines l
        on l.organization_id = ${r.organizationId} and l.document_id = m.document_id and l.share = 10000
      union all
      select l.${key} as key, m.month, ${part} as part
      from moved m join ledger_document_lines l
        on l.organization_id = ${r.organizationId} and l.document_id = m.document_id and l.share < 10000
      union all
      select null, m.month, m.value from moved m
      where not exists (select from ledger_document_lines l
        where l.organization_id = ${r.organizationId} and l.document_id = m.document_id)
    )
    select key, to_char(month, 'YYYY-MM-DD') as month, sum(part)::bigint as amount from parts group by key, month`;
}

/** Accrual basis: the documents of the direction's kind that are not cancelled, by competence, their lines' amounts. */
function accrualDocuments(r: Range): SQL {
  return sql`select l.${keyColumn(r.dimension)} as key, to_char(d.competence, 'YYYY-MM-DD') as month,
      sum(coalesce(l.amount, d.gross_amount))::bigint as amount
    from ledger_documents d left join ledger_document_lines l
      on l.organization_id = d.organization_id and l.document_id = d.id
    where d.organization_id = ${r.organizationId} and d.kind = ${kindOf(r.direction)} and d.status <> 'cancelled'
      and d.competence >= ${r.start}::date and d.competence < ${r.end}::date
      ${r.unitId ? sql`and d.unit_id = ${r.unitId}::uuid` : sql``}
    group by 1, 2`;
}

/**
 * Manual entries (and their reversals) on either basis, by their own date, classification and cost centre. An entry
 * is an inflow when money came in; its reversal counts (negative) in the direction of the entry it undoes. Transfers,
 * payments and the fees of payments (no classification) are not manual entries.
 */
function manualEntries(r: Range): SQL {
  const inflow = sql`(case when m.kind = 'manual' then m.amount > 0 else m.amount < 0 end)`;
  return sql`select m.${keyColumn(r.dimension)} as key, ${monthText(sql`m.date`)} as month,
      sum(${r.direction === 'in' ? sql`m.amount` : sql`-m.amount`})::bigint as amount
    from account_movements m
    where m.organization_id = ${r.organizationId} and m.kind in ('manual', 'manual_reversal')
      and m.date >= ${r.start}::date and m.date < ${r.end}::date
      and ${inflow} = ${r.direction === 'in'}
      ${r.unitId ? sql`and m.unit_id = ${r.unitId}::uuid` : sql``}
    group by 1, 2`;
}

/** The plain query: each node's (classification's or cost centre's own, before the tree) amount per month. */
export async function flowAmounts(tx: Tx, r: Range, basis: ReportBasis): Promise<FlowAmount[]> {
  const documents = basis === 'cash' ? cashSettlements(r) : accrualDocuments(r);
  const rows = rowsOf<{ key: string | null; month: string; amount: number | string | bigint }>(
    await tx.execute(sql`select key, month, sum(amount)::bigint as amount
      from (${documents} union all ${manualEntries(r)}) flows group by key, month`),
  );
  return rows.map((row) => ({ key: row.key, month: row.month, amount: Number(row.amount) }));
}

interface TreeRow {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
}

/**
 * The report: the dimension's tree with each node's amount per month of the period and its total over the previous
 * period of the same length; parents hold their own amounts plus their children's.
 */
export async function flowsReport(tx: Tx, q: FlowsQuery): Promise<FlowsReport> {
  const months = monthsOf(q.from, q.to);
  const previous = { from: addMonths(q.from, -months.length), to: addMonths(q.from, -1) };
  const amounts = await flowAmounts(tx, { ...q, start: previous.from, end: addMonths(q.to, 1) }, q.basis);
  const table = sql.raw(q.dimension === 'classification' ? 'classifications' : 'cost_centres');
  const tree = rowsOf<TreeRow>(
    await tx.execute(sql`select id, parent_id as "parentId", code, name from ${table}
      where organization_id = ${q.organizationId}`),
  );

  const monthIndex = new Map(months.map((m, k) => [m, k]));
  const own = new Map<string | null, { months: number[]; previousTotal: number }>();
  const ownOf = (key: string | null) => {
    let entry = own.get(key);
    if (!entry) {
      entry = { months: months.map(() => 0), previousTotal: 0 };
      own.set(key, entry);
    }
    return entry;
  };
  for (const a of amounts) {
    const k = monthIndex.get(a.month);
    const entry = ownOf(a.key);
    if (k === undefined) entry.previousTotal += a.amount;
    else entry.months[k] = (entry.months[k] ?? 0) + a.amount;
  }

  const known = new Set(tree.map((n) => n.id));
  const children = new Map<string | null, TreeRow[]>();
  for (const node of tree) {
    const parent = node.parentId !== null && known.has(node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const byCode = (a: TreeRow, b: TreeRow) => a.code.localeCompare(b.code, 'pt-BR', { numeric: true });

  const nodes: FlowsNode[] = [];
  const visited = new Set<string>();
  /** Appends the node and its subtree (parents first); returns the subtree's sums, or null when it holds nothing. */
  const visit = (node: TreeRow): FlowsNode | null => {
    if (visited.has(node.id)) return null;
    visited.add(node.id);
    const mine = own.get(node.id);
    const out: FlowsNode = {
      id: node.id,
      parentId: node.parentId,
      code: node.code,
      name: node.name,
      months: mine ? [...mine.months] : months.map(() => 0),
      total: 0,
      previousTotal: mine?.previousTotal ?? 0,
    };
    const at = nodes.length;
    nodes.push(out);
    for (const child of [...(children.get(node.id) ?? [])].sort(byCode)) {
      const sums = visit(child);
      if (!sums) continue;
      sums.months.forEach((v, k) => (out.months[k] = (out.months[k] ?? 0) + v));
      out.previousTotal += sums.previousTotal;
    }
    out.total = out.months.reduce((s, v) => s + v, 0);
    const holdsNothing = nodes.length === at + 1 && !mine;
    if (holdsNothing) {
      nodes.pop();
      return null;
    }
    return out;
  };
  const roots = [...(children.get(null) ?? [])].sort(byCode).map(visit);

  const unassigned = own.get(null);
  if (unassigned) {
    const node: FlowsNode = {
      id: null,
      parentId: null,
      code: '',
      name: FLOWS_UNASSIGNED[q.dimension],
      months: unassigned.months,
      total: unassigned.months.reduce((s, v) => s + v, 0),
      previousTotal: unassigned.previousTotal,
    };
    nodes.push(node);
    roots.push(node);
  }
  const totals = { months: months.map(() => 0), total: 0, previousTotal: 0 };
  for (const root of roots) {
    if (!root) continue;
    root.months.forEach((v, k) => (totals.months[k] = (totals.months[k] ?? 0) + v));
    totals.total += root.total;
    totals.previousTotal += root.previousTotal;
  }
  return { basis: q.basis, months, nodes, totals, previous };
}
