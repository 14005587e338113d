import { router } from '../../trpc/init';
import { accountTypesRouter } from './account-types';
import { banksRouter } from './banks';

/** The finance registries, one sub-router each, all built by `registryRouter`: mounted at /v1/registries/. */
export const registriesRouter = router({
  banks: banksRouter,
  accountTypes: accountTypesRouter,
});

export type RegistriesRouter = typeof registriesRouter;
