// The mercadopago module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { mercadopagoRouter } from './router';
export type { MercadoPagoRouter } from './router';
export { commitReport, readReportFile } from './imports';
export { applyPendingReversals, createReceivableFor, reconcileSales, settlementRow } from './reconcile';
export { bookReleases } from './releases';
export { providerHeldAccountIds, saveSettings, settingsFor } from './settings';
export { openSales, suggestSales } from './suggest';
