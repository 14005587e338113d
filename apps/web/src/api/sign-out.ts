// Signing out, apart from the first screen's code: the sign-out page and a session the server refuses load it.
export { signOut } from 'aws-amplify/auth';
