import { Amplify } from 'aws-amplify';
import { USER_POOL_CLIENT_ID, USER_POOL_ID } from '@financeiro/core';

/** Points the official Amplify client at our own Cognito-compatible user pool, same origin. */
export function configureAmplify(): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: USER_POOL_ID,
        userPoolClientId: USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${window.location.origin}/identity`,
        loginWith: { username: true, email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
