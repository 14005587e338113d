import { authMessages } from '../../i18n/auth';

interface IdentityError {
  name: string;
  message: string;
}

function asIdentityError(error: unknown): IdentityError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Unknown', message: String(error) };
}

/** Sign-in: the identity service's error, as the pt-BR message a person can act on. */
export function signInErrorMessage(error: unknown): string {
  const { name, message } = asIdentityError(error);
  const m = authMessages.signIn.errors;
  if (name === 'NotAuthorizedException') {
    if (/disabled/i.test(message)) return m.disabled;
    if (/attempts exceeded/i.test(message)) return m.passwordAttempts;
    return m.wrongCredentials;
  }
  if (name === 'UserNotFoundException') return m.wrongCredentials;
  if (name === 'CodeMismatchException') return m.wrongCode;
  if (name === 'EnableSoftwareTokenMFAException') return authMessages.mfa.setupFailed;
  if (
    name === 'TooManyRequestsException' ||
    name === 'TooManyFailedAttemptsException' ||
    name === 'LimitExceededException'
  ) {
    return m.lockout;
  }
  return m.unknown;
}

/** A Google sign-in that did not complete (the identity client's errors: the user cancelling, and more). */
export function oauthErrorMessage(error: unknown): string {
  const { message } = asIdentityError(error);
  const m = authMessages.google;
  if (/cancel/i.test(message)) return m.cancelled;
  if (/not verified/i.test(message)) return m.unverified;
  if (/second factor/i.test(message)) return m.secondFactor;
  if (/disabled/i.test(message)) return authMessages.signIn.errors.disabled;
  return m.failed;
}

export type SignUpError = { message: string; emailExists?: boolean };

/** Sign-up, its confirmation and code resends: the identity service's error, as the pt-BR message to show. */
export function signUpError(error: unknown, context: 'sign-up' | 'confirm' | 'resend'): SignUpError {
  const { name, message } = asIdentityError(error);
  const m = authMessages.signUp.errors;
  if (name === 'UsernameExistsException') {
    return /email/i.test(message) ? { message: m.emailExists, emailExists: true } : { message: m.usernameExists };
  }
  if (name === 'AliasExistsException') return { message: m.emailExists, emailExists: true };
  if (name === 'InvalidPasswordException') return { message: m.invalidPassword };
  if (name === 'CodeMismatchException') return { message: m.wrongCode };
  if (name === 'ExpiredCodeException') return { message: m.expiredCode };
  if (name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') {
    return { message: context === 'resend' ? m.resendTooSoon : m.attempts };
  }
  return { message: m.unknown };
}

/** Forgotten and forced password reset. */
export function recoveryErrorMessage(error: unknown): string {
  const { name, message } = asIdentityError(error);
  const a = authMessages;
  if (name === 'UserNotFoundException') return a.recovery.notFound;
  if (name === 'LimitExceededException') return a.recovery.tooSoon;
  if (name === 'CodeMismatchException') return a.signUp.errors.wrongCode;
  if (name === 'ExpiredCodeException') return a.signUp.errors.expiredCode;
  if (name === 'InvalidPasswordException') return a.signUp.errors.invalidPassword;
  if (name === 'NotAuthorizedException' && /disabled/i.test(message)) return a.signIn.errors.disabled;
  return a.signIn.errors.unknown;
}

/** Profile: password change. */
export function changePasswordErrorMessage(error: unknown): string {
  const { name } = asIdentityError(error);
  const m = authMessages.changePassword.errors;
  if (name === 'NotAuthorizedException') return m.wrongCurrent;
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return m.attempts;
  if (name === 'InvalidPasswordException') return authMessages.signUp.errors.invalidPassword;
  return m.unknown;
}

/** Profile: attribute changes and their verification codes. */
export function profileErrorMessage(error: unknown): string {
  const { name, message } = asIdentityError(error);
  const m = authMessages.profile.errors;
  if (name === 'InvalidParameterException' && /only second factor/i.test(message)) return m.onlySmsFactor;
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return m.wrongCode;
  if (name === 'LimitExceededException' || name === 'TooManyFailedAttemptsException') return m.attempts;
  if (name === 'UsernameExistsException' || name === 'AliasExistsException') return m.emailExists;
  return m.unknown;
}
