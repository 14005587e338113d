import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client';
import { errors } from './errors';
import { authSessions } from './schema';
import { sha256 } from './tokens';
import type { User } from './users';
import { now, nowMs } from '../../clock';

/** A sign-in step must be answered within 3 minutes. */
export const SIGN_IN_SESSION_TTL_MS = 3 * 60 * 1000;

export type SessionState = Record<string, string>;
/** A live sign-in session, with the token the client named it by. */
export type SignInSession = typeof authSessions.$inferSelect & { token: string };

/** A sign-in step waiting for the client's answer: a row that any server process can pick up, for 3 minutes. */
export async function openChallenge(db: Db, user: User, challenge: string, state: SessionState): Promise<string> {
  const session = randomBytes(48).toString('base64url');
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now()));
  await db.insert(authSessions).values({
    id: uuidv7(),
    tokenHash: sha256(session),
    userId: user.id,
    challenge,
    state,
    expiresAt: new Date(nowMs() + SIGN_IN_SESSION_TTL_MS),
  });
  return session;
}

/** The live sign-in session a client names, when it is waiting for this challenge. */
export async function signInSession(db: Db, token: string, challenge: string): Promise<SignInSession> {
  const [session] = await db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.tokenHash, sha256(token)), gt(authSessions.expiresAt, now())));
  if (!session || session.challenge !== challenge) throw errors.invalidSession();
  return { ...session, token };
}

/**
 * Moves a sign-in session on to its next step under the same token, for another 3 minutes: amazon-cognito-identity-js
 * answers the device's proof that follows a second factor with the token of the second-factor step. Like endSession,
 * it claims the step: a second answer to it at once finds the session moved on.
 */
export async function continueSession(
  db: Db,
  session: SignInSession,
  challenge: string,
  state: SessionState,
): Promise<string> {
  const [moved] = await db
    .update(authSessions)
    .set({ challenge, state, expiresAt: new Date(nowMs() + SIGN_IN_SESSION_TTL_MS) })
    .where(and(eq(authSessions.id, session.id), eq(authSessions.challenge, session.challenge)))
    .returning({ id: authSessions.id });
  if (!moved) throw errors.invalidSession();
  return session.token;
}

export async function updateSessionState(db: Db, session: SignInSession, state: SessionState): Promise<void> {
  await db
    .update(authSessions)
    .set({ state: { ...session.state, ...state } })
    .where(eq(authSessions.id, session.id));
}

/**
 * Ends a sign-in session by claiming it: of two requests that answer the same step at once, only the first goes on;
 * the other finds the session gone, as it would a moment later.
 */
export async function endSession(db: Db, session: SignInSession): Promise<void> {
  const [ended] = await db
    .delete(authSessions)
    .where(eq(authSessions.id, session.id))
    .returning({ id: authSessions.id });
  if (!ended) throw errors.invalidSession();
}
