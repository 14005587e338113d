export { tenantsRouter } from './router';
export type { TenantsRouter } from './router';
export { loadMemberships } from './memberships';
export type { UnitOverview } from './unit-overview';
