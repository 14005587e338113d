export { logsRouter } from './router';
export type { LogsRouter } from './router';
export { recordAccountChange } from './account-events';
export { audit, auditEach, recordEvent } from './record-event';
export type { AuditContext } from './record-event';
