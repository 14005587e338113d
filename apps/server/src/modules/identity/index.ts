export { identityPlugin } from './plugin';
export { createAccessTokenVerifier, InvalidTokenError } from './tokens';
export { createConfirmedUser, getUserData } from './users';
export { startOutboxWorker } from '../outbox/worker';
