import { AuthenticationDetails, CognitoUser, CognitoUserPool, type ICognitoStorage } from 'amazon-cognito-identity-js';
import { USER_POOL_CLIENT_ID, USER_POOL_ID } from '@financeiro/core';

/** The browser storage the Cognito client keeps tokens and its device secret in, for one "browser". */
export class MemoryStorage implements ICognitoStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** The official client's user as the web builds it, against the identity endpoint of the server at `serverUrl`. */
export function cognitoUser(serverUrl: string, username: string, storage: MemoryStorage = new MemoryStorage()) {
  const pool = new CognitoUserPool({
    UserPoolId: USER_POOL_ID,
    ClientId: USER_POOL_CLIENT_ID,
    endpoint: `${serverUrl}/identity`,
    Storage: storage,
  });
  return new CognitoUser({ Username: username, Pool: pool, Storage: storage });
}

/** A sign-in as the web makes it (SRP, no second factor), answering the access token. */
export function signInForToken(serverUrl: string, username: string, password: string): Promise<string> {
  const user = cognitoUser(serverUrl, username);
  return new Promise((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      onSuccess: (session) => resolve(session.getAccessToken().getJwtToken()),
      onFailure: reject,
    }),
  );
}
