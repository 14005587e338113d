import { Amplify } from 'aws-amplify';

/** What the server says about the user pool (GET /app-config.json). */
export interface IdentityConfig {
  mode: 'builtin' | 'cognito';
  userPoolId: string;
  userPoolClientId: string;
  /** Built-in pool only: the same-origin path of its endpoint. */
  endpointPath?: string;
}

export async function loadIdentityConfig(): Promise<IdentityConfig> {
  const response = await fetch('/app-config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`app-config ${response.status}`);
  return ((await response.json()) as { identity: IdentityConfig }).identity;
}

/** Points the official Amplify client at our own Cognito-compatible pool, or at the AWS Cognito pool. */
export function configureAmplify(config: IdentityConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.endpointPath ? { userPoolEndpoint: `${window.location.origin}${config.endpointPath}` } : {}),
        loginWith: { username: true, email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
