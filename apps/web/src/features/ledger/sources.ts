import type { DocumentKind } from '@financeiro/core';
import { registriesClient } from '../../api/trpc';
import { registrySource } from '../registries/sources';

/** The registries a payable or receivable points at, as choices of its selects. */
export const ledgerSources = {
  payable: registrySource('suppliers', registriesClient.suppliers),
  receivable: registrySource('customers', registriesClient.customers),
  suppliers: registrySource('suppliers', registriesClient.suppliers),
  classifications: registrySource('classifications', registriesClient.classifications),
  costCentres: registrySource('costCentres', registriesClient.costCentres),
  accounts: registrySource('accounts', registriesClient.accounts),
  paymentMethods: registrySource('paymentMethods', registriesClient.paymentMethods),
  apportionmentTemplates: registrySource('apportionmentTemplates', registriesClient.apportionmentTemplates),
};

interface OptionsOf<R> {
  options: { query(input: { search: string; ids: string[] }): Promise<R[]> };
}

/** One record as its registry's select offers it, with what the option carries besides the label; null if gone. */
async function optionOf<R extends { id: string }>(client: OptionsOf<R>, id: string): Promise<R | null> {
  return (await client.options.query({ search: '', ids: [id] })).find((o) => o.id === id) ?? null;
}

/**
 * Where a document's apportionment comes from: the default template its party (or else its classification) names,
 * and a template's lines. The selects' options carry them, which any member may read.
 */
export const apportionmentDefaults = {
  party: (kind: DocumentKind, id: string) =>
    optionOf(kind === 'payable' ? registriesClient.suppliers : registriesClient.customers, id),
  classification: (id: string) => optionOf(registriesClient.classifications, id),
  template: (id: string) => optionOf(registriesClient.apportionmentTemplates, id),
};
