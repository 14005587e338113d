/** Rows as the wire carries them: instants become ISO strings. */
export type Wire<R> = { [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K] };

export function toWire<R extends object>(row: R): Wire<R> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out as Wire<R>;
}
