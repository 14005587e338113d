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
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  LEDGER_STATUSES,
  MAX_AMOUNT,
  MAX_INSTALLMENTS,
  MOVEMENT_KINDS,
  RECURRENCE_PERIODICITIES,
} from '@financeiro/core';
import { users, createdBy } from '../identity/schema';
import { units, tenant } from '../tenancy/schema';
import {
  accounts,
  classifications,
  contracts,
  costCentres,
  parties,
  paymentMethods,
  taxTypes,
  bytea,
  type ApportionmentLine,
} from '../registries/schema';
import { createdAt, money } from '../../db/columns';

/*
 * The finance chain (decision 0015): document → installments → settlements (grouped in payments) → account
 * movements. Every foreign key between these tables includes organization_id, and the amounts' invariants that one
 * row can state are CHECKs, so that no code path (the seeder, a worker, a bug) can store a broken chain.
 */

const inRange = (column: string) => sql.raw(`${column} > 0 AND ${column} <= ${MAX_AMOUNT}`);
const statuses = sql.raw(LEDGER_STATUSES.map((s) => `'${s}'`).join(', '));

/** Recurring documents (rent, payroll, utilities), generated ahead by the worker. */
export const ledgerRecurrences = pgTable(
  'ledger_recurrences',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    partyId: uuid().notNull(),
    description: text().notNull(),
    documentType: text({ enum: DOCUMENT_TYPES }).notNull().default('outros'),
    amount: money().notNull(),
    lines: jsonb().$type<ApportionmentLine[]>().notNull(),
    paymentMethodId: uuid(),
    accountId: uuid(),
    periodicity: text({ enum: RECURRENCE_PERIODICITIES }).notNull(),
    /** Day of the month it falls due (the month's last day when shorter). */
    dueDay: integer().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    /** Null: open-ended. */
    endDate: date({ mode: 'string' }),
    /** The last period the worker generated, so that it goes on from there. */
    generatedUntil: date({ mode: 'string' }),
    status: text({ enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    version: integer().notNull().default(1),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_recurrences_pkey', columns: [t.organizationId, t.id] }),
    index('ledger_recurrences_org_unit_idx').on(t.organizationId, t.unitId, t.kind),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.partyId], foreignColumns: [parties.organizationId, parties.id] }),
    foreignKey({
      columns: [t.organizationId, t.paymentMethodId],
      foreignColumns: [paymentMethods.organizationId, paymentMethods.id],
    }),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    check('ledger_recurrences_amount_check', inRange('amount')),
    check('ledger_recurrences_due_day_check', sql`${t.dueDay} BETWEEN 1 AND 31`),
    check('ledger_recurrences_dates_check', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
  ],
);

