import { eq, sql } from 'drizzle-orm';
import {
  apportionmentTemplateInput,
  paymentMethodInput,
  productInput,
  splitConfigInput,
  taxTypeInput,
  type PAYMENT_KINDS,
  type PRODUCT_UNITS,
  type TAX_KINDS,
} from '@financeiro/core';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { registryRouter, sortableText } from './registry';
import { mustExist, plural, TEMPLATE_NOT_FOUND, usage, usages } from './references';
import {
  accounts,
  apportionmentTemplates,
  classifications,
  contracts,
  costCentres,
  parties,
  paymentMethods,
  products,
  splitConfigs,
  taxTypes,
  type ApportionmentLine,
} from './schema';

/** parametrizacao/tipos_imposto: /v1/registries/taxTypes.* */
export const taxTypesRouter = registryRouter({
  entity: 'tax_type',
  scope: 'unit',
  permissions: { read: 'ler_tipos_imposto', edit: 'editar_tipos_imposto' },
  table: taxTypes,
  input: taxTypeInput,
  label: sql`${taxTypes.name}`,
  search: [taxTypes.name, taxTypes.kind],
  sorts: { name: sortableText(taxTypes.name), kind: taxTypes.kind, rate: taxTypes.rate },
  messages: {
    notFound: 'Tipo de imposto não encontrado nesta organização.',
    unique: { tax_types_org_name_key: 'Já existe um imposto com este nome.' },
  },
  prepare: async (ctx, values) => {
    await mustExist(ctx, parties, [values.collectorPartyId], 'Quem arrecada não foi encontrado nesta organização.');
    return values;
  },
});

/** parametrizacao/metodos_pagamento: /v1/registries/paymentMethods.* */
export const paymentMethodsRouter = registryRouter({
  entity: 'payment_method',
  scope: 'organization',
  permissions: { read: 'ler_metodos_pagamento', edit: 'editar_metodos_pagamento' },
  table: paymentMethods,
  input: paymentMethodInput,
  label: sql`${paymentMethods.name}`,
  search: [paymentMethods.name],
  sorts: {
    name: sortableText(paymentMethods.name),
    kind: paymentMethods.kind,
    daysToClear: paymentMethods.daysToClear,
  },
  messages: {
    notFound: 'Método de pagamento não encontrado nesta organização.',
    unique: { payment_methods_org_name_key: 'Já existe um método de pagamento com este nome.' },
  },
  prepare: async (ctx, values) => {
    await mustExist(ctx, accounts, [values.defaultAccountId], 'Conta não encontrada nesta organização.');
    return values;
  },
});

/** parametrizacao/configuracoes_rateio_padrao: /v1/registries/apportionmentTemplates.* */
export const apportionmentTemplatesRouter = registryRouter({
  entity: 'apportionment_template',
  scope: 'organization',
  permissions: { read: 'ler_configuracoes_rateio_padrao', edit: 'editar_configuracoes_rateio_padrao' },
  table: apportionmentTemplates,
  input: apportionmentTemplateInput,
  label: sql`${apportionmentTemplates.name}`,
  // A payable or receivable form fills its apportionment with the chosen template's lines.
  optionValues: { lines: sql<ApportionmentLine[]>`${apportionmentTemplates.lines}` },
  search: [apportionmentTemplates.name],
  sorts: { name: sortableText(apportionmentTemplates.name), updatedAt: apportionmentTemplates.updatedAt },
  messages: {
    notFound: TEMPLATE_NOT_FOUND,
    unique: { apportionment_templates_org_name_key: 'Já existe um rateio padrão com este nome.' },
  },
  prepare: async (ctx, values) => {
    const cc = values.lines.map((l) => l.costCentreId);
    await mustExist(ctx, costCentres, cc, 'Centro de custo não encontrado nesta organização.');
    const cl = values.lines.map((l) => l.classificationId);
    await mustExist(ctx, classifications, cl, 'Classificação não encontrada nesta organização.');
    return values;
  },
  usages: (tx, organizationId, id) =>
    usages(
      () =>
        usage(
          tx,
          parties,
          organizationId,
          eq(parties.apportionmentTemplateId, id),
          plural('fornecedor, cliente ou parceiro', 'fornecedores, clientes ou parceiros'),
        ),
      () =>
        usage(
          tx,
          classifications,
          organizationId,
          eq(classifications.apportionmentTemplateId, id),
          plural('classificação', 'classificações'),
        ),
    ),
});

