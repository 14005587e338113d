import type { DocumentKind } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { registryOption, registrySource } from '../registries/sources';

/** The registries a payable or receivable points at, as choices of its selects. */
export const ledgerSources = {
  payable: registrySource(trpc.registries.suppliers.options),
  receivable: registrySource(trpc.registries.customers.options),
  suppliers: registrySource(trpc.registries.suppliers.options),
  classifications: registrySource(trpc.registries.classifications.options),
  costCentres: registrySource(trpc.registries.costCentres.options),
  accounts: registrySource(trpc.registries.accounts.options),
  paymentMethods: registrySource(trpc.registries.paymentMethods.options),
  apportionmentTemplates: registrySource(trpc.registries.apportionmentTemplates.options),
};

/**
 * Where a document's apportionment comes from: the default template its party (or else its classification) names,
 * and a template's lines. The selects' options carry them, which any member may read.
 */
export const apportionmentDefaults = {
  party: (kind: DocumentKind, id: string) =>
    registryOption(kind === 'payable' ? trpc.registries.suppliers.options : trpc.registries.customers.options, id),
  classification: (id: string) => registryOption(trpc.registries.classifications.options, id),
  template: (id: string) => registryOption(trpc.registries.apportionmentTemplates.options, id),
};