/** A payable or receivable (título): who, what, when, how much gross, withheld and net. */
export const ledgerDocuments = pgTable(
  'ledger_documents',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    partyId: uuid().notNull(),
    description: text().notNull(),
    documentNumber: text(),
    documentType: text({ enum: DOCUMENT_TYPES }).notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    /** The accrual month, as its first day. */
    competence: date({ mode: 'string' }).notNull(),
    paymentMethodId: uuid(),
    /** The account the money is meant to move through; a settlement may use another. */
    accountId: uuid(),
    notes: text(),
    grossAmount: money().notNull(),
    withheldAmount: money().notNull().default(0),
    netAmount: money().notNull(),
    /** Basis points per month, pro rata die. */
    interestRate: integer().notNull().default(0),
    /** Basis points, once. */
    fineRate: integer().notNull().default(0),
    status: text({ enum: LEDGER_STATUSES }).notNull().default('open'),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id),
    cancelReason: text(),
    contractId: uuid(),
    contractPeriod: date({ mode: 'string' }),
    recurrenceId: uuid(),
    recurrencePeriod: date({ mode: 'string' }),
    /** The document whose withheld tax this payable to the government pays (one payable per bill, before 0047). */
    taxOfDocumentId: uuid(),
    /** A month's collection of withheld taxes: its collection code (or tax type) and the month it collects. */
    taxCollection: text(),
    taxPeriod: date({ mode: 'string' }),
    /** The purchase order whose conclusion created this payable (purchasing keeps the other side, `payable_id`). */
    purchaseOrderId: uuid(),
    /** The access key of the NF-e this payable was made from: a note becomes one payable. */
    nfeKey: text(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'ledger_documents_pkey', columns: [t.organizationId, t.id] }),
    // A contract's month, and a recurrence's period, become a document once, however often generation runs.
    unique('ledger_documents_contract_period_key').on(t.organizationId, t.contractId, t.contractPeriod),
    unique('ledger_documents_recurrence_period_key').on(t.organizationId, t.recurrenceId, t.recurrencePeriod),
    unique('ledger_documents_purchase_order_key').on(t.organizationId, t.purchaseOrderId),
    unique('ledger_documents_nfe_key').on(t.organizationId, t.nfeKey),
    index('ledger_documents_org_party_idx').on(t.organizationId, t.partyId),
    index('ledger_documents_tax_of_idx')
      .on(t.organizationId, t.taxOfDocumentId)
      .where(sql`${t.taxOfDocumentId} IS NOT NULL`),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.partyId], foreignColumns: [parties.organizationId, parties.id] }),
    foreignKey({
      columns: [t.organizationId, t.paymentMethodId],
      foreignColumns: [paymentMethods.organizationId, paymentMethods.id],
    }),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({ columns: [t.organizationId, t.contractId], foreignColumns: [contracts.organizationId, contracts.id] }),
    foreignKey({
      columns: [t.organizationId, t.recurrenceId],
      foreignColumns: [ledgerRecurrences.organizationId, ledgerRecurrences.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.taxOfDocumentId],
      foreignColumns: [t.organizationId, t.id],
    }),
    check('ledger_documents_gross_check', inRange('gross_amount')),
    check(
      'ledger_documents_net_check',
      sql`${t.withheldAmount} >= 0 AND ${t.netAmount} > 0 AND ${t.netAmount} = ${t.grossAmount} - ${t.withheldAmount}`,
    ),
    check(
      'ledger_documents_rates_check',
      sql`${t.interestRate} BETWEEN 0 AND 10000 AND ${t.fineRate} BETWEEN 0 AND 10000`,
    ),
    check('ledger_documents_status_check', sql`${t.status} IN (${statuses})`),
    check('ledger_documents_competence_check', sql`extract(day FROM ${t.competence}) = 1`),
    check(
      'ledger_documents_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL AND ${t.cancelReason} IS NOT NULL)`,
    ),
    check('ledger_documents_contract_check', sql`(${t.contractId} IS NULL) = (${t.contractPeriod} IS NULL)`),
    check('ledger_documents_nfe_key_check', sql`${t.nfeKey} ~ '^[0-9]{44}$'`),
    check(
      'ledger_documents_tax_collection_check',
      sql`(${t.taxCollection} IS NULL) = (${t.taxPeriod} IS NULL) AND extract(day FROM ${t.taxPeriod}) = 1`,
    ),
    // A month's collection is made once (a cancelled one gives its withholdings back to be collected again).
    uniqueIndex('ledger_documents_tax_collection_key')
      .on(t.organizationId, t.unitId, t.taxCollection, t.taxPeriod)
      .where(sql`${t.taxCollection} IS NOT NULL AND ${t.status} <> 'cancelled'`),
    check('ledger_documents_recurrence_check', sql`(${t.recurrenceId} IS NULL) = (${t.recurrencePeriod} IS NULL)`),
  ],
);

