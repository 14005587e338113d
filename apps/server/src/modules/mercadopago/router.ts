import { router } from '../../trpc/init';
import { apiRouter } from './api-router';
import { importsRouter } from './imports-router';
import { overviewRouter } from './overview-router';
import { reconciliationRouter, releasesRouter, settingsRouter } from './reconciliation-router';

/** Mercado Pago's reports imported into an account (decision 0022) and reconciled (0023); mounted at mercadopago. */
export const mercadopagoRouter = router({
  api: apiRouter,
  imports: importsRouter,
  overview: overviewRouter,
  reconciliation: reconciliationRouter,
  releases: releasesRouter,
  settings: settingsRouter,
});

export type MercadoPagoRouter = typeof mercadopagoRouter;
