import { eq } from 'drizzle-orm';
import { USER_POOL_NAME } from '@financeiro/core';
import type { DbOrTx } from '../../db/client';
import { assertResendAllowed, consumeCode, sendCode } from './codes';
import { errors } from './errors';
import { checkGuess } from './lockout';
import { unknownUser, unknownUserDelivery } from './existence';
import { assertClient, str, userFromAccessToken, type Operation } from './request';
import { users } from './schema';
import { createVerifier, passwordMatches } from './srp';
import { revokeAllSessions } from './tokens';
import { assertPasswordPolicy, findUserByLogin, type User } from './users';
import { now } from '../../clock';

const forgotPassword: Operation = async (ctx, body) => {
  assertClient(body);
  const login = str(body, 'Username');
  const user = await findUserByLogin(ctx.db, login);
  if (!user) return { CodeDeliveryDetails: await unknownUserDelivery(ctx, login) };
  if (!user.enabled) throw errors.disabled();
  await assertResendAllowed(ctx.db, user.id, 'reset_password');
  const delivery = await ctx.db.transaction((tx) => sendCode(tx, user, 'reset_password'));
  return { CodeDeliveryDetails: delivery };
};

export async function setPassword(db: DbOrTx, user: User, password: string): Promise<void> {
  assertPasswordPolicy(password);
  const { salt, verifier } = createVerifier(USER_POOL_NAME, user.username, password);
  await db.update(users).set({ srpSalt: salt, srpVerifier: verifier, updatedAt: now() }).where(eq(users.id, user.id));
}

const confirmForgotPassword: Operation = async (ctx, body) => {
  assertClient(body);
  const password = typeof body.Password === 'string' ? body.Password : '';
  // The policy first, so that a weak password is answered alike whether the user exists or not.
  assertPasswordPolicy(password);
  const user = await findUserByLogin(ctx.db, str(body, 'Username'));
  if (!user) throw unknownUser(ctx, errors.codeMismatch());
  await consumeCode(ctx.db, user.id, 'reset_password', str(body, 'ConfirmationCode'));
  await ctx.db.transaction(async (tx) => {
    await setPassword(tx, user, password);
    // Proving control of the e-mail confirms an account that was still waiting for it.
    if (user.status !== 'CONFIRMED')
      await tx.update(users).set({ status: 'CONFIRMED', emailVerified: true }).where(eq(users.id, user.id));
    // A reset is what a person does when the password may be known to someone else: end every session.
    await revokeAllSessions(tx, user.id);
  });
  return {};
};

const changePassword: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const previous = typeof body.PreviousPassword === 'string' ? body.PreviousPassword : '';
  // A stolen session must not be a way to guess the password: guesses here count toward the sign-in lock, and
  // Cognito answers them "Attempt limit exceeded" once it is reached.
  const right = () =>
    passwordMatches(USER_POOL_NAME, user.username, previous, { salt: user.srpSalt, verifier: user.srpVerifier });
  await checkGuess(ctx.db, user, 'password', right, { wrong: errors.wrongPassword, locked: errors.limitExceeded });
  await setPassword(ctx.db, user, typeof body.ProposedPassword === 'string' ? body.ProposedPassword : '');
  return {};
};

export const passwordOperations: Record<string, Operation> = {
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
};

/**
 * An administrator sets a user's password: it is temporary, so the next sign-in asks for a new one, and every open
 * session ends.
 */
export async function setTemporaryPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw errors.userNotFound();
  await setPassword(db, user, password);
  await db
    .update(users)
    .set({ status: 'FORCE_CHANGE_PASSWORD', failedSignIns: 0, lockedUntil: null })
    .where(eq(users.id, userId));
  await revokeAllSessions(db, userId);
}
