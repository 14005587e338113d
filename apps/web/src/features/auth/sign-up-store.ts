import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The sign-up in progress, kept across the sign-up and confirmation pages (and a reload of them). */
interface SignUpState {
  username: string | null;
  destination: string | null;
  /** When the last code was sent, to hold resends to one every 120 s (SPEC section 9). */
  lastSentAt: number | null;
  start(input: { username: string; destination: string | null }): void;
  codeSent(): void;
  clear(): void;
}

export const RESEND_INTERVAL_MS = 120_000;

export const useSignUpStore = create<SignUpState>()(
  persist(
    (set) => ({
      username: null,
      destination: null,
      lastSentAt: null,
      start: ({ username, destination }) => set({ username, destination, lastSentAt: Date.now() }),
      codeSent: () => set({ lastSentAt: Date.now() }),
      clear: () => set({ username: null, destination: null, lastSentAt: null }),
    }),
    { name: 'financeiro.sign-up', storage: createJSONStorage(() => sessionStorage) },
  ),
);
