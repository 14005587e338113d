import { router } from '../../trpc/init';
import { banksRouter } from './banks';

/** The finance registries, one sub-router each, all built by `registryRouter`: mounted at /v1/registries/. */
export const registriesRouter = router({
  banks: banksRouter,
});

export type RegistriesRouter = typeof registriesRouter;
