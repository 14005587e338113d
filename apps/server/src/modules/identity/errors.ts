/** An error in Cognito's wire shape: HTTP 400 with `{ "__type": name, "message": message }`. */
export class IdentityError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}

export const errors = {
  wrongPassword: () => new IdentityError('NotAuthorizedException', 'Incorrect username or password.'),
  attemptsExceeded: () => new IdentityError('NotAuthorizedException', 'Password attempts exceeded'),
  disabled: () => new IdentityError('NotAuthorizedException', 'User is disabled.'),
  notAuthorized: (message = 'Invalid Access Token') => new IdentityError('NotAuthorizedException', message),
  userNotFound: () => new IdentityError('UserNotFoundException', 'User does not exist.'),
  resetRequired: () => new IdentityError('PasswordResetRequiredException', 'Password reset required for the user'),
  notConfirmed: () => new IdentityError('UserNotConfirmedException', 'User is not confirmed.'),
  usernameExists: () => new IdentityError('UsernameExistsException', 'User already exists'),
  emailExists: () => new IdentityError('UsernameExistsException', 'An account with the given email already exists.'),
  codeMismatch: () => new IdentityError('CodeMismatchException', 'Invalid code or auth state for the user.'),
  expiredCode: () => new IdentityError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  limitExceeded: () =>
    new IdentityError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
  invalidPassword: (detail: string) =>
    new IdentityError('InvalidPasswordException', `Password did not conform with policy: ${detail}`),
  invalidParameter: (message: string) => new IdentityError('InvalidParameterException', message),
  usernameIsEmail: () =>
    new IdentityError('InvalidParameterException', 'A username that is an email address must be the account email.'),
  resourceNotFound: (message: string) => new IdentityError('ResourceNotFoundException', message),
  unknownClient: () => new IdentityError('ResourceNotFoundException', 'User pool client does not exist.'),
  unsupported: (what: string) => new IdentityError('InvalidParameterException', `${what} is not supported`),
  softwareTokenMismatch: () => new IdentityError('EnableSoftwareTokenMFAException', 'Code mismatch'),
  softwareTokenNotVerified: () =>
    new IdentityError('InvalidParameterException', 'User has not verified software token mfa'),
  noSmsDeliveryConfig: () =>
    new IdentityError('InvalidParameterException', 'User does not have delivery config set to turn on SMS_MFA'),
  invalidSession: () =>
    new IdentityError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
};
