export { bankingRouter } from './router';
export type { BankingRouter } from './router';
export { readStatementFile } from './imports';
