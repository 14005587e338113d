import {
  bigint,
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
import {
  MAX_AMOUNT,
  MAX_QUOTATIONS,
  PRODUCT_UNITS,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  QUANTITY_SCALE,
  type PurchaseApproval,
  type PurchaseQuotation,
} from '@financeiro/core';
import { users, createdBy } from '../identity/schema';
import { ledgerDocuments } from '../ledger/schema';
import { bytea, classifications, costCentres, parties, products } from '../registries/schema';
import { departments, units, tenant } from '../tenancy/schema';
import { createdAt, money } from '../../db/columns';

/*
 * Purchase orders and their timeline (an order concluded becomes one payable, decision 0021). The workflow itself is
 * packages/core's `purchaseOrderTransition`; these tables keep its state, and CHECKs hold what one row can state.
 */

const statuses = sql.raw(PURCHASE_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));
const actions = sql.raw(['criar', ...PURCHASE_ORDER_ACTIONS].map((s) => `'${s}'`).join(', '));

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...tenant(),
    /** Sequential per organization: "Pedido nº 42". */
    number: integer().notNull(),
    unitId: uuid().notNull(),
    departmentId: uuid().notNull(),
    requesterId: uuid()
      .notNull()
      .references(() => users.id),
    supplierId: uuid(),
    neededBy: date({ mode: 'string' }),
    justification: text().notNull(),
    classificationId: uuid(),
    costCentreId: uuid(),
    status: text({ enum: PURCHASE_ORDER_STATUSES }).notNull().default('criada'),
    total: money().notNull(),
    /** The total of the last approval, kept when a change sends the order back for approval. */
    approvedTotal: money(),
    /** The approvals of the current round, each with the limit its approver had. */
    approvals: jsonb().$type<(PurchaseApproval & { at: string })[]>().notNull().default([]),
    /** Who the order waits for now (the approvers of its current level), for "waiting for me". */
    waitingFor: jsonb().$type<string[]>().notNull().default([]),
    quotations: jsonb().$type<PurchaseQuotation[]>().notNull().default([]),
    chosenQuotation: integer(),
    quotationReason: text(),
    /** The payable its conclusion created. */
    payableId: uuid(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    version: integer().notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'purchase_orders_pkey', columns: [t.organizationId, t.id] }),
    unique('purchase_orders_org_number_key').on(t.organizationId, t.number),
    unique('purchase_orders_payable_key').on(t.organizationId, t.payableId),
    index('purchase_orders_list_idx').on(t.organizationId, t.status, t.createdAt),
    index('purchase_orders_department_idx').on(t.organizationId, t.departmentId, t.status),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.id] }),
    foreignKey({
      columns: [t.organizationId, t.departmentId],
      foreignColumns: [departments.organizationId, departments.id],
    }),
    foreignKey({ columns: [t.organizationId, t.supplierId], foreignColumns: [parties.organizationId, parties.id] }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.payableId],
      foreignColumns: [ledgerDocuments.organizationId, ledgerDocuments.id],
    }),
    check('purchase_orders_total_check', sql.raw(`total > 0 AND total <= ${MAX_AMOUNT}`)),
    check('purchase_orders_status_check', sql`${t.status} IN (${statuses})`),
    check('purchase_orders_number_check', sql`${t.number} > 0`),
    // Concluded is exactly "has its payable".
    check('purchase_orders_payable_check', sql`(${t.status} = 'concluida') = (${t.payableId} IS NOT NULL)`),
    check('purchase_orders_approved_check', sql`${t.status} <> 'aprovada' OR ${t.approvedTotal} = ${t.total}`),
    check('purchase_orders_texts_check', sql`char_length(${t.justification}) <= 2000`),
  ],
);

/** A purchase order as stored: the workflow's state and the payable it became. */
export type OrderRow = typeof purchaseOrders.$inferSelect;

/** An order's lines: a product or free text, quantity in thousandths, unit price, and their exact total. */
export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    ...tenant(),
    orderId: uuid().notNull(),
    position: integer().notNull(),
    productId: uuid(),
    description: text().notNull(),
    quantity: bigint({ mode: 'number' }).notNull(),
    unit: text({ enum: PRODUCT_UNITS }).notNull(),
    unitPrice: money().notNull(),
    total: money().notNull(),
  },
  (t) => [
    primaryKey({ name: 'purchase_order_items_pkey', columns: [t.organizationId, t.id] }),
    unique('purchase_order_items_position_key').on(t.organizationId, t.orderId, t.position),
    foreignKey({
      columns: [t.organizationId, t.orderId],
      foreignColumns: [purchaseOrders.organizationId, purchaseOrders.id],
    }),
    foreignKey({ columns: [t.organizationId, t.productId], foreignColumns: [products.organizationId, products.id] }),
    check('purchase_order_items_amounts_check', sql`${t.quantity} > 0 AND ${t.unitPrice} > 0`),
    // The line's total is quantity × unit price rounded half up to the centavo, whoever wrote it.
    check(
      'purchase_order_items_total_check',
      sql.raw(`total = (quantity * unit_price + ${QUANTITY_SCALE / 2}) / ${QUANTITY_SCALE}`),
    ),
  ],
);

/** The order's timeline: every transition with who, when, why and the total at that moment. Never changed. */
export const purchaseOrderEvents = pgTable(
  'purchase_order_events',
  {
    ...tenant(),
    orderId: uuid().notNull(),
    action: text().notNull(),
    fromStatus: text({ enum: PURCHASE_ORDER_STATUSES }),
    toStatus: text({ enum: PURCHASE_ORDER_STATUSES }).notNull(),
    actorId: uuid()
      .notNull()
      .references(() => users.id),
    description: text().notNull(),
    reason: text(),
    total: money().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'purchase_order_events_pkey', columns: [t.organizationId, t.id] }),
    index('purchase_order_events_order_idx').on(t.organizationId, t.orderId, t.at),
    foreignKey({
      columns: [t.organizationId, t.orderId],
      foreignColumns: [purchaseOrders.organizationId, purchaseOrders.id],
    }),
    check('purchase_order_events_action_check', sql`${t.action} IN (${actions})`),
  ],
);

/**
 * An order's files (the quotations' PDFs, photos), kept in the database under the organization's row security;
 * `quotation` is the position of the quotation a file belongs to, null for the order's general files.
 */
export const purchaseOrderAttachments = pgTable(
  'purchase_order_attachments',
  {
    ...tenant(),
    orderId: uuid().notNull(),
    quotation: integer(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'purchase_order_attachments_pkey', columns: [t.organizationId, t.id] }),
    index('purchase_order_attachments_order_idx').on(t.organizationId, t.orderId),
    foreignKey({
      columns: [t.organizationId, t.orderId],
      foreignColumns: [purchaseOrders.organizationId, purchaseOrders.id],
    }),
    check(
      'purchase_order_attachments_quotation_check',
      sql.raw(`quotation IS NULL OR quotation BETWEEN 0 AND ${MAX_QUOTATIONS - 1}`),
    ),
  ],
);
