import { logsRouter } from '../modules/audit/router';
import { bankingRouter } from '../modules/banking/router';
import { ledgerRouter } from '../modules/ledger/router';
import { mercadopagoRouter } from '../modules/mercadopago/router';
import { purchasingRouter } from '../modules/purchasing/router';
import { reportsRouter } from '../modules/reports/router';
import { registriesRouter } from '../modules/registries/router';
import { splitRouter } from '../modules/split/router';
import { tenantsRouter } from '../modules/tenancy/router';

/** Every API area and where it is mounted. A new area adds one line here. */
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
