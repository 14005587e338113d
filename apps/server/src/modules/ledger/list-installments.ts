import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import {
  EXPORT_MAX_ROWS,
  LEDGER_STATUSES,
  TIME_ZONE,
  type DocumentKind,
  type InstallmentFilters,
  type LedgerSort,
  type LedgerStatus,
} from '@financeiro/core';
import type { Tx } from '../../db/client';
import { containsPattern, folded } from '../../db/search';
import { installmentFigures, openBalance } from './installment-figures';
import { ledgerDocumentLines, ledgerDocuments, ledgerInstallments as i } from './schema';
import { accountsView, partiesView, paymentMethodsView } from '../registries';
import { unitsView } from '../tenancy';

/** The installments a list reads: one unit's payables or receivables, narrowed by the filters. */
export interface InstallmentQuery {
  organizationId: string;
  unitId: string;
  kind: DocumentKind;
  filters: InstallmentFilters;
  sort: LedgerSort;
  desc: boolean;
}

const d = alias(ledgerDocuments, 'd');
const p = partiesView;

/** Today in São Paulo, as the database sees it: "overdue" moves at local midnight, not at UTC's. */
const today = sql.raw(`(now() AT TIME ZONE '${TIME_ZONE}')::date`);
/** Open or partially paid and due before today. */
const overdue = sql`(${i.status} in ('open', 'partial') and ${i.dueDate} < ${today})`;

/** The documents one of whose apportionment lines names `id` in `column`. */
const documentsWith = (organizationId: string, column: PgColumn, id: string) =>
  inArray(
    i.documentId,
    sql`(select ${ledgerDocumentLines.documentId} from ${ledgerDocumentLines}
      where ${ledgerDocumentLines.organizationId} = ${organizationId} and ${column} = ${id})`,
  );

/** Every filter but the status: the status chips count within these. */
function baseConditions(q: InstallmentQuery): SQL[] {
  const f = q.filters;
  const out: (SQL | undefined)[] = [
    eq(i.organizationId, q.organizationId),
    eq(i.unitId, q.unitId),
    eq(i.kind, q.kind),
    f.dueFrom ? gte(i.dueDate, f.dueFrom) : undefined,
    f.dueTo ? lte(i.dueDate, f.dueTo) : undefined,
    f.partyId ? eq(i.partyId, f.partyId) : undefined,
    f.documentNumber ? eq(i.documentNumber, f.documentNumber) : undefined,
    f.amountMin !== null ? gte(i.amount, f.amountMin) : undefined,
    f.amountMax !== null ? lte(i.amount, f.amountMax) : undefined,
    f.classificationId
      ? documentsWith(q.organizationId, ledgerDocumentLines.classificationId, f.classificationId)
      : undefined,
    f.costCentreId ? documentsWith(q.organizationId, ledgerDocumentLines.costCentreId, f.costCentreId) : undefined,
    f.accountId ? eq(d.accountId, f.accountId) : undefined,
    f.paymentMethodId ? eq(d.paymentMethodId, f.paymentMethodId) : undefined,
  ];
  if (f.search) {
    const pattern = folded(sql`${containsPattern(f.search)}::text`);
    out.push(
      or(
        eq(i.documentNumber, f.search),
        sql`${folded(d.description)} like ${pattern}`,
        sql`${p.searchText} like ${pattern}`,
      ),
    );
  }
  return out.filter((c): c is SQL => c !== undefined);
}

function statusCondition(statuses: InstallmentFilters['status']): SQL | undefined {
  if (statuses.length === 0) return undefined;
  const stored = statuses.filter((s): s is LedgerStatus => s !== 'overdue');
  return or(
    stored.length > 0 ? inArray(i.status, stored) : undefined,
    statuses.includes('overdue') ? overdue : undefined,
  );
}

/** The document and the party of each installment, joined by the keys that include the organization. */
const onDocument = and(eq(d.organizationId, i.organizationId), eq(d.id, i.documentId));
const onParty = and(eq(p.organizationId, i.organizationId), eq(p.id, i.partyId));

const SORTS: Record<LedgerSort, SQL | PgColumn> = {
  dueDate: i.dueDate,
  amount: i.amount,
  open: openBalance,
  party: folded(p.name),
  documentNumber: i.documentNumber,
  status: i.status,
};

const rowColumns = {
  ...installmentFigures,
  settled: i.settled,
  status: i.status,
  overdue: sql<boolean>`${overdue}`,
  partyId: i.partyId,
  partyName: sql<string>`coalesce(${p.tradeName}, ${p.name})`,
  description: d.description,
  documentNumber: i.documentNumber,
  documentType: d.documentType,
  barcode: i.barcode,
  pixCode: i.pixCode,
  paymentMethodName: sql<string | null>`(select ${paymentMethodsView.name} from ${paymentMethodsView}
    where ${paymentMethodsView.organizationId} = ${d.organizationId} and ${paymentMethodsView.id} = ${d.paymentMethodId})`,
  accountName: sql<string | null>`(select ${accountsView.name} from ${accountsView}
    where ${accountsView.organizationId} = ${d.organizationId} and ${accountsView.id} = ${d.accountId})`,
  unitName: sql<string>`(select ${unitsView.name} from ${unitsView} where ${unitsView.id} = ${i.unitId})`,
};
export type InstallmentRow = Awaited<ReturnType<typeof listRows>>[number];

