import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT, type CsvStatementMapping } from '@financeiro/core';
import { users } from '../identity/schema';
import { accountMovements } from '../ledger/schema';
import { accounts, banks, classifications, costCentres } from '../registries/schema';
import { createdAt, money } from '../../db/columns';
import { tenant } from '../tenancy/schema';

/*
 * Bank statements and their reconciliation with the ledger (decision 0019): the files imported, their lines, the
 * links between lines and account movements, the rules that classify lines on import, and the CSV layout each bank
 * was last read with. Statement lines belong to an account, which is the organization's, so like payments and
 * movements they are seen by the whole organization. Banking writes only these tables; the ledger's rows it needs
 * (a settlement, a manual entry) are written by the ledger's exported functions.
 */

export const STATEMENT_FORMATS = ['ofx', 'csv'] as const;
/** A line's state, derived from its reconciled amount and stored for the reconciliation screen's index. */
export const LINE_STATUSES = ['open', 'partial', 'reconciled'] as const;
/** Where a link's movement came from: it was already in the ledger, or this reconciliation wrote it. */
export const LINK_ORIGINS = ['existing', 'settlement', 'entry'] as const;
export const RULE_DIRECTIONS = ['in', 'out'] as const;

/** One statement of a file imported into one account: what the file said about itself, and who brought it. */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    fileName: text().notNull(),
    format: text({ enum: STATEMENT_FORMATS }).notNull(),
    /** Hex SHA-256 of the file's bytes. */
    sha256: text().notNull(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    /** Lines of the statement, those it added, those already imported, and the file's lines that could not be read. */
    lineCount: integer().notNull(),
    newCount: integer().notNull(),
    duplicateCount: integer().notNull(),
    rejectedCount: integer().notNull(),
    /** The closing balance the bank states, in centavos, and its date. */
    closingBalance: money(),
    closingBalanceDate: date({ mode: 'string' }),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'bank_statement_imports_pkey', columns: [t.organizationId, t.id] }),
    index('bank_statement_imports_account_idx').on(t.organizationId, t.accountId, t.createdAt),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    check(
      'bank_statement_imports_counts_check',
      sql`${t.newCount} >= 0 AND ${t.duplicateCount} >= 0 AND ${t.rejectedCount} >= 0
        AND ${t.newCount} + ${t.duplicateCount} = ${t.lineCount}`,
    ),
    check(
      'bank_statement_imports_closing_check',
      sql`(${t.closingBalance} IS NULL) = (${t.closingBalanceDate} IS NULL)`,
    ),
    check('bank_statement_imports_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * One transaction of a bank statement. `line_key` is the parser's stable key of the transaction, unique in its
 * account, so importing the same file again, or one whose period overlaps, adds only the lines not yet there.
 * `reconciled` is the sum of the line's active links, kept with them in the same transaction.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    importId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    /** Signed centavos: + money in, − money out. */
    amount: money().notNull(),
    memo: text().notNull(),
    fitId: text(),
    reference: text(),
    type: text(),
    lineKey: text().notNull(),
    /** Centavos of |amount| already linked to movements. */
    reconciled: money().notNull().default(0),
    status: text({ enum: LINE_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'bank_statement_lines_pkey', columns: [t.organizationId, t.id] }),
    unique('bank_statement_lines_line_key').on(t.organizationId, t.accountId, t.lineKey),
    // The reconciliation screen: one account's open (or partial) lines by date.
    index('bank_statement_lines_status_idx').on(t.organizationId, t.accountId, t.status, t.date),
    index('bank_statement_lines_date_idx').on(t.organizationId, t.accountId, t.date),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.importId],
      foreignColumns: [bankStatementImports.organizationId, bankStatementImports.id],
    }),
    check('bank_statement_lines_amount_check', sql.raw(`amount <> 0 AND abs(amount) <= ${MAX_AMOUNT}`)),
    check('bank_statement_lines_reconciled_check', sql`${t.reconciled} >= 0 AND ${t.reconciled} <= abs(${t.amount})`),
    // The status follows the amounts: a write that forgot to update it fails here.
    check(
      'bank_statement_lines_status_check',
      sql`${t.status} = 'open' AND ${t.reconciled} = 0
        OR ${t.status} = 'partial' AND ${t.reconciled} > 0 AND ${t.reconciled} < abs(${t.amount})
        OR ${t.status} = 'reconciled' AND ${t.reconciled} = abs(${t.amount})`,
    ),
    check('bank_statement_lines_memo_check', sql`char_length(${t.memo}) <= 1000`),
  ],
);

