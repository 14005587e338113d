import { Amplify } from 'aws-amplify';
import { Hub } from 'aws-amplify/utils';
import { oauthErrorMessage } from './errors';
import { useSignInStore } from './sign-in-store';

/** What the server says about the user pool (GET /app-config.json). */
export interface IdentityConfig {
  mode: 'builtin' | 'cognito';
  userPoolId: string;
  userPoolClientId: string;
  /** Built-in pool only: the same-origin path of its endpoint. */
  endpointPath?: string;
  /** Google sign-in, when the server has it configured (it needs https). */
  oauth?: { domain: string; redirectUri: string; providers: 'Google'[] } | null;
}

export async function loadIdentityConfig(): Promise<IdentityConfig> {
  const response = await fetch('/app-config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`app-config ${response.status}`);
  return ((await response.json()) as { identity: IdentityConfig }).identity;
}

/**
 * Points the official Amplify client at our own Cognito-compatible pool, or at the AWS Cognito pool. Resolves once a
 * Google sign-in that came back with an error has been handled: asking for the session before that would wait
 * forever (Amplify still marks the sign-in as in flight for a moment after giving up on it).
 */
export async function configureAmplify(config: IdentityConfig): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const failedRedirect = Boolean(config.oauth && params.get('error') && params.get('state'));
  // A Google sign-in that came back with an error (cancelled, refused): the sign-in page shows why. The wait ends
  // just after the report (Amplify clears its in-flight mark right after), or soon when no sign-in of this browser
  // is behind the link and nothing will report.
  const failureHandled = new Promise<void>((settled) => {
    if (failedRedirect) setTimeout(settled, 3000);
    Hub.listen('auth', ({ payload }) => {
      if (payload.event !== 'signInWithRedirect_failure') return;
      useSignInStore.getState().setRedirectError(oauthErrorMessage(payload.data?.error));
      setTimeout(settled, 0);
    });
  });
  // Completes a Google sign-in when the browser comes back from the provider with a code: loaded only for a pool that
  // offers Google, before the configuration it acts on.
  if (config.oauth) await import('aws-amplify/auth/enable-oauth-listener');
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.endpointPath ? { userPoolEndpoint: `${window.location.origin}${config.endpointPath}` } : {}),
        loginWith: {
          username: true,
          email: true,
          ...(config.oauth
            ? {
                oauth: {
                  domain: config.oauth.domain,
                  scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
                  redirectSignIn: [config.oauth.redirectUri],
                  redirectSignOut: [config.oauth.redirectUri],
                  responseType: 'code' as const,
                  providers: config.oauth.providers,
                },
              }
            : {}),
        },
        signUpVerificationMethod: 'code',
      },
    },
  });
  useSignInStore.getState().setGoogleEnabled(Boolean(config.oauth?.providers.includes('Google')));
  if (failedRedirect) await failureHandled;
}