/** Whether the filters or the order read the installment's document or party (most pages read neither). */
const needsDocument = (q: InstallmentQuery) =>
  Boolean(q.filters.accountId || q.filters.paymentMethodId || q.filters.search);
const needsParty = (q: InstallmentQuery) => Boolean(q.filters.search) || q.sort === 'party';

/**
 * A page of the list's rows (or, for an export, all of them up to `limit`), in the chosen order. The page's ids are
 * chosen first from the installments alone (the list index covers the usual filters and orders, so this reads no
 * table page), and only those rows are joined to their document and party.
 */
export function listRows(tx: Tx, q: InstallmentQuery, limit: number, offset = 0) {
  const sort = SORTS[q.sort];
  const order = [q.desc ? desc(sort) : asc(sort), q.desc ? desc(i.id) : asc(i.id)];
  let ids = tx.select({ pageId: i.id }).from(i).$dynamic();
  if (needsDocument(q)) ids = ids.innerJoin(d, onDocument);
  if (needsParty(q)) ids = ids.innerJoin(p, onParty);
  const page = ids
    .where(and(...baseConditions(q), statusCondition(q.filters.status)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return tx
    .select(rowColumns)
    .from(page)
    .innerJoin(i, and(eq(i.organizationId, q.organizationId), eq(i.id, page.pageId)))
    .innerJoin(d, onDocument)
    .innerJoin(p, onParty)
    .orderBy(...order);
}

export interface StatusTotal {
  count: number;
  amount: number;
}
export interface InstallmentTotals {
  count: number;
  amount: number;
  open: number;
  overdue: number;
  paid: number;
  byStatus: Record<LedgerStatus | 'overdue', StatusTotal>;
}

/** The filtered set in a handful of groups: per stored status, those due before today apart. */
interface TotalsGroup {
  status: LedgerStatus;
  late: boolean;
  count: number;
  amount: number;
  settled: number;
}

/**
 * The totals of the filtered set: the sums of the rows the filters select, and per status chip the rows every other
 * filter selects (so a chip tells what choosing it would show). Amounts of the chips are the installments' values;
 * `open` and `overdue` what is still to pay, `paid` what was settled. The database groups the set by status and
 * lateness (a few groups, read from the list index alone) and the sums are taken from the groups.
 */
export async function listTotals(tx: Tx, q: InstallmentQuery): Promise<InstallmentTotals> {
  const late = sql<boolean>`${i.dueDate} < ${today}`;
  let query = tx
    .select({
      status: i.status,
      late,
      count: sql`count(*)`.mapWith(Number),
      amount: sql`coalesce(sum(${i.amount}), 0)`.mapWith(Number),
      settled: sql`coalesce(sum(${i.settled}), 0)`.mapWith(Number),
    })
    .from(i)
    .$dynamic();
  if (needsDocument(q)) query = query.innerJoin(d, onDocument);
  if (q.filters.search) query = query.innerJoin(p, onParty);
  const groups: TotalsGroup[] = await query.where(and(...baseConditions(q))).groupBy(i.status, late);

  const chosen = q.filters.status;
  const isUnsettled = (g: TotalsGroup) => g.status === 'open' || g.status === 'partial';
  const isOverdue = (g: TotalsGroup) => isUnsettled(g) && g.late;
  const selected = groups.filter(
    (g) => chosen.length === 0 || chosen.includes(g.status) || (chosen.includes('overdue') && isOverdue(g)),
  );
  const add = (of: TotalsGroup[], value: (g: TotalsGroup) => number) => of.reduce((n, g) => n + value(g), 0);
  const chip = (of: TotalsGroup[]): StatusTotal => ({
    count: add(of, (g) => g.count),
    amount: add(of, (g) => g.amount),
  });
  const byStatus = Object.fromEntries(
    LEDGER_STATUSES.map((status) => [status, chip(groups.filter((g) => g.status === status))]),
  ) as Record<LedgerStatus, StatusTotal>;
  return {
    count: add(selected, (g) => g.count),
    amount: add(selected, (g) => g.amount),
    open: add(selected.filter(isUnsettled), (g) => g.amount - g.settled),
    overdue: add(selected.filter(isOverdue), (g) => g.amount - g.settled),
    paid: add(selected, (g) => g.settled),
    byStatus: { ...byStatus, overdue: chip(groups.filter(isOverdue)) },
  };
}

/** The list: a page of rows, the number of rows the filters select and their totals. */
export async function listInstallments(tx: Tx, q: InstallmentQuery, page: number, pageSize: number) {
  const rows = await listRows(tx, q, pageSize, (page - 1) * pageSize);
  const totals = await listTotals(tx, q);
  return { rows, total: totals.count, totals };
}

/** Every row the filters select, for CSV/XLSX, up to the export's cap (`truncated` says it was reached). */
export async function exportInstallments(tx: Tx, q: InstallmentQuery) {
  const rows = await listRows(tx, q, EXPORT_MAX_ROWS + 1);
  return { rows: rows.slice(0, EXPORT_MAX_ROWS), truncated: rows.length > EXPORT_MAX_ROWS };
}
