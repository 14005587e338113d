// The tenancy module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { tenantsRouter } from './router';
export { recordAccountChange } from './account-events';
export type { TenantsRouter } from './router';
export { loadMemberships } from './memberships';
export type { UnitOverview } from './unit-overview';
export { departmentsView, membershipsView, organizationsView, profilesView, unitsView } from './views';
