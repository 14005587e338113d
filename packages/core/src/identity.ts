/**
 * The built-in user pool, as the Amplify client must be configured to reach it. Amplify derives the SRP pool name
 * from the part of the pool id after its single underscore, so both sides must agree on it.
 */
export const USER_POOL_ID = 'local_Financeiro';
export const USER_POOL_NAME = 'Financeiro';
export const USER_POOL_CLIENT_ID = 'financeiro-web';
