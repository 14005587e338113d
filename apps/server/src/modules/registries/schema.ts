import {
  boolean,
  check,
  customType,
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
import { sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_KINDS,
  CLASSIFICATION_NATURES,
  DRE_GROUPS,
  PAYMENT_KINDS,
  PERIODICITIES,
  PIX_KEY_TYPES,
  PRODUCT_UNITS,
  READJUSTMENT_INDEXES,
  SPLIT_COVERAGES,
  TAX_KINDS,
  type PartyRole,
} from '@financeiro/core';
import { users } from '../identity/schema';
import { organizations } from '../tenancy/schema';
import { folded } from '../../db/search';
import { money } from '../../db/columns';

/** Binary content; PGlite reads it as a Uint8Array, node-postgres as a Buffer: both become a Buffer. */
/**
 * The columns every registry table starts with: identity, tenant, status, optimistic version and times. The table
 * declares its primary key, (organization_id, id).
 */
export const registryColumns = () => ({
  id: uuid().notNull(),
  organizationId: uuid()
    .notNull()
    .references(() => organizations.id),
  status: text({ enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Banks and payment institutions an organization works with (gestao_contas/bancos). */
export const banks = pgTable(
  'banks',
  {
    ...registryColumns(),
    /** COMPE code (3 digits); institutions outside COMPE have none. */
    code: text(),
    /** ISPB (8 digits), the Central Bank's identifier of the institution. */
    ispb: text(),
    name: text().notNull(),
    shortName: text(),
  },
  (t) => [
    primaryKey({ name: 'banks_pkey', columns: [t.organizationId, t.id] }),
    unique('banks_org_code_key').on(t.organizationId, t.code),
    unique('banks_org_ispb_key').on(t.organizationId, t.ispb),
    index('banks_org_name_idx').on(t.organizationId, t.name),
  ],
);

/** Types of financial account (parametrizacao/tipos_conta), each of one kind. */
export const accountTypes = pgTable(
  'account_types',
  {
    ...registryColumns(),
    name: text().notNull(),
    kind: text({ enum: ACCOUNT_KINDS }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'account_types_pkey', columns: [t.organizationId, t.id] }),
    unique('account_types_org_name_key').on(t.organizationId, t.name),
  ],
);

export interface ApportionmentLine {
  costCentreId: string;
  classificationId: string;
  /** Basis points; the lines of a template add up to 10,000. */
  share: number;
}

/** Default apportionment templates (parametrizacao/configuracoes_rateio_padrao). */
export const apportionmentTemplates = pgTable(
  'apportionment_templates',
  {
    ...registryColumns(),
    name: text().notNull(),
    lines: jsonb().$type<ApportionmentLine[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'apportionment_templates_pkey', columns: [t.organizationId, t.id] }),
    unique('apportionment_templates_org_name_key').on(t.organizationId, t.name),
  ],
);

/** Suppliers, customers and partners: one record per person or company, with the roles it plays. */
export const parties = pgTable(
  'parties',
  {
    ...registryColumns(),
    roles: text().array().$type<PartyRole[]>().notNull(),
    personType: text({ enum: ['PF', 'PJ'] }).notNull(),
    /** CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric), unmasked. */
    document: text().notNull(),
    name: text().notNull(),
    tradeName: text(),
    stateRegistration: text(),
    municipalRegistration: text(),
    email: text(),
    phone: text(),
    cep: text(),
    street: text(),
    number: text(),
    complement: text(),
    district: text(),
    city: text(),
    uf: text(),
    bankId: uuid(),
    branch: text(),
    accountNumber: text(),
    pixKeyType: text({ enum: PIX_KEY_TYPES }),
    pixKey: text(),
    /** The apportionment a new payable or receivable of this party starts with. */
    apportionmentTemplateId: uuid(),
    /**
     * What the list's search reads: the names, document (without punctuation), e-mail and city folded as `folded`
     * does, kept by the database on every write, so that a search of 100,000 parties does not fold 500,000 texts.
     */
    searchText: text()
      .notNull()
      .generatedAlwaysAs((): SQL =>
        folded(
          sql.join(
            [
              sql.identifier('name'),
              sql.identifier('trade_name'),
              sql`translate(${sql.identifier('document')}, './- ', '')`,
              sql.identifier('email'),
              sql.identifier('city'),
            ].map((column) => sql`coalesce(${column}, '')`),
            sql` || ' ' || `,
          ),
        ),
      ),
  },
  (t) => [
    primaryKey({ name: 'parties_pkey', columns: [t.organizationId, t.id] }),
    unique('parties_org_document_key').on(t.organizationId, t.document),
    // Serves the list's default order (see `sortableText`) without sorting every party of the organization.
    index('parties_org_sort_name_idx').on(t.organizationId, folded(t.name)),
    index('parties_org_city_idx').on(t.organizationId, t.city),
    index('parties_roles_idx').using('gin', t.roles),
    foreignKey({ columns: [t.organizationId, t.bankId], foreignColumns: [banks.organizationId, banks.id] }),
    foreignKey({
      columns: [t.organizationId, t.apportionmentTemplateId],
      foreignColumns: [apportionmentTemplates.organizationId, apportionmentTemplates.id],
    }),
  ],
);

/** Financial accounts (gestao_contas/contas): where money is, and the units allowed to move it. */
export const accounts = pgTable(
  'accounts',
  {
    ...registryColumns(),
    name: text().notNull(),
    accountTypeId: uuid().notNull(),
    bankId: uuid(),
    branch: text(),
    number: text(),
    openingBalance: money().notNull(),
    openingDate: date({ mode: 'string' }).notNull(),
    unitIds: jsonb().$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'accounts_pkey', columns: [t.organizationId, t.id] }),
    unique('accounts_org_name_key').on(t.organizationId, t.name),
    foreignKey({
      columns: [t.organizationId, t.accountTypeId],
      foreignColumns: [accountTypes.organizationId, accountTypes.id],
    }),
    foreignKey({ columns: [t.organizationId, t.bankId], foreignColumns: [banks.organizationId, banks.id] }),
  ],
);

/** Financial classifications (agrupamentos/classificacoes_financeiras): a tree of income and expense codes. */
export const classifications = pgTable(
  'classifications',
  {
    ...registryColumns(),
    parentId: uuid(),
    code: text().notNull(),
    name: text().notNull(),
    nature: text({ enum: CLASSIFICATION_NATURES }).notNull(),
    /** The apportionment a document classified here starts with, when its party names none. */
    apportionmentTemplateId: uuid(),
    /** Its line in the DRE gerencial; null: its parent's, then its nature's. */
    dreGroup: text({ enum: DRE_GROUPS }),
  },
  (t) => [
    primaryKey({ name: 'classifications_pkey', columns: [t.organizationId, t.id] }),
    unique('classifications_org_code_key').on(t.organizationId, t.code),
    foreignKey({ columns: [t.organizationId, t.parentId], foreignColumns: [t.organizationId, t.id] }),
    check('classifications_dre_group_check', sql.raw(`dre_group IN (${DRE_GROUPS.map((g) => `'${g}'`).join(', ')})`)),
    foreignKey({
      columns: [t.organizationId, t.apportionmentTemplateId],
      foreignColumns: [apportionmentTemplates.organizationId, apportionmentTemplates.id],
    }),
  ],
);

/** Cost centres (agrupamentos/centros_custo): a tree of codes. */
export const costCentres = pgTable(
  'cost_centres',
  {
    ...registryColumns(),
    parentId: uuid(),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [
    primaryKey({ name: 'cost_centres_pkey', columns: [t.organizationId, t.id] }),
    unique('cost_centres_org_code_key').on(t.organizationId, t.code),
    foreignKey({ columns: [t.organizationId, t.parentId], foreignColumns: [t.organizationId, t.id] }),
  ],
);

/** Taxes (parametrizacao/tipos_imposto): rate in basis points and whether it is withheld at source. */
export const taxTypes = pgTable(
  'tax_types',
  {
    ...registryColumns(),
    name: text().notNull(),
    kind: text({ enum: TAX_KINDS }).notNull(),
    rate: integer().notNull(),
    withheld: boolean().notNull(),
    /** The DARF's revenue code; withheld taxes sharing one are collected together (PIS, COFINS and CSLL in 5952). */
    collectionCode: text(),
    /** The day of the month after the withholding's on which its collection is due. */
    dueDay: integer(),
    /** Who collects it (Receita Federal, the city): the party of the month's collection payable. */
    collectorPartyId: uuid(),
  },
  (t) => [
    primaryKey({ name: 'tax_types_pkey', columns: [t.organizationId, t.id] }),
    unique('tax_types_org_name_key').on(t.organizationId, t.name),
    foreignKey({
      columns: [t.organizationId, t.collectorPartyId],
      foreignColumns: [parties.organizationId, parties.id],
    }),
    check('tax_types_collection_code_check', sql`${t.collectionCode} ~ '^[0-9]{4}(-[0-9]{2})?$'`),
    check('tax_types_due_day_check', sql`${t.dueDay} BETWEEN 1 AND 31`),
  ],
);

/** Payment methods (parametrizacao/metodos_pagamento). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    ...registryColumns(),
    name: text().notNull(),
    kind: text({ enum: PAYMENT_KINDS }).notNull(),
    defaultAccountId: uuid(),
    daysToClear: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'payment_methods_pkey', columns: [t.organizationId, t.id] }),
    unique('payment_methods_org_name_key').on(t.organizationId, t.name),
    foreignKey({
      columns: [t.organizationId, t.defaultAccountId],
      foreignColumns: [accounts.organizationId, accounts.id],
    }),
  ],
);

/** Products and services (parametrizacao/produtos). */
export const products = pgTable(
  'products',
  {
    ...registryColumns(),
    code: text().notNull(),
    name: text().notNull(),
    unit: text({ enum: PRODUCT_UNITS }).notNull(),
    classificationId: uuid(),
    price: money().notNull(),
  },
  (t) => [
    unique('products_org_code_key').on(t.organizationId, t.code),
    primaryKey({ name: 'products_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
  ],
);

/** Contracts with parties (contas/contratos). */
export const contracts = pgTable(
  'contracts',
  {
    ...registryColumns(),
    partyId: uuid().notNull(),
    object: text().notNull(),
    /** The value of each installment, in centavos. */
    value: money().notNull(),
    periodicity: text({ enum: PERIODICITIES }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    readjustmentIndex: text({ enum: READJUSTMENT_INDEXES }).notNull(),
    readjustmentMonth: integer(),
    classificationId: uuid().notNull(),
    costCentreId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ name: 'contracts_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.partyId], foreignColumns: [parties.organizationId, parties.id] }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.costCentreId],
      foreignColumns: [costCentres.organizationId, costCentres.id],
    }),
  ],
);

/**
 * Revenue splits among partners (parametrizacao/configuracoes_split); shares add up to at most 10,000. A setting
 * covers the receipts of one classification, product, contract or party (decision 0024); settings saved before the
 * coverage existed have none, and the split flow refuses them until one is chosen.
 */
export const splitConfigs = pgTable(
  'split_configs',
  {
    ...registryColumns(),
    name: text().notNull(),
    partners: jsonb().$type<{ partyId: string; share: number }[]>().notNull(),
    coverage: text({ enum: SPLIT_COVERAGES }),
    classificationId: uuid(),
    productId: uuid(),
    contractId: uuid(),
    coveredPartyId: uuid(),
  },
  (t) => [
    unique('split_configs_org_name_key').on(t.organizationId, t.name),
    primaryKey({ name: 'split_configs_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.classificationId],
      foreignColumns: [classifications.organizationId, classifications.id],
    }),
    foreignKey({ columns: [t.organizationId, t.productId], foreignColumns: [products.organizationId, products.id] }),
    foreignKey({ columns: [t.organizationId, t.contractId], foreignColumns: [contracts.organizationId, contracts.id] }),
    foreignKey({
      columns: [t.organizationId, t.coveredPartyId],
      foreignColumns: [parties.organizationId, parties.id],
    }),
    // Exactly the chosen coverage's reference is filled; a setting without coverage has none.
    check(
      'split_configs_coverage_check',
      sql`${t.coverage} IS NULL AND num_nonnulls(${t.classificationId}, ${t.productId}, ${t.contractId}, ${t.coveredPartyId}) = 0
        OR ${t.coverage} = 'classification' AND ${t.classificationId} IS NOT NULL AND num_nonnulls(${t.productId}, ${t.contractId}, ${t.coveredPartyId}) = 0
        OR ${t.coverage} = 'product' AND ${t.productId} IS NOT NULL AND num_nonnulls(${t.classificationId}, ${t.contractId}, ${t.coveredPartyId}) = 0
        OR ${t.coverage} = 'contract' AND ${t.contractId} IS NOT NULL AND num_nonnulls(${t.classificationId}, ${t.productId}, ${t.coveredPartyId}) = 0
        OR ${t.coverage} = 'party' AND ${t.coveredPartyId} IS NOT NULL AND num_nonnulls(${t.classificationId}, ${t.productId}, ${t.contractId}) = 0`,
    ),
  ],
);

/** Files attached to a contract, kept in the database under the organization's row security. */
export const contractAttachments = pgTable(
  'contract_attachments',
  {
    id: uuid().notNull(),
    organizationId: uuid().notNull(),
    contractId: uuid().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    content: bytea().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'contract_attachments_pkey', columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.contractId],
      foreignColumns: [contracts.organizationId, contracts.id],
    }).onDelete('cascade'),
    index('contract_attachments_contract_idx').on(t.contractId),
  ],
);

/** Purchasing centres (contas/centros_compras): departments served and approvers with their limits. */
export const purchasingCentres = pgTable(
  'purchasing_centres',
  {
    ...registryColumns(),
    name: text().notNull(),
    departmentIds: jsonb().$type<string[]>().notNull(),
    approvers: jsonb().$type<{ userId: string; limit: number }[]>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'purchasing_centres_pkey', columns: [t.organizationId, t.id] }),
    unique('purchasing_centres_org_name_key').on(t.organizationId, t.name),
  ],
);
