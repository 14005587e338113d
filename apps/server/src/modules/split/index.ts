// The split module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { splitRouter } from './router';
export type { SplitRouter } from './router';
