// The audit module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { audit, auditEach, recordEvent } from './record-event';
export type { AuditContext } from './record-event';
export { eventLogView } from './views';
