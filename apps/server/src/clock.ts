/**
 * The time the server decides by wherever a rule is a span of time: a code's resend interval and expiry, sign-in
 * sessions, lockouts, token lifetimes, OAuth requests, the outbox's retries. It is the system clock, moved forward only
 * by tests (`advanceClock`), so that a test of "after 120 seconds" moves time instead of waiting for it. A server
 * started with NODE_ENV=test by a parent process takes the same step over its IPC channel (see `main.ts`), which only
 * that parent holds.
 */
let offsetMs = 0;

export const nowMs = (): number => Date.now() + offsetMs;
export const now = (): Date => new Date(nowMs());

/** Moves this process's clock forward by `ms` (tests only). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/** Puts this process's clock back on the system's (tests that moved it, when they end). */
export function resetClock(): void {
  offsetMs = 0;
}

/** What a test that started a server sends over the child's IPC channel to move its clock; echoed when done. */
export interface ClockStep {
  advanceClockMs: number;
}

export const isClockStep = (message: unknown): message is ClockStep =>
  typeof message === 'object' && message !== null && typeof (message as ClockStep).advanceClockMs === 'number';
