// The registries module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.

export { registriesRouter } from './router';
export type { RegistriesRouter } from './router';
export { createParty, ROLE_EDITORS } from './parties';
export { TEMPLATE_NOT_FOUND, mustReference } from './references';
export { seedRegistries } from './seed';
export {
  accountTypesView,
  accountsView,
  apportionmentTemplatesView,
  banksView,
  classificationsView,
  contractsView,
  costCentresView,
  partiesView,
  paymentMethodsView,
  productsView,
  purchasingCentresView,
  splitConfigsView,
  taxTypesView,
} from './views';

/** Its table of kept files, as the attachments module reads and lists them. */
