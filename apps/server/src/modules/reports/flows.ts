import { sql } from 'drizzle-orm';
import {
  addMonths,
  type FlowDimension,
  type FlowDirection,
  type FlowsNode,
  type FlowsReport,
  type ReportBasis,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
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

/** What the flows read: a direction of one organization (or unit) over a range of months. */
export interface FlowRange {
  organizationId: string;
  unitId: string | null;
  direction: FlowDirection;
  dimension: FlowDimension;
  /** First day of the first month, and the first day after the last month. */
  start: string;
  end: string;
}

export const kindOf = (direction: FlowDirection) => (direction === 'in' ? 'receivable' : 'payable');

/**
 * Each node's (classification's or cost centre's own, before the tree) amount per month, from the reports' monthly
 * summary (decision 0026): on the cash basis what moved for each installment of the direction's kind (principal +
 * interest + fine − discount of each settlement, reversals negative on their own date) by the payment's month, each
 * settlement apportioned over its document's lines exactly; on the accrual basis the documents that are not
 * cancelled, by competence, their lines' amounts; on both, manual entries and their reversals by their own date, an
 * entry's reversal counted in the direction of the entry it undoes. Fees and transfers are neither.
 */
export async function flowAmounts(tx: Tx, r: FlowRange, basis: ReportBasis): Promise<FlowAmount[]> {
  const key = sql.raw(r.dimension === 'classification' ? 'classification_id' : 'cost_centre_id');
  const rows = rowsOf<{ key: string | null; month: string; amount: number | string | bigint }>(
    await tx.execute(sql`select ${key} as key, to_char(month, 'YYYY-MM-DD') as month, sum(amount)::bigint as amount
      from report_monthly_flows
      where organization_id = ${r.organizationId} and basis = ${basis} and kind = ${kindOf(r.direction)}
        and month >= ${r.start}::date and month < ${r.end}::date
        ${r.unitId ? sql`and unit_id = ${r.unitId}::uuid` : sql``}
      group by 1, 2 having sum(entries) > 0`),
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
  const table = sql.raw(q.dimension === 'classification' ? 'classifications_view' : 'cost_centres_view');
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
