// The reports module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { reportsRouter } from './router';
export type { ReportsRouter } from './router';
export { apportionedPart } from './apportion';
