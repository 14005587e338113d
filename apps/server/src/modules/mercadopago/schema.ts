import {
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT } from '@financeiro/core';
import { users } from '../identity/schema';
import { accountMovements, ledgerDocuments, ledgerPayments } from '../ledger/schema';
import { accounts, classifications, costCentres, parties, paymentMethods } from '../registries/schema';
import { units, tenant } from '../tenancy/schema';
import { createdAt, money } from '../../db/columns';

/*
 * Mercado Pago's own reports imported into an account (decision 0022): the files, and their rows as the report
 * states them. Like bank statements they belong to an account, which is the organization's. Importing writes only
 * these tables; reconciling the rows with receivables, fees and releases is a later step that reads them.
 */

export const MERCADOPAGO_REPORT_KINDS = ['settlement', 'release'] as const;
export const MERCADOPAGO_FILE_FORMATS = ['csv', 'xlsx'] as const;

/** Centavos within the largest amount the app keeps, either sign. */
const withinMax = (column: string) => `abs(${column}) <= ${MAX_AMOUNT}`;

/** One report file imported into one account: what it was, its period, and what it added. */
export const mercadopagoReportImports = pgTable(
  'mercadopago_report_imports',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    kind: text({ enum: MERCADOPAGO_REPORT_KINDS }).notNull(),
    fileName: text().notNull(),
    format: text({ enum: MERCADOPAGO_FILE_FORMATS }).notNull(),
    /** Hex SHA-256 of the file's bytes. */
    sha256: text().notNull(),
    /** First and last approval day (settlement report) or release day (release report) of its rows. */
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    /** Rows read, those added, those already imported, and the file's rows that could not be read. */
    rowCount: integer().notNull(),
    newCount: integer().notNull(),
    duplicateCount: integer().notNull(),
    rejectedCount: integer().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_report_imports_pkey', columns: [t.organizationId, t.id] }),
    index('mercadopago_report_imports_account_idx').on(t.organizationId, t.accountId, t.createdAt),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    check(
      'mercadopago_report_imports_counts_check',
      sql`${t.newCount} >= 0 AND ${t.duplicateCount} >= 0 AND ${t.rejectedCount} >= 0
        AND ${t.newCount} + ${t.duplicateCount} = ${t.rowCount}`,
    ),
    check(
      'mercadopago_report_imports_period_check',
      sql`(${t.periodStart} IS NULL) = (${t.periodEnd} IS NULL) AND ${t.periodStart} <= ${t.periodEnd}`,
    ),
    check('mercadopago_report_imports_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * One row of a settlement report ("todas as transações"): a sale, a refund, a chargeback, a dispute… of one
 * operation. Fees are costs (positive when charged, negative when given back); gross and net keep the report's sign.
 * `row_key` is the row's stable key, unique in its account, so the same file, or one whose period overlaps, adds
 * only the rows not yet there.
 */
export const mercadopagoSettlements = pgTable(
  'mercadopago_settlements',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    importId: uuid().notNull(),
    rowKey: text().notNull(),
    /** Mercado Pago's id of the operation (the payment id for a sale). */
    sourceId: text().notNull(),
    /** The seller's reference (a receivable or an order), when the sale carried one. */
    externalReference: text(),
    /** SETTLEMENT, REFUND, CHARGEBACK, DISPUTE, …, in upper case. */
    transactionType: text().notNull(),
    paymentMethodType: text(),
    paymentMethod: text(),
    currency: text(),
    gross: money().notNull(),
    processingFee: money().notNull(),
    marketplaceFee: money().notNull(),
    financingFee: money().notNull(),
    shippingFee: money().notNull(),
    taxes: money().notNull(),
    net: money().notNull(),
    coupon: money().notNull(),
    /** When the payment was approved, and its day in São Paulo: the day reconciliation goes by. */
    transactionAt: timestamp({ withTimezone: true }).notNull(),
    approvalDay: date({ mode: 'string' }).notNull(),
    settlementAt: timestamp({ withTimezone: true }),
    settlementDay: date({ mode: 'string' }),
    installments: integer(),
    orderId: text(),
    packId: text(),
    shippingId: text(),
    storeId: text(),
    posId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_settlements_pkey', columns: [t.organizationId, t.id] }),
    unique('mercadopago_settlements_row_key').on(t.organizationId, t.accountId, t.rowKey),
    // The reconciliation screen: one account's rows by approval day.
    index('mercadopago_settlements_day_idx').on(t.organizationId, t.accountId, t.approvalDay),
    // A payment's rows (the sale, its refunds, chargebacks and disputes), which reconciliation reads together.
    index('mercadopago_settlements_source_idx').on(t.organizationId, t.accountId, t.sourceId),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.importId],
      foreignColumns: [mercadopagoReportImports.organizationId, mercadopagoReportImports.id],
    }),
    check(
      'mercadopago_settlements_amounts_check',
      sql.raw(
        ['gross', 'processing_fee', 'marketplace_fee', 'financing_fee', 'shipping_fee', 'taxes', 'net', 'coupon']
          .map(withinMax)
          .join(' AND '),
      ),
    ),
    // An approved payment's fees take it from what the buyer paid to what reached the balance, to the centavo.
    check(
      'mercadopago_settlements_settlement_check',
      sql`${t.transactionType} <> 'SETTLEMENT' OR ${t.processingFee} >= 0
        AND ${t.processingFee} + ${t.marketplaceFee} + ${t.financingFee} + ${t.shippingFee} + ${t.taxes} + ${t.net}
          = ${t.gross}`,
    ),
    check(
      'mercadopago_settlements_settlement_day_check',
      sql`(${t.settlementAt} IS NULL) = (${t.settlementDay} IS NULL)`,
    ),
    check('mercadopago_settlements_installments_check', sql`${t.installments} BETWEEN 0 AND 999`),
    check('mercadopago_settlements_row_key_check', sql`${t.rowKey} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * One row of a release report ("liberações"): money released to (or blocked in, taken from) the available
 * balance. Credit and debit are as the report writes them (not negative); fees are costs, as in settlements.
 * Only the opening balance's row may have no date.
 */
export const mercadopagoReleases = pgTable(
  'mercadopago_releases',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    importId: uuid().notNull(),
    rowKey: text().notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    releaseDay: date({ mode: 'string' }),
    sourceId: text(),
    externalReference: text(),
    /** release, block, unblock, initial_available_balance, …, in lower case. */
    recordType: text().notNull(),
    /** payment, refund, chargeback, withdrawal, …, in lower case. */
    description: text().notNull(),
    netCredit: money().notNull(),
    netDebit: money().notNull(),
    gross: money().notNull(),
    processingFee: money().notNull(),
    financingFee: money().notNull(),
    shippingFee: money().notNull(),
    taxes: money().notNull(),
    coupon: money().notNull(),
    /** The available balance after the row, when the report gives it. */
    balance: money(),
    installments: integer(),
    paymentMethod: text(),
    payoutBankAccount: text(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_releases_pkey', columns: [t.organizationId, t.id] }),
    unique('mercadopago_releases_row_key').on(t.organizationId, t.accountId, t.rowKey),
    index('mercadopago_releases_day_idx').on(t.organizationId, t.accountId, t.releaseDay),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.importId],
      foreignColumns: [mercadopagoReportImports.organizationId, mercadopagoReportImports.id],
    }),
    check(
      'mercadopago_releases_amounts_check',
      sql.raw(
        `net_credit >= 0 AND net_debit >= 0 AND ${[
          'net_credit',
          'net_debit',
          'gross',
          'processing_fee',
          'financing_fee',
          'shipping_fee',
          'taxes',
          'coupon',
        ]
          .map(withinMax)
          .join(' AND ')} AND (balance IS NULL OR ${withinMax('balance')})`,
      ),
    ),
    check(
      'mercadopago_releases_day_check',
      sql`(${t.releasedAt} IS NULL) = (${t.releaseDay} IS NULL)
        AND (${t.releaseDay} IS NOT NULL OR ${t.recordType} = 'initial_available_balance')`,
    ),
    check('mercadopago_releases_installments_check', sql`${t.installments} BETWEEN 0 AND 999`),
    check('mercadopago_releases_row_key_check', sql`${t.rowKey} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * How one Mercado Pago account is reconciled (decision 0023): the account that holds "saldo a liberar" (the net of
 * approved payments until Mercado Pago releases it to this, the available, account), the classification and cost
 * centre of fee entries, the bank account withdrawals go to, and what a receivable created from a sale gets.
 */
export const mercadopagoSettings = pgTable(
  'mercadopago_settings',
  {
    ...tenant(),
    accountId: uuid().notNull(),
    pendingAccountId: uuid().notNull(),
    feeClassificationId: uuid().notNull(),
    costCentreId: uuid(),
    payoutAccountId: uuid(),
    /** The customer of a receivable created from a sale whose buyer is not chosen ("Consumidor final"). */
    customerId: uuid(),
    receivableClassificationId: uuid(),
    paymentMethodId: uuid(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_settings_pkey', columns: [t.organizationId, t.id] }),
    unique('mercadopago_settings_account_key').on(t.organizationId, t.accountId),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.pendingAccountId],
      foreignColumns: [accounts.organizationId, accounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.payoutAccountId],
      foreignColumns: [accounts.organizationId, accounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.feeClassificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.receivableClassificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }),
    foreignKey({ columns: [t.organizationId, t.customerId], foreignColumns: [parties.organizationId, parties.id] }),
    foreignKey({
      columns: [t.organizationId, t.paymentMethodId],
      foreignColumns: [paymentMethods.organizationId, paymentMethods.id],
    }),
    check(
      'mercadopago_settings_accounts_check',
      sql`${t.pendingAccountId} <> ${t.accountId} AND ${t.payoutAccountId} IS DISTINCT FROM ${t.accountId}
        AND ${t.payoutAccountId} IS DISTINCT FROM ${t.pendingAccountId}`,
    ),
  ],
);

