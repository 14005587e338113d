import { rememberDevice, resendSignUpCode, type SignInOutput } from 'aws-amplify/auth';
import { refreshSession } from '../../api/session';
import { appMessages } from '../../i18n/app';
import { signInErrorMessage, signUpError } from './errors';
import { notifyError } from '../../ui/notify';
import { useSignInStore } from './sign-in-store';
import { codeMedium, confirmPath, RESEND_INTERVAL_MS, useSignUpStore } from './sign-up-store';

type NextStep = SignInOutput['nextStep'];

/** Where to go after sign-in: the page the guard interrupted (`?redirect=`), else home. */
export function redirectTarget(search: string = window.location.search): string {
  const target = new URLSearchParams(search).get('redirect');
  // Only paths of this app: never an absolute URL someone slipped into the link.
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}

/** A sign-in step failed: say why, and start again when the 3-minute sign-in session is over. */
export function failSignInStep(error: unknown, go: (path: string) => void): void {
  notifyError(signInErrorMessage(error));
  if (error instanceof Error && error.name === 'SignInException') go('/auth/sign-in');
}

/** Signing in while another tab already did: carry on with that session. Returns whether it was that. */
export async function continueIfSignedIn(error: unknown, go: (path: string) => void): Promise<boolean> {
  if (!(error instanceof Error && error.name === 'UserAlreadyAuthenticatedException')) return false;
  await refreshSession();
  go(redirectTarget());
  return true;
}

/**
 * An unconfirmed account signed in: a code goes out now and the confirmation page for its medium opens, its resend
 * countdown starting from that send. When this browser had one sent under 120 s ago, that code still works and the
 * service would refuse another, so its page opens as it was. When another browser did (the service refuses the resend),
 * the page opens without delivery details and the user types that code or asks again later.
 */
async function continueSignUp(username: string, go: (path: string) => void): Promise<void> {
  const store = useSignUpStore.getState();
  if (store.username === username && store.medium && Date.now() - (store.lastSentAt ?? 0) < RESEND_INTERVAL_MS) {
    return go(confirmPath(store.medium));
  }
  try {
    const sent = await resendSignUpCode({ username });
    store.codeSent(username, sent);
    return go(confirmPath(codeMedium(sent)));
  } catch (error) {
    const { message } = signUpError(error, 'resend');
    notifyError(message);
    if (error instanceof Error && error.name === 'LimitExceededException') {
      store.awaitCode(username);
      go(confirmPath(null));
    }
  }
}

/**
 * Sign-in: routes every step the identity service can answer with. Shared by the sign-in,
 * sign-up confirmation and (later) MFA pages.
 */
export async function handleSignInStep(
  nextStep: NextStep,
  options: { username: string; go: (path: string) => void },
): Promise<void> {
  const { go, username } = options;
  const keep = window.location.search;
  /** The current query (the `redirect` to return to) plus what the next page needs to show. */
  const withParams = (extra: Record<string, string>) => {
    const params = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(extra)) params.set(k, v);
    return `?${params.toString()}`;
  };
  switch (nextStep.signInStep) {
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return go(`/auth/sign-in/mfa/sms${withParams({ destination: nextStep.codeDeliveryDetails?.destination ?? '' })}`);
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return go(`/auth/sign-in/mfa/totp${keep}`);
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = nextStep.totpSetupDetails;
      useSignInStore.getState().setTotpSetup({
        secret: details.sharedSecret,
        uri: details.getSetupUri(appMessages.product).toString(),
      });
      return go(`/auth/sign-in/mfa/totp/setup${keep}`);
    }
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return go(`/auth/sign-in/mfa/new-password${keep}`);
    case 'RESET_PASSWORD':
      return go(`/auth/sign-in/reset?username=${encodeURIComponent(username)}`);
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return go(`/auth/sign-in/mfa${withParams({ allowed: (nextStep.allowedMFATypes ?? []).join(',') })}`);
    case 'CONFIRM_SIGN_UP':
      return continueSignUp(username, go);
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      console.warn('Etapa de login não suportada: CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE');
      return;
    case 'DONE':
      useSignInStore.getState().setTotpSetup(null);
      if (useSignInStore.getState().rememberDevice) {
        // Only possible when the server handed this browser a device; signing in goes on either way.
        await rememberDevice().catch((error: unknown) => console.warn('Dispositivo não lembrado:', error));
      }
      await refreshSession();
      return go(redirectTarget());
    default:
      console.warn('Etapa de login não suportada:', nextStep.signInStep);
  }
}
