// The logs module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { logsRouter } from './router';
export type { LogsRouter } from './router';