/** The apportionment (rateio) of a document's gross amount across classifications and cost centres. */
export const ledgerDocumentLines = pgTable(
  'ledger_document_lines',
  {
    ...tenant(),
    documentId: uuid().notNull(),
    classificationId: uuid().notNull(),
    costCentreId: uuid().notNull(),
    /** Basis points; a document's lines add up to 10,000 and their amounts to its gross (checked in code). */
    share: integer().notNull(),
    amount: money().notNull(),
  },
  (t) => [
    primaryKey({ name: 'ledger_document_lines_pkey', columns: [t.organizationId, t.id] }),
    unique('ledger_document_lines_document_key').on(t.organizationId, t.documentId, t.classificationId, t.costCentreId),
    // The list's classification and cost-centre filters find documents through these.
    index('ledger_document_lines_classification_idx').on(t.organizationId, t.classificationId, t.documentId),
    index('ledger_document_lines_cost_centre_idx').on(t.organizationId, t.costCentreId, t.documentId),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }),
    check('ledger_document_lines_share_check', sql`${t.share} > 0 AND ${t.share} <= 10000`),
    check('ledger_document_lines_amount_check', sql.raw(`amount >= 0 AND amount <= ${MAX_AMOUNT}`)),
  ],
);

/** Taxes of a document: rate, base and amount withheld, and the payable to the government made from it. */
export const ledgerDocumentTaxes = pgTable(
  'ledger_document_taxes',
  {
    ...tenant(),
    documentId: uuid().notNull(),
    taxTypeId: uuid().notNull(),
    rate: integer().notNull(),
    base: money().notNull(),
    amount: money().notNull(),
    dueDate: date({ mode: 'string' }),
    taxDocumentId: uuid(),
  },
  (t) => [
    primaryKey({ name: 'ledger_document_taxes_pkey', columns: [t.organizationId, t.id] }),
    unique('ledger_document_taxes_document_key').on(t.organizationId, t.documentId, t.taxTypeId),
    index('ledger_document_taxes_tax_type_idx').on(t.organizationId, t.taxTypeId),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.taxTypeId],
      foreignColumns: [taxTypes.organizationId, taxTypes.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.taxDocumentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    check('ledger_document_taxes_rate_check', sql`${t.rate} BETWEEN 0 AND 10000`),
    check('ledger_document_taxes_amount_check', sql.raw(`base > 0 AND amount >= 0 AND amount <= base`)),
  ],
);

/**
 * One due amount of a document. Kind, unit, party and document number are copied from the document so that the
 * lists (one row per installment) filter and sort on one table's indexes; `settled` and `status` are kept by every
 * settlement and reversal in the same transaction.
 */
export const ledgerInstallments = pgTable(
  'ledger_installments',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    documentId: uuid().notNull(),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    partyId: uuid().notNull(),
    documentNumber: text(),
    number: integer().notNull(),
    /** How many installments the document has, for "2/3" without counting. */
    count: integer().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    amount: money().notNull(),
    settled: money().notNull().default(0),
    status: text({ enum: LEDGER_STATUSES }).notNull().default('open'),
    /** The 44-digit barcode, whatever was typed (barcode or linha digitável). */
    barcode: text(),
    pixCode: text(),
    updatedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_installments_pkey', columns: [t.organizationId, t.id] }),
    unique('ledger_installments_document_number_key').on(t.organizationId, t.documentId, t.number),
    // The list: one unit's payables or receivables by due date (the default order and the period filters). The
    // columns after the id make it covering: a page's ids and the totals of the filtered set are read from the index
    // alone (an index-only scan), without visiting the table's pages, which is most of a list's time on a large book.
    index('ledger_installments_list_idx').on(
      t.organizationId,
      t.unitId,
      t.kind,
      t.dueDate,
      t.id,
      t.status,
      t.amount,
      t.settled,
      t.partyId,
      t.documentId,
    ),
    // ... by status (open, overdue = open or partial before today, paid) ...
    index('ledger_installments_status_idx').on(t.organizationId, t.unitId, t.kind, t.status, t.dueDate),
    // ... by party, and by document number.
    index('ledger_installments_party_idx').on(t.organizationId, t.partyId, t.kind, t.dueDate),
    index('ledger_installments_document_number_idx')
      .on(t.organizationId, t.documentNumber)
      .where(sql`${t.documentNumber} IS NOT NULL`),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.partyId], foreignColumns: [parties.organizationId, parties.id] }),
    check('ledger_installments_amount_check', inRange('amount')),
    check('ledger_installments_settled_check', sql`${t.settled} >= 0 AND ${t.settled} <= ${t.amount}`),
    check(
      'ledger_installments_number_check',
      sql.raw(`count BETWEEN 1 AND ${MAX_INSTALLMENTS} AND number BETWEEN 1 AND count`),
    ),
    // The status follows the amounts: a settlement that forgot to update it fails here.
    check(
      'ledger_installments_status_check',
      sql`${t.status} = 'cancelled' AND ${t.settled} = 0
        OR ${t.status} = 'open' AND ${t.settled} = 0
        OR ${t.status} = 'partial' AND ${t.settled} > 0 AND ${t.settled} < ${t.amount}
        OR ${t.status} = 'paid' AND ${t.settled} = ${t.amount}`,
    ),
    check('ledger_installments_barcode_check', sql`${t.barcode} ~ '^[0-9]{44}$'`),
  ],
);

