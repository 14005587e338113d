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
import { accounts, parties, paymentMethods } from '../registries/schema';
import { units } from '../tenancy/schema';
import { ledgerDocumentLines, ledgerDocuments, ledgerInstallments as i } from './schema';

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
const p = alias(parties, 'p');

/** Today in São Paulo, as the database sees it: "overdue" moves at local midnight, not at UTC's. */
const today = sql.raw(`(now() AT TIME ZONE '${TIME_ZONE}')::date`);
const unsettled = sql`${i.status} in ('open', 'partial')`;
/** Open or partially paid and due before today. */
export const overdue = sql`(${unsettled} and ${i.dueDate} < ${today})`;
const openBalance = sql`(${i.amount} - ${i.settled})`;

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
  id: i.id,
  documentId: i.documentId,
  number: i.number,
  count: i.count,
  dueDate: i.dueDate,
  amount: i.amount,
  settled: i.settled,
  open: sql<number>`${openBalance}`.mapWith(Number),
  status: i.status,
  overdue: sql<boolean>`${overdue}`,
  partyId: i.partyId,
  partyName: sql<string>`coalesce(${p.tradeName}, ${p.name})`,
  description: d.description,
  documentNumber: i.documentNumber,
  documentType: d.documentType,
  barcode: i.barcode,
  pixCode: i.pixCode,
  paymentMethodName: sql<string | null>`(select ${paymentMethods.name} from ${paymentMethods}
    where ${paymentMethods.organizationId} = ${d.organizationId} and ${paymentMethods.id} = ${d.paymentMethodId})`,
  accountName: sql<string | null>`(select ${accounts.name} from ${accounts}
    where ${accounts.organizationId} = ${d.organizationId} and ${accounts.id} = ${d.accountId})`,
  unitName: sql<string>`(select ${units.name} from ${units} where ${units.id} = ${i.unitId})`,
};
export type InstallmentRow = Awaited<ReturnType<typeof listRows>>[number];

/** A page of the list's rows (or, for an export, all of them up to `limit`), in the chosen order. */
export function listRows(tx: Tx, q: InstallmentQuery, limit: number, offset = 0) {
  const sort = SORTS[q.sort];
  return tx
    .select(rowColumns)
    .from(i)
    .innerJoin(d, onDocument)
    .innerJoin(p, onParty)
    .where(and(...baseConditions(q), statusCondition(q.filters.status)))
    .orderBy(q.desc ? desc(sort) : asc(sort), q.desc ? desc(i.id) : asc(i.id))
    .limit(limit)
    .offset(offset);
}

const sum = (value: SQL, where?: SQL) =>
  (where ? sql`coalesce(sum(${value}) filter (where ${where}), 0)` : sql`coalesce(sum(${value}), 0)`).mapWith(Number);
const counted = (where: SQL) => sql`count(*) filter (where ${where})`.mapWith(Number);

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

/**
 * The totals of the filtered set, read in one pass: the sums of the rows the filters select, and per status chip the
 * rows every other filter selects (so a chip tells what choosing it would show). Amounts of the chips are the
 * installments' values; `open` and `overdue` what is still to pay, `paid` what was settled.
 */
export async function listTotals(tx: Tx, q: InstallmentQuery): Promise<InstallmentTotals> {
  const chosen = statusCondition(q.filters.status) ?? sql`true`;
  const perStatus = Object.fromEntries(
    [...LEDGER_STATUSES, 'overdue' as const].flatMap((status) => {
      const where = status === 'overdue' ? overdue : sql`${i.status} = ${status}`;
      return [
        [`${status}Count`, counted(where)],
        [`${status}Amount`, sum(sql`${i.amount}`, where)],
      ];
    }),
  );
  // The sums read the installments alone unless a filter needs their document or party: a unit's whole book is
  // summed on every page, and two joins per installment would be most of the time.
  const f = q.filters;
  let totals = tx
    .select({
      count: counted(chosen),
      amount: sum(sql`${i.amount}`, chosen),
      open: sum(openBalance, sql`${chosen} and ${unsettled}`),
      overdue: sum(openBalance, sql`${chosen} and ${overdue}`),
      paid: sum(sql`${i.settled}`, chosen),
      ...perStatus,
    })
    .from(i)
    .$dynamic();
  if (f.accountId || f.paymentMethodId || f.search) totals = totals.innerJoin(d, onDocument);
  if (f.search) totals = totals.innerJoin(p, onParty);
  const [row] = await totals.where(and(...baseConditions(q)));
  const value = (key: string) => Number((row as Record<string, unknown> | undefined)?.[key] ?? 0);
  const chip = (status: LedgerStatus | 'overdue') => ({
    count: value(`${status}Count`),
    amount: value(`${status}Amount`),
  });
  return {
    count: value('count'),
    amount: value('amount'),
    open: value('open'),
    overdue: value('overdue'),
    paid: value('paid'),
    byStatus: {
      open: chip('open'),
      partial: chip('partial'),
      paid: chip('paid'),
      cancelled: chip('cancelled'),
      overdue: chip('overdue'),
    },
  };
}

/** The list: a page of rows, the number of rows the filters select and their totals. */
export async function listInstallments(tx: Tx, q: InstallmentQuery, page: number, pageSize: number) {
  const [rows, totals] = await Promise.all([listRows(tx, q, pageSize, (page - 1) * pageSize), listTotals(tx, q)]);
  return { rows, total: totals.count, totals };
}

/** Every row the filters select, for CSV/XLSX, up to the export's cap (`truncated` says it was reached). */
export async function exportInstallments(tx: Tx, q: InstallmentQuery) {
  const rows = await listRows(tx, q, EXPORT_MAX_ROWS + 1);
  return { rows: rows.slice(0, EXPORT_MAX_ROWS), truncated: rows.length > EXPORT_MAX_ROWS };
}
