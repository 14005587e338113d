export { identityPlugin } from './plugin';
export { oauthPlugin, oauthSettings } from './oauth';
export { createAccessTokenVerifier, InvalidTokenError } from './tokens';
export { createCognitoTokenVerifier } from './cognito';
export { createConfirmedUser, getUserData } from './users';
export { startOutboxWorker } from '../outbox/worker';
