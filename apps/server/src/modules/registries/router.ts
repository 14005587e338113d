import { router } from '../../trpc/init';
import { accountTypesRouter } from './account-types';
import { accountsRouter } from './accounts';
import { banksRouter } from './banks';
import { contractAttachmentsRouter, contractsRouter } from './contracts';
import {
  apportionmentTemplatesRouter,
  paymentMethodsRouter,
  productsRouter,
  splitConfigsRouter,
  taxTypesRouter,
} from './parameters';
import { customersRouter, partnersRouter, suppliersRouter } from './parties';
import { purchasingCentresRouter } from './purchasing';
import { classificationsRouter, costCentresRouter } from './trees';

/** The finance registries, one sub-router each, all built by `registryRouter`: mounted at /v1/registries/. */
export const registriesRouter = router({
  banks: banksRouter,
  accountTypes: accountTypesRouter,
  accounts: accountsRouter,
  suppliers: suppliersRouter,
  customers: customersRouter,
  partners: partnersRouter,
  classifications: classificationsRouter,
  costCentres: costCentresRouter,
  taxTypes: taxTypesRouter,
  paymentMethods: paymentMethodsRouter,
  apportionmentTemplates: apportionmentTemplatesRouter,
  splitConfigs: splitConfigsRouter,
  products: productsRouter,
  contracts: contractsRouter,
  contractAttachments: contractAttachmentsRouter,
  purchasingCentres: purchasingCentresRouter,
});

export type RegistriesRouter = typeof registriesRouter;
