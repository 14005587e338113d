// The routers' types, for the web's typed clients. One router per area, mounted at /v1/<area>/.
export type { ApiRouter } from './routers';
export type { LogsRouter } from './modules/audit/router';
export type { BankingRouter } from './modules/banking/router';
export type { LedgerRouter } from './modules/ledger/router';
export type { MercadoPagoRouter } from './modules/mercadopago/router';
export type { PurchasingRouter } from './modules/purchasing/router';
export type { RegistriesRouter } from './modules/registries/router';
export type { ReportsRouter } from './modules/reports/router';
export type { SplitRouter } from './modules/split/router';
export type { TenantsRouter } from './modules/tenancy/router';
export type { UnitOverview } from './modules/tenancy/unit-overview';
