export { splitRouter } from './router';
export type { SplitRouter } from './router';
