import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT } from '@financeiro/core';
import { users, createdBy } from '../identity/schema';
import { ledgerDocuments, ledgerSettlements } from '../ledger/schema';
import { parties, splitConfigs } from '../registries/schema';
import { units, tenant } from '../tenancy/schema';
import { createdAt, money } from '../../db/columns';

/*
 * Revenue splits applied (decision 0024): a run takes the receipts a split setting covers in a period of one unit,
 * splits their sum among the setting's partners and creates one payable per partner. A run is never deleted: undoing
 * it cancels its payables and marks it reversed, and then the period may be split again.
 */

export const splitRuns = pgTable(
  'split_runs',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    configId: uuid().notNull(),
    /** The setting's name when run, for the history when the setting is renamed. */
    configName: text().notNull(),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    /** The sum of the receipts taken; the shares and the retained rest add up to it. */
    base: money().notNull(),
    retained: money().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    reversedAt: timestamp({ withTimezone: true }),
    reversedBy: uuid().references(() => users.id),
    reverseReason: text(),
  },
  (t) => [
    primaryKey({ name: 'split_runs_pkey', columns: [t.organizationId, t.id] }),
    // One live run per setting and period in a unit (each unit splits its own receipts); a reversed run leaves the period free to be split again.
    uniqueIndex('split_runs_live_period_key')
      .on(t.organizationId, t.unitId, t.configId, t.periodStart, t.periodEnd)
      .where(sql`${t.reversedAt} IS NULL`),
    index('split_runs_org_unit_idx').on(t.organizationId, t.unitId, t.createdAt),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({
      columns: [t.organizationId, t.configId],
      foreignColumns: [splitConfigs.organizationId, splitConfigs.id],
    }),
    check('split_runs_period_check', sql`${t.periodEnd} >= ${t.periodStart}`),
    check(
      'split_runs_amounts_check',
      sql.raw(`base > 0 AND base <= ${MAX_AMOUNT} * 1000 AND retained >= 0 AND retained <= base`),
    ),
    check(
      'split_runs_reversed_check',
      sql`(${t.reversedAt} IS NULL) = (${t.reverseReason} IS NULL) AND (${t.reversedAt} IS NULL) = (${t.reversedBy} IS NULL)`,
    ),
  ],
);

/** Each partner's part of a run, and the payable made of it (none when the part rounds to zero). */
export const splitRunShares = pgTable(
  'split_run_shares',
  {
    ...tenant(),
    runId: uuid().notNull(),
    partyId: uuid().notNull(),
    /** Basis points of the base, as the setting had them when run. */
    share: integer().notNull(),
    amount: money().notNull(),
    payableId: uuid(),
  },
  (t) => [
    primaryKey({ name: 'split_run_shares_pkey', columns: [t.organizationId, t.id] }),
    unique('split_run_shares_run_party_key').on(t.organizationId, t.runId, t.partyId),
    unique('split_run_shares_payable_key').on(t.organizationId, t.payableId),
    foreignKey({ columns: [t.organizationId, t.runId], foreignColumns: [splitRuns.organizationId, splitRuns.id] }),
    foreignKey({ columns: [t.organizationId, t.partyId], foreignColumns: [parties.organizationId, parties.id] }),
    foreignKey({
      columns: [t.organizationId, t.payableId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    check('split_run_shares_share_check', sql`${t.share} BETWEEN 0 AND 10000`),
    check('split_run_shares_amount_check', sql`${t.amount} >= 0 AND (${t.amount} = 0) = (${t.payableId} IS NULL)`),
  ],
);

/** The receipts a run took (settlements of receivables) and the part of each it covered: the base, auditable. */
export const splitRunReceipts = pgTable(
  'split_run_receipts',
  {
    ...tenant(),
    runId: uuid().notNull(),
    settlementId: uuid().notNull(),
    documentId: uuid().notNull(),
    amount: money().notNull(),
  },
  (t) => [
    primaryKey({ name: 'split_run_receipts_pkey', columns: [t.organizationId, t.id] }),
    unique('split_run_receipts_run_settlement_key').on(t.organizationId, t.runId, t.settlementId),
    index('split_run_receipts_settlement_idx').on(t.organizationId, t.settlementId),
    foreignKey({ columns: [t.organizationId, t.runId], foreignColumns: [splitRuns.organizationId, splitRuns.id] }),
    foreignKey({
      columns: [t.organizationId, t.settlementId],
      foreignColumns: [ledgerSettlements.organizationId, ledgerSettlements.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    check('split_run_receipts_amount_check', sql`${t.amount} > 0`),
  ],
);