/**
 * A part of a bank line matched with a part of an account movement, in centavos (the absolute value: line and
 * movement have the same sign). The links made by one act of reconciling share `group_id` and are undone together;
 * an undone link stays, with who undid it and when, and stops counting.
 */
export const bankReconciliationLinks = pgTable(
  'bank_reconciliation_links',
  {
    ...tenant(),
    groupId: uuid().notNull(),
    accountId: uuid().notNull(),
    lineId: uuid().notNull(),
    movementId: uuid().notNull(),
    amount: money().notNull(),
    origin: text({ enum: LINK_ORIGINS }).notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: uuid().references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'bank_reconciliation_links_pkey', columns: [t.organizationId, t.id] }),
    index('bank_reconciliation_links_group_idx').on(t.organizationId, t.groupId),
    index('bank_reconciliation_links_line_idx')
      .on(t.organizationId, t.lineId)
      .where(sql`${t.undoneAt} IS NULL`),
    // A movement's reconciled amount is the sum of its active links.
    index('bank_reconciliation_links_movement_idx')
      .on(t.organizationId, t.movementId, t.amount)
      .where(sql`${t.undoneAt} IS NULL`),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.lineId],
      foreignColumns: [bankStatementLines.organizationId, bankStatementLines.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.movementId],
      foreignColumns: [accountMovements.organizationId, accountMovements.id],
    }),
    check('bank_reconciliation_links_amount_check', sql.raw(`amount > 0 AND amount <= ${MAX_AMOUNT}`)),
    check('bank_reconciliation_links_undone_check', sql`${t.undoneBy} IS NULL OR ${t.undoneAt} IS NOT NULL`),
  ],
);

/**
 * What a new statement line is when its memo says so ("TARIFA", "IOF"): on import a matching line becomes a manual
 * entry of the ledger with this classification, linked to the line. Lower priority numbers are tried first.
 */
export const bankReconciliationRules = pgTable(
  'bank_reconciliation_rules',
  {
    ...tenant(),
    /** Null: every account of the organization. */
    accountId: uuid(),
    /** Text the memo contains, compared without accents and case. */
    memoContains: text().notNull(),
    direction: text({ enum: RULE_DIRECTIONS }),
    /** Range of the line's absolute amount, in centavos, both ends included. */
    minAmount: money(),
    maxAmount: money(),
    classificationId: uuid().notNull(),
    costCentreId: uuid(),
    /** The entry's description; `{memo}` stands for the line's memo. */
    description: text().notNull(),
    active: boolean().notNull().default(true),
    priority: integer().notNull().default(100),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'bank_reconciliation_rules_pkey', columns: [t.organizationId, t.id] }),
    index('bank_reconciliation_rules_org_idx').on(t.organizationId, t.priority),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }),
    check(
      'bank_reconciliation_rules_amounts_check',
      sql`(${t.minAmount} IS NULL OR ${t.minAmount} > 0) AND (${t.maxAmount} IS NULL OR ${t.maxAmount} > 0)
        AND (${t.minAmount} IS NULL OR ${t.maxAmount} IS NULL OR ${t.minAmount} <= ${t.maxAmount})`,
    ),
    check('bank_reconciliation_rules_memo_check', sql`char_length(${t.memoContains}) BETWEEN 1 AND 200`),
  ],
);

/** The columns of a bank's CSV export as last confirmed on an import, offered for the next file of that bank. */
export const bankCsvMappings = pgTable(
  'bank_csv_mappings',
  {
    ...tenant(),
    bankId: uuid().notNull(),
    mapping: jsonb().$type<CsvStatementMapping>().notNull(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'bank_csv_mappings_pkey', columns: [t.organizationId, t.id] }),
    unique('bank_csv_mappings_bank_key').on(t.organizationId, t.bankId),
    foreignKey({ columns: [t.organizationId, t.bankId], foreignColumns: [banks.organizationId, banks.id] }),
  ],
);