/**
 * One act of paying or receiving, moving money in one account: the settlements it covers and its movements hang
 * from it. A reversal is another payment pointing at the one it undoes, at most once.
 */
export const ledgerPayments = pgTable(
  'ledger_payments',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    kind: text({ enum: DOCUMENT_KINDS }).notNull(),
    paidDate: date({ mode: 'string' }).notNull(),
    accountId: uuid().notNull(),
    paymentMethodId: uuid(),
    /** Signed centavos that moved: + into the account, − out of it (fees apart). */
    total: money().notNull(),
    fees: money().notNull().default(0),
    notes: text(),
    reversalOf: uuid(),
    reversalReason: text(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_payments_pkey', columns: [t.organizationId, t.id] }),
    unique('ledger_payments_reversal_of_key').on(t.organizationId, t.reversalOf),
    index('ledger_payments_account_idx').on(t.organizationId, t.accountId, t.paidDate),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.paymentMethodId],
      foreignColumns: [paymentMethods.organizationId, paymentMethods.id],
    }),
    foreignKey({ columns: [t.organizationId, t.reversalOf], foreignColumns: [t.organizationId, t.id] }),
    check('ledger_payments_reversal_check', sql`(${t.reversalOf} IS NULL) = (${t.reversalReason} IS NULL)`),
    check('ledger_payments_total_check', sql.raw(`abs(total) <= ${MAX_AMOUNT} * 1000 AND abs(fees) <= ${MAX_AMOUNT}`)),
  ],
);

/** The part of a payment that settles one installment; a reversal's settlements carry the negated values. */
export const ledgerSettlements = pgTable(
  'ledger_settlements',
  {
    ...tenant(),
    paymentId: uuid().notNull(),
    installmentId: uuid().notNull(),
    principal: money().notNull(),
    interest: money().notNull().default(0),
    fine: money().notNull().default(0),
    discount: money().notNull().default(0),
  },
  (t) => [
    unique('ledger_settlements_payment_installment_key').on(t.organizationId, t.paymentId, t.installmentId),
    // What points at one settlement (a revenue split's receipts) carries the organization with it.
    primaryKey({ name: 'ledger_settlements_pkey', columns: [t.organizationId, t.id] }),
    index('ledger_settlements_installment_idx').on(t.organizationId, t.installmentId),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [ledgerPayments.organizationId, ledgerPayments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.installmentId],
      foreignColumns: [ledgerInstallments.organizationId, ledgerInstallments.id],
    }),
    check(
      'ledger_settlements_sign_check',
      sql`${t.principal} > 0 AND ${t.interest} >= 0 AND ${t.fine} >= 0 AND ${t.discount} >= 0
        OR ${t.principal} < 0 AND ${t.interest} <= 0 AND ${t.fine} <= 0 AND ${t.discount} <= 0`,
    ),
  ],
);

