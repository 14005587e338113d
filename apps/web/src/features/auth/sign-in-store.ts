import { create } from 'zustand';

/**
 * The sign-in in progress, across its pages. Kept in memory only: the authenticator secret of a setup must not
 * outlive the tab, and a reload starts the sign-in again anyway (Amplify keeps its step in memory too).
 */
interface SignInState {
  /** Remember this device after sign-in, on by default. */
  rememberDevice: boolean;
  /** CONTINUE_SIGN_IN_WITH_TOTP_SETUP: what the setup page shows. */
  totpSetup: { secret: string; uri: string } | null;
  /** Whether the server offers Google sign-in. */
  googleEnabled: boolean;
  /** Why the last Google sign-in did not complete, to show on the sign-in page. */
  redirectError: string | null;
  setRememberDevice(value: boolean): void;
  setGoogleEnabled(value: boolean): void;
  setRedirectError(value: string | null): void;
  setTotpSetup(value: { secret: string; uri: string } | null): void;
}

export const useSignInStore = create<SignInState>()((set) => ({
  rememberDevice: true,
  totpSetup: null,
  googleEnabled: false,
  redirectError: null,
  setRememberDevice: (rememberDevice) => set({ rememberDevice }),
  setGoogleEnabled: (googleEnabled) => set({ googleEnabled }),
  setRedirectError: (redirectError) => set({ redirectError }),
  setTotpSetup: (totpSetup) => set({ totpSetup }),
}));
