// The identity module's door (decision 0032): all that other modules, the API, the tests and the scripts may use of it.
export { identityPlugin } from './plugin';
export type { AccountChange } from './account-events';
export { oauthPlugin, oauthSettings } from './oauth';
export { createAccessTokenVerifier, InvalidTokenError, issueSession } from './tokens';
export { createCognitoTokenVerifier } from './cognito';
export {
  createConfirmedUser,
  createUserWithTemporaryPassword,
  findUserByVerifiedEmail,
  generateTemporaryPassword,
  getUserData,
  setMfaRequired,
} from './users';
export { setTemporaryPassword } from './passwords';
export { IdentityError } from './errors';
export { usersView } from './views';