/** parametrizacao/configuracoes_split: /v1/registries/splitConfigs.* */
export const splitConfigsRouter = registryRouter({
  entity: 'split_config',
  scope: 'unit',
  permissions: { read: 'ler_configuracoes_split', edit: 'editar_configuracoes_split' },
  table: splitConfigs,
  input: splitConfigInput,
  label: sql`${splitConfigs.name}`,
  search: [splitConfigs.name],
  sorts: { name: sortableText(splitConfigs.name), updatedAt: splitConfigs.updatedAt },
  messages: {
    notFound: 'Divisão de receitas não encontrada nesta organização.',
    unique: { split_configs_org_name_key: 'Já existe uma divisão de receitas com este nome.' },
  },
  prepare: async (ctx, values) => {
    const ids = values.partners.map((p) => p.partyId);
    await mustExist(ctx, parties, ids, 'Parceiro não encontrado nesta organização.');
    await mustExist(ctx, classifications, [values.classificationId], 'Classificação não encontrada nesta organização.');
    await mustExist(ctx, products, [values.productId], 'Produto não encontrado nesta organização.');
    await mustExist(ctx, contracts, [values.contractId], 'Contrato não encontrado nesta organização.');
    await mustExist(ctx, parties, [values.coveredPartyId], 'Cliente não encontrado nesta organização.');
    return values;
  },
});

/** parametrizacao/produtos: /v1/registries/products.* */
export const productsRouter = registryRouter({
  entity: 'product',
  scope: 'unit',
  permissions: { read: 'ler_produtos', edit: 'editar_produtos' },
  table: products,
  input: productInput,
  label: sql`${products.code} || ' · ' || ${products.name}`,
  // A purchase order's line picking a product takes its name, unit, price and classification.
  optionValues: {
    name: sql<string>`${products.name}`,
    unit: sql<(typeof PRODUCT_UNITS)[number]>`${products.unit}`,
    price: sql<number>`${products.price}`.mapWith(Number),
    classificationId: sql<string | null>`${products.classificationId}`,
  },
  search: [products.code, products.name],
  sorts: { code: products.code, name: sortableText(products.name), price: products.price },
  messages: {
    notFound: 'Produto não encontrado nesta organização.',
    unique: { products_org_code_key: 'Já existe um produto com este código.' },
  },
  importKeys: [{ field: 'code', column: products.code, message: 'Já existe um produto com este código.' }],
  prepare: async (ctx, values) => {
    const message = 'Classificação não encontrada nesta organização.';
    await mustExist(ctx, classifications, [values.classificationId], message);
    return values;
  },
  usages: (tx, organizationId, id) =>
    usages(() =>
      usage(
        tx,
        splitConfigs,
        organizationId,
        eq(splitConfigs.productId, id),
        plural('divisão de receitas', 'divisões de receitas'),
      ),
    ),
});

/** Name, kind, rate, withheld, and for a withheld tax its DARF code and due day (the 20th of the next month). */
const DEFAULT_TAXES: [string, (typeof TAX_KINDS)[number], number, boolean, string | null, number | null][] = [
  ['ISS', 'ISS', 500, false, null, null],
  ['IRRF', 'IRRF', 150, true, '1708', 20],
  ['INSS', 'INSS', 1100, true, null, 20],
  ['PIS', 'PIS', 65, true, '5952', 20],
  ['COFINS', 'COFINS', 300, true, '5952', 20],
  ['CSLL', 'CSLL', 100, true, '5952', 20],
];

const DEFAULT_PAYMENT_METHODS: [string, (typeof PAYMENT_KINDS)[number], number][] = [
  ['Boleto', 'boleto', 2],
  ['PIX', 'pix', 0],
  ['TED', 'ted', 0],
  ['Cartão de crédito', 'card', 30],
  ['Dinheiro', 'cash', 0],
  ['Débito automático', 'direct_debit', 0],
  ['Mercado Pago', 'mercado_pago', 0],
];

/** The usual taxes (with common rates, to be reviewed) and payment methods a new organization starts with. */
export async function seedParameters(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.insert(taxTypes).values(
    DEFAULT_TAXES.map(([name, kind, rate, withheld, collectionCode, dueDay]) => ({
      id: uuidv7(),
      organizationId,
      name,
      kind,
      rate,
      withheld,
      collectionCode,
      dueDay,
    })),
  );
  await tx.insert(paymentMethods).values(
    DEFAULT_PAYMENT_METHODS.map(([name, kind, daysToClear]) => ({
      id: uuidv7(),
      organizationId,
      name,
      kind,
      daysToClear,
    })),
  );
}
