import { check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAX_AMOUNT } from '@financeiro/core';
import { users } from '../identity/schema';
import { accounts } from '../registries/schema';
import { createdAt, money, tenant } from '../../db/columns';

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
    unique('mercadopago_report_imports_org_id_key').on(t.organizationId, t.id),
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
    unique('mercadopago_settlements_org_id_key').on(t.organizationId, t.id),
    unique('mercadopago_settlements_row_key').on(t.organizationId, t.accountId, t.rowKey),
    // The reconciliation screen: one account's rows by approval day.
    index('mercadopago_settlements_day_idx').on(t.organizationId, t.accountId, t.approvalDay),
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
    unique('mercadopago_releases_org_id_key').on(t.organizationId, t.id),
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
