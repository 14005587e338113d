import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { errors, type IdentityError } from './errors';
import { users } from './schema';
import type { User } from './users';
import { now, nowMs } from '../../clock';

/** Wrong answers in a row (passwords, or second-factor codes) before the account locks, and for how long. */
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MS = 15 * 60 * 1000;

/**
 * What a guess is counted against. The two counts are apart because the right password must not give back the
 * guesses at the second factor: that factor is there for when the password is known.
 */
export type Secret = 'password' | 'secondFactor';

const counter = (secret: Secret, value: SQL | number) =>
  secret === 'password' ? { failedSignIns: value } : { failedMfaCodes: value };

/** Rows of users whose lock, if any, is over. */
const unlocked = () => or(isNull(users.lockedUntil), lte(users.lockedUntil, now()));

export const isLocked = (user: User): boolean => user.lockedUntil !== null && user.lockedUntil.getTime() > nowMs();

/**
 * Checks one guess at a user's secret. The attempt is counted before the answer is checked, so that guesses sent in
 * parallel count too; the last one allowed sets the lock (LOCK_MS: sign-in, second factor and password change alike)
 * as it is counted, and lifts it again only if it proves right: a failure between counting and checking leaves at
 * worst a lock that ends, never a count past the limit that nothing resets. A locked account is refused even the
 * right answer.
 */
export async function checkGuess(
  db: DbOrTx,
  user: User,
  secret: Secret,
  isRight: () => boolean | Promise<boolean>,
  refuse: { wrong: () => IdentityError; locked: () => IdentityError },
): Promise<void> {
  const column = secret === 'password' ? users.failedSignIns : users.failedMfaCodes;
  const lockUntil = new Date(nowMs() + LOCK_MS);
  const last = sql`${column} + 1 >= ${MAX_FAILED_ATTEMPTS}`;
  const [counted] = await db
    .update(users)
    .set({
      ...counter(secret, sql`case when ${last} then 0 else ${column} + 1 end`),
      lockedUntil: sql`case when ${last} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, user.id), unlocked()))
    .returning({ lockedUntil: users.lockedUntil });
  if (!counted) throw refuse.locked();
  const lastAllowed = counted.lockedUntil?.getTime() === lockUntil.getTime();
  if (await isRight()) {
    // The count starts over, and a lock that is over, or the one this guess set, is cleared (one set meanwhile by
    // another guess stays).
    await db
      .update(users)
      .set({ ...counter(secret, 0), lockedUntil: null })
      .where(and(eq(users.id, user.id), lastAllowed ? eq(users.lockedUntil, lockUntil) : unlocked()));
    return;
  }
  throw lastAllowed ? refuse.locked() : refuse.wrong();
}

/** How a sign-in step answers a guess: Cognito's "Password attempts exceeded" once the account is locked. */
export const signInRefusals = (wrong: () => IdentityError) => ({ wrong, locked: errors.attemptsExceeded });
