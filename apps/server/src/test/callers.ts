import { TRPCError } from '@trpc/server';
import type { TenantSelection } from '@financeiro/core';
import { logsRouter } from '../modules/logs';
import { bankingRouter } from '../modules/banking';
import { createAccessTokenVerifier } from '../modules/identity';
import { ledgerRouter } from '../modules/ledger';
import { mercadopagoRouter } from '../modules/mercadopago';
import { purchasingRouter } from '../modules/purchasing';
import { registriesRouter, seedRegistries } from '../modules/registries';
import { reportsRouter } from '../modules/reports';
import { splitRouter } from '../modules/split';
import { loadMemberships, tenantsRouter } from '../modules/tenancy';
import { RateLimiter, rateLimitsOf } from '../trpc/rate-limit';
import type { TestApp } from './app';

/** API callers acting as a user with a selected tenant, through the same middleware as HTTP requests. */
export function callersFor(t: TestApp) {
  const verifyAccessToken = createAccessTokenVerifier(t.database.db, t.env);
  const rateLimiter = new RateLimiter(rateLimitsOf(t.env));
  return async (username: string, requested: TenantSelection = {}) => {
    const context = {
      db: t.database.db,
      env: t.env,
      verifyAccessToken,
      loadMemberships,
      seedOrganization: seedRegistries,
      rateLimiter,
      requestId: 'test',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      accessToken: await t.tokenFor(username),
      requested,
    };
    return {
      tenants: tenantsRouter.createCaller(context),
      logs: logsRouter.createCaller(context),
      registries: registriesRouter.createCaller(context),
      ledger: ledgerRouter.createCaller(context),
      banking: bankingRouter.createCaller(context),
      mercadopago: mercadopagoRouter.createCaller(context),
      purchasing: purchasingRouter.createCaller(context),
      split: splitRouter.createCaller(context),
      reports: reportsRouter.createCaller(context),
    };
  };
}

/** The tRPC error code a call ends with, or OK. */
export const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (error instanceof TRPCError ? error.code : `OTHER: ${String(error)}`),
  );

/** The pt-BR message a call fails with. */
export const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
