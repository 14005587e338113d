export { registriesRouter } from './router';
export type { RegistriesRouter } from './router';
export { ROLE_EDITORS } from './parties';
export { TEMPLATE_NOT_FOUND, mustExist } from './references';
export { toWire } from './registry';
export { seedRegistries } from './seed';
