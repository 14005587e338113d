export { SignInPage } from './SignInPage';
export { SignUpPage } from './SignUpPage';
export { SignUpConfirmEmailPage, SignUpConfirmSmsPage } from './ConfirmSignUpPage';
export { SignOutPage } from './SignOutPage';
export { configureAmplify } from './amplify';
export { handleSignInStep } from './sign-in-steps';
export { ForcedResetPage, RecoveryPage } from './RecoveryPage';
export { RecoveryChallengePage } from './RecoveryChallengePage';
export { TotpSignInPage } from './TotpSignInPage';
