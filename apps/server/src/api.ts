// The routers' types, for the web's typed clients. One router per area, mounted at /v1/<area>/.
export type { ApiRouter } from './routers';
export type { LogsRouter } from './modules/logs';
export type { BankingRouter } from './modules/banking';
export type { LedgerRouter } from './modules/ledger';
export type { MercadoPagoRouter } from './modules/mercadopago';
export type { PurchasingRouter } from './modules/purchasing';
export type { RegistriesRouter } from './modules/registries';
export type { ReportsRouter } from './modules/reports';
export type { SplitRouter } from './modules/split';
export type { TenantsRouter, UnitOverview } from './modules/tenancy';
