import { logsRouter } from './modules/logs';
import { bankingRouter } from './modules/banking';
import { ledgerRouter } from './modules/ledger';
import { mercadopagoRouter } from './modules/mercadopago';
import { purchasingRouter } from './modules/purchasing';
import { reportsRouter } from './modules/reports';
import { registriesRouter } from './modules/registries';
import { splitRouter } from './modules/split';
import { tenantsRouter } from './modules/tenancy';
import type { router } from './trpc/init';

/** Every API area, each mounted at `/v1/<area>/` by app.ts. A new area adds one line here. */
export const routers = {
  tenants: tenantsRouter,
  logs: logsRouter,
  registries: registriesRouter,
  ledger: ledgerRouter,
  banking: bankingRouter,
  mercadopago: mercadopagoRouter,
  purchasing: purchasingRouter,
  split: splitRouter,
  reports: reportsRouter,
} as const;

/**
 * The areas as one router's type, for the web's one typed client: its link sends `<area>.<procedure>` to
 * `/v1/<area>/`, where app.ts mounts that area.
 */
export type ApiRouter = ReturnType<typeof router<typeof routers>>;
