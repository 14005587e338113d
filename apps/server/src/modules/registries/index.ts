export { registriesRouter } from './router';
export type { RegistriesRouter } from './router';
export { createParty, ROLE_EDITORS } from './parties';
export { TEMPLATE_NOT_FOUND, mustReference } from './references';
export { toWire } from './registry';
export { seedRegistries } from './seed';
