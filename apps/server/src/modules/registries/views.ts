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

export const accountTypesView = pgView('account_types_view').as((qb) => qb.select().from(accountTypes));

export const banksView = pgView('banks_view').as((qb) => qb.select().from(banks));

export const classificationsView = pgView('classifications_view').as((qb) => qb.select().from(classifications));

export const costCentresView = pgView('cost_centres_view').as((qb) => qb.select().from(costCentres));

export const paymentMethodsView = pgView('payment_methods_view').as((qb) => qb.select().from(paymentMethods));

export const taxTypesView = pgView('tax_types_view').as((qb) => qb.select().from(taxTypes));

export const productsView = pgView('products_view').as((qb) => qb.select().from(products));

export const contractsView = pgView('contracts_view').as((qb) => qb.select().from(contracts));

export const apportionmentTemplatesView = pgView('apportionment_templates_view').as((qb) =>
  qb.select().from(apportionmentTemplates),
);

export const purchasingCentresView = pgView('purchasing_centres_view').as((qb) => qb.select().from(purchasingCentres));

export const splitConfigsView = pgView('split_configs_view').as((qb) => qb.select().from(splitConfigs));
