// The banking module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { bankingRouter } from './router';
export type { BankingRouter } from './router';
export { readStatementFile } from './imports';
