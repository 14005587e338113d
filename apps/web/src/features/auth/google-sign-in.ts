import { signInWithRedirect } from 'aws-amplify/auth';

/**
 * Leaves for Google; the app loads again on the sign-in page with the result. Apart from the sign-in page, which loads
 * it on the button's click: most people sign in with a password.
 */
export const redirectToGoogle = () => signInWithRedirect({ provider: 'Google' });
