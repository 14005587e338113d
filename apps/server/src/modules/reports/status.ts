import { sql, type SQL } from 'drizzle-orm';
import {
  STATUS_COLUMNS,
  TIME_ZONE,
  type DocumentKind,
  type StatusCell,
  type StatusColumn,
  type StatusGrouping,
  type StatusReport,
  type StatusReportRow,
} from '@financeiro/core';
import { rowsOf, type Tx } from '../../db/client';
import { apportionedPart } from './apportion';
import { STATUS_LABELS } from './messages';

/** Whose installments the report reads: one organization's units (the selected one, or each the caller may read). */
export interface StatusQuery {
  organizationId: string;
  unitIds: string[];
  kind: DocumentKind;
  groupBy: StatusGrouping;
}

const today = sql.raw(`(now() AT TIME ZONE '${TIME_ZONE}')::date`);

/**
 * The column of each installment and the amount it shows there, as the installments' list counts them: open or
 * partly paid and due before today is overdue by age; otherwise open is `due`, partly paid `partial`. Unsettled
 * columns show the open balance, `paid` what was settled, `cancelled` the installment's amount.
 */
const classified = (q: StatusQuery) => sql`
  select i.id, i.document_id, i.unit_id, i.party_id,
    case
      when i.status = 'cancelled' then 'cancelled'
      when i.status = 'paid' then 'paid'
      when i.due_date < ${today} then case
        when ${today} - i.due_date <= 30 then 'overdue_1_30'
        when ${today} - i.due_date <= 60 then 'overdue_31_60'
        when ${today} - i.due_date <= 90 then 'overdue_61_90'
        else 'overdue_90' end
      when i.status = 'partial' then 'partial'
      else 'due' end as col,
    case
      when i.status = 'paid' then i.settled
      when i.status = 'cancelled' then i.amount
      else i.amount - i.settled end as value
  from ledger_installments_view i
  where i.organization_id = ${q.organizationId} and i.kind = ${q.kind}
    and i.unit_id in (${sql.join(
      q.unitIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;

interface CellRow {
  key: string | null;
  label: string | null;
  col: StatusColumn;
  count: number | string;
  amount: number | string | bigint;
}

/** One row per (group, column): how many installments and their amounts. */
function groupedQuery(q: StatusQuery): SQL {
  const base = classified(q);
  switch (q.groupBy) {
    case 'none':
      return sql`with b as (${base})
        select null as key, null as label, col, count(*) as count, sum(value)::bigint as amount from b group by col`;
    case 'party':
      return sql`with b as (${base})
        select b.party_id as key, coalesce(p.trade_name, p.name) as label, col, count(*) as count,
          sum(value)::bigint as amount
        from b join parties_view p on p.organization_id = ${q.organizationId} and p.id = b.party_id
        group by b.party_id, coalesce(p.trade_name, p.name), col`;
    case 'unit':
      return sql`with b as (${base})
        select b.unit_id as key, u.name as label, col, count(*) as count, sum(value)::bigint as amount
        from b join units_view u on u.id = b.unit_id
        group by b.unit_id, u.name, col`;
    case 'classification':
    case 'costCentre': {
      const column = sql.raw(q.groupBy === 'classification' ? 'classification_id' : 'cost_centre_id');
      const table = sql.raw(q.groupBy === 'classification' ? 'classifications_view' : 'cost_centres_view');
      const part = apportionedPart(sql`b.value`, sql`l.share`, sql`b.id`, sql`l.id`);
      return sql`with b as (${base}),
        parts as (
          select b.id, b.col, l.${column} as key, ${part} as part
          from b left join ledger_document_lines_view l
            on l.organization_id = ${q.organizationId} and l.document_id = b.document_id
        )
        select parts.key, g.name as label, col, count(distinct parts.id) as count, sum(part)::bigint as amount
        from parts left join ${table} g on g.organization_id = ${q.organizationId} and g.id = parts.key
        group by parts.key, g.name, col`;
    }
  }
}

const emptyCells = (): Record<StatusColumn, StatusCell> =>
  Object.fromEntries(STATUS_COLUMNS.map((c) => [c, { count: 0, amount: 0 }])) as Record<StatusColumn, StatusCell>;

function emptyRow(id: string | null, label: string): StatusReportRow {
  return { id, label, cells: emptyCells(), total: { count: 0, amount: 0 } };
}

/**
 * The status report: each group's installments in the disjoint columns of STATUS_COLUMNS, aged against São Paulo's
 * today. Grouped by classification or cost centre, an installment's amount is apportioned over its document's lines
 * exactly (so the rows add up to the totals), and it counts once in each group it reaches.
 */
export async function statusReport(tx: Tx, q: StatusQuery): Promise<StatusReport> {
  const [day] = rowsOf<{ today: string }>(await tx.execute(sql`select ${today}::text as today`));
  const rows = new Map<string | null, StatusReportRow>();
  const totals = emptyRow(null, STATUS_LABELS.total);
  if (q.groupBy === 'unit' && q.unitIds.length > 0) {
    // Each unit the report covers has its row, with nothing in it when it has no installments of the kind.
    const named = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`select id, name from units_view where organization_id = ${q.organizationId}
        and id in (${sql.join(
          q.unitIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
    for (const unit of named) rows.set(unit.id, emptyRow(unit.id, unit.name));
  }
  if (q.unitIds.length > 0) {
    const cells = rowsOf<CellRow>(await tx.execute(groupedQuery(q)));
    for (const cell of cells) {
      const key = q.groupBy === 'none' ? null : cell.key;
      let row = rows.get(key);
      if (!row) {
        row = emptyRow(key, key === null ? STATUS_LABELS.none[q.groupBy] : (cell.label ?? ''));
        rows.set(key, row);
      }
      const count = Number(cell.count);
      const amount = Number(cell.amount);
      row.cells[cell.col].count += count;
      row.cells[cell.col].amount += amount;
      row.total.count += count;
      row.total.amount += amount;
      totals.cells[cell.col].amount += amount;
      totals.total.amount += amount;
      if (q.groupBy === 'none' || q.groupBy === 'party' || q.groupBy === 'unit') {
        totals.cells[cell.col].count += count;
        totals.total.count += count;
      }
    }
    if (q.groupBy === 'classification' || q.groupBy === 'costCentre') {
      // An apportioned installment counts in each group it reaches, once in the totals.
      const counted = rowsOf<{ col: StatusColumn; count: number | string }>(
        await tx.execute(sql`with b as (${classified(q)}) select col, count(*) as count from b group by col`),
      );
      for (const c of counted) {
        totals.cells[c.col].count += Number(c.count);
        totals.total.count += Number(c.count);
      }
    }
  }
  const sorted = [...rows.values()].sort((a, b) =>
    a.id === null ? 1 : b.id === null ? -1 : a.label.localeCompare(b.label, 'pt-BR'),
  );
  return { today: day?.today ?? '', rows: sorted, totals };
}
