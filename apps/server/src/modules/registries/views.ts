import { pgView } from 'drizzle-orm/pg-core';
import {
  accountTypes,
  accounts,
  apportionmentTemplates,
  banks,
  classifications,
  contracts,
  costCentres,
  parties,
  paymentMethods,
  products,
  purchasingCentres,
  splitConfigs,
  taxTypes,
} from './schema';

/*
 * This module's rows as other modules read them (decision 0032): each view is created by the migration
 * 0044_module_views.sql over the table of the same name, with its reader's rights and row-level security.
 */

export const partiesView = pgView('parties_view').as((qb) => qb.select().from(parties));

export const accountsView = pgView('accounts_view').as((qb) => qb.select().from(accounts));

export const accountTypesView = pgView('account_types_view').as((qb) =>
  qb
    .select({
      id: accountTypes.id,
      organizationId: accountTypes.organizationId,
      name: accountTypes.name,
      kind: accountTypes.kind,
    })
    .from(accountTypes),
);

export const banksView = pgView('banks_view').as((qb) =>
  qb.select({ id: banks.id, organizationId: banks.organizationId, code: banks.code, name: banks.name }).from(banks),
);

export const classificationsView = pgView('classifications_view').as((qb) => qb.select().from(classifications));

export const costCentresView = pgView('cost_centres_view').as((qb) => qb.select().from(costCentres));

export const paymentMethodsView = pgView('payment_methods_view').as((qb) =>
  qb
    .select({ id: paymentMethods.id, organizationId: paymentMethods.organizationId, name: paymentMethods.name })
    .from(paymentMethods),
);

export const taxTypesView = pgView('tax_types_view').as((qb) =>
  qb
    .select({
      id: taxTypes.id,
      organizationId: taxTypes.organizationId,
      name: taxTypes.name,
      rate: taxTypes.rate,
      status: taxTypes.status,
      withheld: taxTypes.withheld,
      kind: taxTypes.kind,
      collectionCode: taxTypes.collectionCode,
      dueDay: taxTypes.dueDay,
      collectorPartyId: taxTypes.collectorPartyId,
    })
    .from(taxTypes),
);

export const productsView = pgView('products_view').as((qb) =>
  qb
    .select({
      id: products.id,
      organizationId: products.organizationId,
      code: products.code,
      name: products.name,
      classificationId: products.classificationId,
    })
    .from(products),
);

export const contractsView = pgView('contracts_view').as((qb) =>
  qb
    .select({
      id: contracts.id,
      organizationId: contracts.organizationId,
      status: contracts.status,
      partyId: contracts.partyId,
      object: contracts.object,
      value: contracts.value,
      periodicity: contracts.periodicity,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      classificationId: contracts.classificationId,
      costCentreId: contracts.costCentreId,
    })
    .from(contracts),
);

export const apportionmentTemplatesView = pgView('apportionment_templates_view').as((qb) =>
  qb
    .select({
      id: apportionmentTemplates.id,
      organizationId: apportionmentTemplates.organizationId,
      name: apportionmentTemplates.name,
      lines: apportionmentTemplates.lines,
    })
    .from(apportionmentTemplates),
);

export const purchasingCentresView = pgView('purchasing_centres_view').as((qb) =>
  qb
    .select({
      id: purchasingCentres.id,
      organizationId: purchasingCentres.organizationId,
      name: purchasingCentres.name,
      status: purchasingCentres.status,
      departmentIds: purchasingCentres.departmentIds,
      approvers: purchasingCentres.approvers,
    })
    .from(purchasingCentres),
);

export const splitConfigsView = pgView('split_configs_view').as((qb) => qb.select().from(splitConfigs));
