export { logsRouter } from './router';
export type { LogsRouter } from './router';
