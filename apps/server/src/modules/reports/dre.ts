import { sql, type SQL } from 'drizzle-orm';
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
import { apportionedPart } from './apportion';
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
const branchOf = (organizationId: string, costCentreId: string) => sql`(
  select b.id from cost_centres b join cost_centres top
    on top.organization_id = b.organization_id and top.id = ${costCentreId}::uuid
  where b.organization_id = ${organizationId} and (b.code = top.code or b.code like top.code || '.%'))`;

interface Range extends DreQuery {
  /** First day after the last month. */
  end: string;
}

const signOf = (kind: SQL) => sql`(case when ${kind} = 'receivable' then 1 else -1 end)`;
const monthText = (date: SQL) => sql`to_char(date_trunc('month', ${date}), 'YYYY-MM-DD')`;

/**
 * Cash basis, as the flows report counts it: what moved for each installment (principal + interest + fine − discount
 * of each settlement, reversals negative on their own date) by the payment's month, apportioned over the document's
 * lines exactly; receipts +, payments −.
 */
function cashSettlements(r: Range): SQL {
  const part = apportionedPart(sql`m.value`, sql`l.share`, sql`m.settlement_id`, sql`l.id`);
  return sql`select classification_id, month, sum(part)::bigint as amount from (
      select l.classification_id, l.cost_centre_id, ${monthText(sql`m.paid_date`)} as month, ${part} as part
      from (
        select s.id as settlement_id, i.document_id, p.paid_date,
          ${signOf(sql`p.kind`)} * (s.principal + s.interest + s.fine - s.discount)::bigint as value
        from ledger_payments p
        join ledger_settlements s on s.organization_id = p.organization_id and s.payment_id = p.id
        join ledger_installments i on i.organization_id = s.organization_id and i.id = s.installment_id
        where p.organization_id = ${r.organizationId}
          and p.paid_date >= ${r.from}::date and p.paid_date < ${r.end}::date
          ${r.unitId ? sql`and i.unit_id = ${r.unitId}::uuid` : sql``}
      ) m
      join ledger_document_lines l on l.organization_id = ${r.organizationId} and l.document_id = m.document_id
    ) parts
    ${r.costCentreId ? sql`where cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
    group by 1, 2`;
}

/** Accrual basis: the documents that are not cancelled, by competence, their lines' amounts; receivables +. */
function accrualDocuments(r: Range): SQL {
  return sql`select l.classification_id, to_char(d.competence, 'YYYY-MM-DD') as month,
      sum(${signOf(sql`d.kind`)} * l.amount)::bigint as amount
    from ledger_documents d
    join ledger_document_lines l on l.organization_id = d.organization_id and l.document_id = d.id
    where d.organization_id = ${r.organizationId} and d.status <> 'cancelled'
      and d.competence >= ${r.from}::date and d.competence < ${r.end}::date
      ${r.unitId ? sql`and d.unit_id = ${r.unitId}::uuid` : sql``}
      ${r.costCentreId ? sql`and l.cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
    group by 1, 2`;
}

/** Manual entries and their reversals on either basis, by their own date, signed as the money moved. */
function manualEntries(r: Range): SQL {
  return sql`select m.classification_id, ${monthText(sql`m.date`)} as month, sum(m.amount)::bigint as amount
    from account_movements m
    where m.organization_id = ${r.organizationId} and m.kind in ('manual', 'manual_reversal')
      and m.date >= ${r.from}::date and m.date < ${r.end}::date
      ${r.unitId ? sql`and m.unit_id = ${r.unitId}::uuid` : sql``}
      ${r.costCentreId ? sql`and m.cost_centre_id in ${branchOf(r.organizationId, r.costCentreId)}` : sql``}
    group by 1, 2`;
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
  const r: Range = { ...q, end: addMonths(q.to, 1) };
  const documents = q.basis === 'cash' ? cashSettlements(r) : accrualDocuments(r);
  const amounts = rowsOf<{ classification_id: string | null; month: string; amount: string | number }>(
    await tx.execute(sql`select classification_id, month, sum(amount)::bigint as amount
      from (${documents} union all ${manualEntries(r)}) dre
      where classification_id is not null group by 1, 2`),
  );
  const tree = rowsOf<ClassificationRow>(
    await tx.execute(sql`select id, parent_id as "parentId", code, name, nature, dre_group as "dreGroup"
      from classifications where organization_id = ${q.organizationId}`),
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