export const MERCADOPAGO_RECONCILIATION_ORIGINS = ['suggestion', 'manual', 'created', 'reversal'] as const;

/**
 * What reconciling one settlement report row wrote in the ledger: for a sale, the receipt (a ledger payment into
 * "saldo a liberar" on the approval day) and, when the sale had no receivable, the receivable made for it; for a
 * refund, chargeback or dispute of a reconciled sale, the sale's receipt it reversed and the receipt of what stays
 * settled. The fee entries are in `mercadopago_reconciliation_entries`. Undoing marks the row undone and reverses
 * what it wrote; nothing is deleted. At most one live row per settlement row.
 */
export const mercadopagoReconciliations = pgTable(
  'mercadopago_reconciliations',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    accountId: uuid().notNull(),
    settlementId: uuid().notNull(),
    /** For a refund, chargeback or dispute: the reconciliation of the sale it belongs to. */
    saleId: uuid(),
    origin: text({ enum: MERCADOPAGO_RECONCILIATION_ORIGINS }).notNull(),
    /** The suggestion's score and reasons when it came from one. */
    score: integer(),
    reasons: jsonb().$type<{ code: string; text: string }[]>(),
    /** The receipt this row wrote (what is settled now); null when it left nothing settled. */
    paymentId: uuid(),
    /** The receipt this row reversed (a refund's or chargeback's, of the sale's current receipt). */
    reversedPaymentId: uuid(),
    /** The receivable created for a sale that had none. */
    documentId: uuid(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: uuid().references(() => users.id),
    undoReason: text(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_reconciliations_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('mercadopago_reconciliations_live_key')
      .on(t.organizationId, t.settlementId)
      .where(sql`${t.undoneAt} IS NULL`),
    index('mercadopago_reconciliations_sale_idx').on(t.organizationId, t.saleId),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.settlementId],
      foreignColumns: [mercadopagoSettlements.organizationId, mercadopagoSettlements.id],
    }),
    foreignKey({ columns: [t.organizationId, t.saleId], foreignColumns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [ledgerPayments.organizationId, ledgerPayments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.reversedPaymentId],
      foreignColumns: [ledgerPayments.organizationId, ledgerPayments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    check('mercadopago_reconciliations_sale_check', sql`(${t.saleId} IS NULL) = (${t.origin} <> 'reversal')`),
    check(
      'mercadopago_reconciliations_undone_check',
      sql`(${t.undoneAt} IS NULL) = (${t.undoneBy} IS NULL) AND (${t.undoneAt} IS NULL) = (${t.undoReason} IS NULL)`,
    ),
  ],
);

/** The fee entries (manual entries of the ledger in "saldo a liberar") a reconciliation wrote, by kind. */
export const mercadopagoReconciliationEntries = pgTable(
  'mercadopago_reconciliation_entries',
  {
    ...tenant(),
    reconciliationId: uuid().notNull(),
    movementId: uuid().notNull(),
    /** processing, marketplace, financing, shipping or taxes. */
    kind: text().notNull(),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_reconciliation_entries_pkey', columns: [t.organizationId, t.id] }),
    index('mercadopago_reconciliation_entries_idx').on(t.organizationId, t.reconciliationId),
    unique('mercadopago_reconciliation_entries_movement_key').on(t.organizationId, t.movementId),
    foreignKey({
      columns: [t.organizationId, t.reconciliationId],
      foreignColumns: [mercadopagoReconciliations.organizationId, mercadopagoReconciliations.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.movementId],
      foreignColumns: [accountMovements.organizationId, accountMovements.id],
    }),
  ],
);

export const MERCADOPAGO_RELEASE_BOOKING_KINDS = ['release', 'payout'] as const;

/**
 * A release day booked in the ledger: `release` is the transfer from "saldo a liberar" to the available account of
 * what the release report moved that day (releases, blocks and unblocks); `payout` the transfer of that day's
 * withdrawals from the available account to the bank account, which the bank statement then reconciles. One live
 * booking per account, day and kind; undoing reverses the transfer.
 */
export const mercadopagoReleaseBookings = pgTable(
  'mercadopago_release_bookings',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    accountId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
    kind: text({ enum: MERCADOPAGO_RELEASE_BOOKING_KINDS }).notNull(),
    /** Signed: what reached (+) or left (−) the available balance through this transfer. */
    amount: money().notNull(),
    /** The transfer's leg in the available account. */
    movementId: uuid().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: uuid().references(() => users.id),
  },
  (t) => [
    primaryKey({ name: 'mercadopago_release_bookings_pkey', columns: [t.organizationId, t.id] }),
    uniqueIndex('mercadopago_release_bookings_live_key')
      .on(t.organizationId, t.accountId, t.day, t.kind)
      .where(sql`${t.undoneAt} IS NULL`),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.movementId],
      foreignColumns: [accountMovements.organizationId, accountMovements.id],
    }),
    check('mercadopago_release_bookings_amount_check', sql.raw(`amount <> 0 AND abs(amount) <= ${MAX_AMOUNT} * 1000`)),
    check('mercadopago_release_bookings_undone_check', sql`(${t.undoneAt} IS NULL) = (${t.undoneBy} IS NULL)`),
  ],
);
export * from './credentials-schema';
