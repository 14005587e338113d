import { useRef } from 'react';

/**
 * Idempotency keys (decision 0013) for acts without a form: one key per distinct request until it succeeds, so a
 * double click or a retry after a lost answer repeats its key and the server acts once; once it succeeded, the same
 * request again (after an undo) is a new act with a new key.
 */
export function useKeyFor() {
  const keys = useRef(new Map<string, string>());
  return {
    keyFor(request: unknown): string {
      const signature = JSON.stringify(request);
      const key = keys.current.get(signature) ?? crypto.randomUUID();
      keys.current.set(signature, key);
      return key;
    },
    done(request: unknown): void {
      keys.current.delete(JSON.stringify(request));
    },
  };
}
