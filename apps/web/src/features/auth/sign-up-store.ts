import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type CodeMedium = 'EMAIL' | 'SMS';

/** What the identity service said about a code it sent (Amplify's CodeDeliveryDetails). */
export interface SentCode {
  destination?: string;
  deliveryMedium?: string;
}

/**
 * The sign-up in progress, kept across the sign-up, sign-in and confirmation pages (and a reload of them). Only what
 * the identity service reported is kept: where the last code went and when, so the resend countdown starts from a
 * real send.
 */
interface SignUpState {
  username: string | null;
  destination: string | null;
  /** Where the last code went; null when this browser does not know (no code sent from here). */
  medium: CodeMedium | null;
  /** When this browser last had a code sent, to hold resends to one every 120 s. */
  lastSentAt: number | null;
  /** A code was just sent to this account, as the service reported it. */
  codeSent(username: string, sent: SentCode): void;
  /** An account to confirm, with no code known to have been sent from this browser. */
  awaitCode(username: string): void;
  clear(): void;
}

export const RESEND_INTERVAL_MS = 120_000;

/** The medium of a code delivery, when it is one the confirmation pages handle. */
export function codeMedium(sent: SentCode): CodeMedium | null {
  return sent.deliveryMedium === 'EMAIL' || sent.deliveryMedium === 'SMS' ? sent.deliveryMedium : null;
}

/** The sign-up confirmation page for a medium; e-mail when it is not known. */
export function confirmPath(medium: CodeMedium | null): string {
  return medium === 'SMS' ? '/auth/sign-up/confirm/sms' : '/auth/sign-up/confirm/email';
}

export const useSignUpStore = create<SignUpState>()(
  persist(
    (set) => ({
      username: null,
      destination: null,
      medium: null,
      lastSentAt: null,
      codeSent: (username, sent) =>
        set({ username, destination: sent.destination ?? null, medium: codeMedium(sent), lastSentAt: Date.now() }),
      awaitCode: (username) => set({ username, destination: null, medium: null, lastSentAt: null }),
      clear: () => set({ username: null, destination: null, medium: null, lastSentAt: null }),
    }),
    { name: 'financeiro.sign-up', storage: createJSONStorage(() => sessionStorage) },
  ),
);
