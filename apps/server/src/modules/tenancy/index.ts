export { tenantsRouter } from './router';
export { recordAccountChange } from './account-events';
export type { TenantsRouter } from './router';
export { loadMemberships } from './memberships';
export type { UnitOverview } from './unit-overview';
export { departmentsView, membershipsView, organizationsView, profilesView, unitsView } from './views';