/** What moved in an account, signed: + in, − out. An account's balance is its opening balance plus these. */
export const accountMovements = pgTable(
  'account_movements',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    accountId: uuid().notNull(),
    date: date({ mode: 'string' }).notNull(),
    amount: money().notNull(),
    kind: text({ enum: MOVEMENT_KINDS }).notNull(),
    paymentId: uuid(),
    /** The two legs of a transfer share it (and so do the two legs that reverse it); exactly two, checked in code. */
    transferId: uuid(),
    /** A manual entry's classification (required for one, checked in code) and optional cost centre. */
    classificationId: uuid(),
    costCentreId: uuid(),
    /** The transfer leg or manual entry this movement undoes, at most once. */
    reversalOf: uuid(),
    description: text().notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'account_movements_pkey', columns: [t.organizationId, t.id] }),
    unique('account_movements_reversal_of_key').on(t.organizationId, t.reversalOf),
    // The statement: one account's movements by date, then in the order they were written.
    index('account_movements_statement_idx').on(t.organizationId, t.accountId, t.date, t.createdAt, t.id),
    index('account_movements_transfer_idx')
      .on(t.organizationId, t.transferId)
      .where(sql`${t.transferId} IS NOT NULL`),
    index('account_movements_payment_idx')
      .on(t.organizationId, t.paymentId)
      .where(sql`${t.paymentId} IS NOT NULL`),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({ columns: [t.organizationId, t.accountId], foreignColumns: [accounts.organizationId, accounts.id] }),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [ledgerPayments.organizationId, ledgerPayments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }),
    foreignKey({ columns: [t.organizationId, t.reversalOf], foreignColumns: [t.organizationId, t.id] }),
    check('account_movements_amount_check', sql`${t.amount} <> 0`),
    check(
      'account_movements_source_check',
      sql`${t.kind} IN ('payment', 'reversal', 'fee', 'fee_reversal') AND ${t.paymentId} IS NOT NULL AND ${t.transferId} IS NULL
        OR ${t.kind} IN ('transfer', 'transfer_reversal') AND ${t.transferId} IS NOT NULL AND ${t.paymentId} IS NULL
        OR ${t.kind} IN ('manual', 'manual_reversal') AND ${t.classificationId} IS NOT NULL AND ${t.paymentId} IS NULL AND ${t.transferId} IS NULL`,
    ),
    check(
      'account_movements_reversal_check',
      sql`(${t.reversalOf} IS NOT NULL) = (${t.kind} IN ('transfer_reversal', 'manual_reversal'))`,
    ),
  ],
);

/** Files of a document (the bill, the invoice) or of one of its payments (the proof), under row security. */
export const ledgerAttachments = pgTable(
  'ledger_attachments',
  {
    ...tenant(),
    documentId: uuid().notNull(),
    paymentId: uuid(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_attachments_pkey', columns: [t.organizationId, t.id] }),
    index('ledger_attachments_document_idx').on(t.organizationId, t.documentId),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [ledgerPayments.organizationId, ledgerPayments.id],
    }),
  ],
);

/**
 * Months closed (fechamento) in a unit: while a row exists, nothing dated in that month on either basis is written
 * in the unit (decision 0036). Reopening deletes the row; the event log keeps who closed and reopened, and why.
 */
export const ledgerClosedMonths = pgTable(
  'ledger_closed_months',
  {
    ...tenant(),
    unitId: uuid().notNull(),
    /** The month's first day. */
    month: date({ mode: 'string' }).notNull(),
    closedBy: uuid()
      .notNull()
      .references(() => users.id),
    closedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_closed_months_pkey', columns: [t.organizationId, t.id] }),
    unique('ledger_closed_months_unit_month_key').on(t.organizationId, t.unitId, t.month),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    check('ledger_closed_months_first_day_check', sql`extract(day from ${t.month}) = 1`),
  ],
);
