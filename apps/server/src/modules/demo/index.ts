// The demo module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { demoMercadoPagoSales, settlementReportCsv } from './mercadopago-reports';
export type { DemoSale } from './mercadopago-reports';
export { DEMO_MERCADOPAGO_NOT_IMPORTED_DAYS } from './mercadopago-samples';
export { random } from './random';
export { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed';
