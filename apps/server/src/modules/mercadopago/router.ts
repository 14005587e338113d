import { router } from '../../trpc/init';
import { apiRouter } from './api-router';
import { importsRouter } from './imports-router';
import { overviewRouter } from './overview-router';

/** Mercado Pago's reports imported into an account (decision 0022); mounted at mercadopago. */
export const mercadopagoRouter = router({
  api: apiRouter,
  imports: importsRouter,
  overview: overviewRouter,
});

export type MercadoPagoRouter = typeof mercadopagoRouter;
