import { bigint, check, date, foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DOCUMENT_KINDS } from '@financeiro/core';
import { organizations, units } from '../tenancy/schema';
import { classifications, costCentres } from '../registries/schema';

/*
 * The reports' monthly summary (decision 0026): what the flows report, the DRE and the dashboard's chart add up,
 * kept by triggers in the same transaction as the writes it sums (settlements, manual entries, documents and their
 * lines), so that a report reads a few thousand rows instead of a book's millions and is never stale.
 *
 * One row per organization, unit, direction (a receivable's money comes in, a payable's goes out), basis, month,
 * classification and cost centre; the amount is the direction's (positive for what came in on an inflow row, for
 * what went out on an outflow row). A document without apportionment lines counts under no classification.
 */
export const reportMonthlyFlows = pgTable(
  'report_monthly_flows',
  {
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    unitId: uuid().notNull(),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    basis: text({ enum: ['cash', 'accrual'] }).notNull(),
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    classificationId: uuid(),
    costCentreId: uuid(),
    amount: bigint({ mode: 'number' }).notNull(),
    /**
     * How many rows of the books the amount adds up (settlements' parts, lines, manual entries), less those taken
     * back: a report shows a node whose entries sum to zero (a settlement and its reversal) as the plain query did,
     * and leaves out one whose every entry is gone (a cancelled document).
     */
    entries: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    unique('report_monthly_flows_key')
      .on(t.organizationId, t.unitId, t.kind, t.basis, t.month, t.classificationId, t.costCentreId)
      .nullsNotDistinct(),
    // The reports read one organization's basis over a range of months, every unit or one.
    index('report_monthly_flows_read_idx').on(t.organizationId, t.basis, t.month),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    // A classification or cost centre can be deleted only when nothing moved through it: its rows are zeros then.
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }).onDelete('cascade'),
    check('report_monthly_flows_basis_check', sql`${t.basis} IN ('cash', 'accrual')`),
    check('report_monthly_flows_month_check', sql`extract(day FROM ${t.month}) = 1`),
  ],
);
