import { useState } from 'react';

/**
 * The key every submission of one opening of a create form sends (decision 0013): a double click, or a retry after
 * the answer was lost, repeats it and the server creates once. Call it in the form's own component, which mounts
 * anew at each opening, so the next opening gets a new key.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(() => crypto.randomUUID());
  return key;
}
