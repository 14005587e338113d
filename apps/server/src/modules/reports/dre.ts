import { sql } from 'drizzle-orm';
import {
  addMonths,
  DRE_GROUPS,
  DRE_LINES,
  type ClassificationNature,
  type DreGroup,
  type DreLine,
  type DreReport,
  type DreRow,
  type ReportBasis,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { monthsOf } from './flows';

/** What the DRE reads: one organization's books (or one unit's, or one cost centre's branch), month by month. */
export interface DreQuery {
  organizationId: string;
  basis: ReportBasis;
  /** First days of the first and last months. */
  from: string;
  to: string;
  unitId: string | null;
  /** The cost centre whose branch (itself and every centre below it) the report keeps. */
  costCentreId: string | null;
}

interface ClassificationRow {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  nature: ClassificationNature;
  dreGroup: DreGroup | null;
}

/** The group a nature falls in when neither the classification nor a classification above it names one. */
const BY_NATURE: Record<ClassificationNature, DreGroup> = { income: 'gross_revenue', expense: 'expenses' };

/**
 * Each classification's effective group: its own, else its nearest ancestor's, else its nature's. A broken parent
 * link (a cycle or a missing parent) ends the walk at the node itself.
 */
export function effectiveGroups(tree: readonly ClassificationRow[]): Map<string, DreGroup> {
  const byId = new Map(tree.map((c) => [c.id, c]));
  const out = new Map<string, DreGroup>();
  const resolve = (node: ClassificationRow): DreGroup => {
    const path: ClassificationRow[] = [];
    const seen = new Set<string>();
    let current: ClassificationRow | undefined = node;
    let found: DreGroup | null = null;
    while (current && !seen.has(current.id)) {
      const known = out.get(current.id);
      if (known) {
        found = known;
        break;
      }
      seen.add(current.id);
      path.push(current);
      if (current.dreGroup) {
        found = current.dreGroup;
        break;
      }
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
    const group = found ?? BY_NATURE[(path.at(-1) ?? node).nature];
    for (const visited of path) out.set(visited.id, group);
    return group;
  };
  for (const node of tree) resolve(node);
  return out;
}

/** The cost centres of the branch that starts at `costCentreId`. */
export const branchOf = (organizationId: string, costCentreId: string) => sql`(
  select b.id from cost_centres_view b join cost_centres_view top
    on top.organization_id = b.organization_id and top.id = ${costCentreId}::uuid
  where b.organization_id = ${organizationId} and (b.code = top.code or b.code like top.code || '.%'))`;

export interface DreRange extends DreQuery {
  /** First day after the last month. */
  end: string;
}

/** One classification's signed amount in one month. */
export interface DreAmount {
  classification_id: string | null;
  month: string;
  amount: string | number;
}

/**
 * Every classification's signed amount per month (receivables +, payables −), from the reports' monthly summary
 * (decision 0026), by the flows report's rules: on the cash basis what moved for each installment by the payment's
 * month, apportioned over the document's lines exactly; on the accrual basis the documents that are not cancelled, by
 * competence, their lines' amounts; on both, manual entries and their reversals by their own date.
 */
export async function dreAmounts(tx: Tx, r: DreRange): Promise<DreAmount[]> {
  return rowsOf<DreAmount>(
    await tx.execute(sql`select classification_id, to_char(month, 'YYYY-MM-DD') as month,
        sum(case when kind = 'receivable' then amount else -amount end)::bigint as amount
      from report_monthly_flows
      where organization_id = ${r.organizationId} and basis = ${r.basis}
        and month >= ${r.from}::date and month < ${r.end}::date and classification_id is not null
        ${r.unitId ? sql`and unit_id = ${r.unitId}::uuid` : sql``}
        ${r.costCentreId ? sql`and cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
      group by 1, 2 having sum(entries) > 0`),
  );
}

/** The subtotal lines and what they add up. */
const SUBTOTALS: Partial<Record<DreLine, DreLine[]>> = {
  net_revenue: ['gross_revenue', 'deductions'],
  margin: ['net_revenue', 'costs'],
  operating_result: ['margin', 'expenses'],
  financial_result: ['financial_income', 'financial_expenses'],
  result: ['operating_result', 'financial_result'],
};

/**
 * The management income statement: every classification's signed amount per month (revenues +, the rest −) in the
 * group it falls in, the groups in the DRE's order and the subtotals between them.
 */
export async function dreReport(tx: Tx, q: DreQuery): Promise<DreReport> {
  const months = monthsOf(q.from, q.to);
  const amounts = await dreAmounts(tx, { ...q, end: addMonths(q.to, 1) });
  const tree = rowsOf<ClassificationRow>(
    await tx.execute(sql`select id, parent_id as "parentId", code, name, nature, dre_group as "dreGroup"
      from classifications_view where organization_id = ${q.organizationId}`),
  );
  const groups = effectiveGroups(tree);
  const byId = new Map(tree.map((c) => [c.id, c]));
  const monthIndex = new Map(months.map((m, k) => [m, k]));

  const zero = () => months.map(() => 0);
  const lines = new Map<DreLine, DreRow>(
    DRE_LINES.map((line) => [line, { line, months: zero(), total: 0, classifications: [] }]),
  );
  const perClassification = new Map<string, DreRow['classifications'][number]>();
  for (const a of amounts) {
    const k = monthIndex.get(a.month);
    const classification = a.classification_id ? byId.get(a.classification_id) : undefined;
    if (k === undefined || !classification) continue;
    let entry = perClassification.get(classification.id);
    if (!entry) {
      entry = { id: classification.id, code: classification.code, name: classification.name, months: zero(), total: 0 };
      perClassification.set(classification.id, entry);
      lines.get(groups.get(classification.id) ?? BY_NATURE[classification.nature])?.classifications.push(entry);
    }
    entry.months[k] = (entry.months[k] ?? 0) + Number(a.amount);
  }
  const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code, 'pt-BR', { numeric: true });
  for (const group of DRE_GROUPS) {
    const row = lines.get(group);
    if (!row) continue;
    row.classifications.sort(byCode);
    for (const c of row.classifications) {
      c.total = c.months.reduce((s, v) => s + v, 0);
      c.months.forEach((v, k) => (row.months[k] = (row.months[k] ?? 0) + v));
    }
  }
  const rows: DreRow[] = [];
  for (const line of DRE_LINES) {
    const row = lines.get(line);
    if (!row) continue;
    const parts = SUBTOTALS[line];
    if (parts) {
      for (const part of parts) {
        lines.get(part)?.months.forEach((v, k) => (row.months[k] = (row.months[k] ?? 0) + v));
      }
    }
    row.total = row.months.reduce((s, v) => s + v, 0);
    rows.push(row);
  }
  return { basis: q.basis, months, rows };
}
