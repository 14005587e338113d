export { audit, auditEach, recordEvent } from './record-event';
export type { AuditContext } from './record-event';
export { eventLogView } from './views';
