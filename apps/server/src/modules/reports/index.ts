export { reportsRouter } from './router';
export type { ReportsRouter } from './router';
export { apportionedPart } from './apportion';
