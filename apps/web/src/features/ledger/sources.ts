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
};
