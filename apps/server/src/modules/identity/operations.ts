import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { USER_POOL_NAME } from '@financeiro/core';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail, enqueueSms } from '../outbox/enqueue';
import { consumeCode, issueCode, lastCodeSentAt, RESEND_INTERVAL_MS } from './codes';
import { errors } from './errors';
import { attributeOperations } from './attributes';
import { checkTotpCode, mfaChallengeFor, mfaOperations, mfaSettings, type MfaChallenge } from './mfa';
import { codeEmail, maskEmail, maskPhone, type CodeEmailPurpose } from './messages';
import { authSessions, users } from './schema';
import { createVerifier, passwordMatches, startChallenge, verifyPasswordClaim } from './srp';
import { issueSession, refreshSession, revokeAllSessions, revokeRefreshToken, sha256 } from './tokens';
import { assertClient, record, str, userFromAccessToken, type IdentityContext, type Operation } from './request';
import { assertPasswordPolicy, findUserByLogin, insertUser, userAttributes, type User } from './users';

const CODE_TTL_MS: Record<CodeEmailPurpose, number> = {
  sign_up: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
  verify_email: 24 * 3600 * 1000,
};
const SIGN_IN_SESSION_TTL_MS = 3 * 60 * 1000;

/** Issues a code and queues it to the user's e-mail, or phone when there is no e-mail. */
async function sendCode(db: DbOrTx, user: User, purpose: CodeEmailPurpose) {
  const code = await issueCode(db, user.id, purpose, CODE_TTL_MS[purpose]);
  if (user.email) {
    await enqueueEmail(db, { to: user.email, ...codeEmail(purpose, user.name, code) });
    return { Destination: maskEmail(user.email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
  }
  if (user.phoneNumber) {
    await enqueueSms(db, user.phoneNumber, `Financeiro: seu código é ${code}`);
    return { Destination: maskPhone(user.phoneNumber), DeliveryMedium: 'SMS', AttributeName: 'phone_number' };
  }
  throw errors.invalidParameter('An email or phone_number is required to confirm the account');
}

const signUp: Operation = async (ctx, body) => {
  assertClient(body);
  const attributes = Object.fromEntries(
    (Array.isArray(body.UserAttributes) ? body.UserAttributes : [])
      .filter((a): a is { Name: string; Value: string } => typeof a?.Name === 'string' && typeof a?.Value === 'string')
      .map((a) => [a.Name, a.Value]),
  );
  const password = typeof body.Password === 'string' ? body.Password : '';
  return ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      username: str(body, 'Username'),
      password,
      name: attributes.name,
      email: attributes.email,
      phoneNumber: attributes.phone_number,
      picture: attributes.picture,
      locale: attributes.locale,
      confirmed: false,
    });
    const delivery = await sendCode(tx, user, 'sign_up');
    return { UserConfirmed: false, UserSub: user.id, CodeDeliveryDetails: delivery };
  });
};

async function requireUser(ctx: IdentityContext, login: string): Promise<User> {
  const user = await findUserByLogin(ctx.db, login);
  if (!user) throw errors.userNotFound();
  return user;
}

const confirmSignUp: Operation = async (ctx, body) => {
  assertClient(body);
  const user = await requireUser(ctx, str(body, 'Username'));
  if (user.status === 'CONFIRMED') throw errors.notAuthorized('User cannot be confirmed. Current status is CONFIRMED');
  await consumeCode(ctx.db, user.id, 'sign_up', str(body, 'ConfirmationCode'));
  await ctx.db
    .update(users)
    .set({ status: 'CONFIRMED', emailVerified: user.email !== null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return {};
};

const resendConfirmationCode: Operation = async (ctx, body) => {
  assertClient(body);
  const user = await requireUser(ctx, str(body, 'Username'));
  if (user.status === 'CONFIRMED') throw errors.invalidParameter('User is already confirmed.');
  const last = await lastCodeSentAt(ctx.db, user.id, 'sign_up');
  if (last && Date.now() - last.getTime() < RESEND_INTERVAL_MS) throw errors.limitExceeded();
  const delivery = await ctx.db.transaction((tx) => sendCode(tx, user, 'sign_up'));
  return { CodeDeliveryDetails: delivery };
};

/** Wrong passwords in a row before the account locks, and for how long. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MS = 15 * 60 * 1000;

function assertCanSignIn(user: User): void {
  if (!user.enabled) throw errors.disabled();
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw errors.attemptsExceeded();
  if (user.status === 'UNCONFIRMED') throw errors.notConfirmed();
  if (user.status === 'RESET_REQUIRED') throw errors.resetRequired();
}

/** Counts a wrong password; the fifth in a row locks sign-in for 15 minutes. */
async function recordFailedSignIn(db: Db, user: User): Promise<never> {
  const failed = (user.lockedUntil && user.lockedUntil.getTime() <= Date.now() ? 0 : user.failedSignIns) + 1;
  const lock = failed >= MAX_FAILED_SIGN_INS;
  await db
    .update(users)
    .set({ failedSignIns: lock ? 0 : failed, lockedUntil: lock ? new Date(Date.now() + LOCK_MS) : null })
    .where(eq(users.id, user.id));
  throw lock ? errors.attemptsExceeded() : errors.wrongPassword();
}

const initiateAuth: Operation = async (ctx, body) => {
  assertClient(body);
  const flow = str(body, 'AuthFlow');
  const params = record(body, 'AuthParameters');
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    const result = await refreshSession(ctx.db, ctx.env, params.REFRESH_TOKEN ?? '');
    if (!result) throw errors.notAuthorized('Refresh Token has been revoked');
    return { AuthenticationResult: result, ChallengeParameters: {} };
  }
  if (flow !== 'USER_SRP_AUTH') throw errors.unsupported(`AuthFlow ${flow}`);
  const login = params.USERNAME;
  const A = params.SRP_A;
  if (!login || !A) throw errors.invalidParameter('USERNAME and SRP_A are required');
  const user = await requireUser(ctx, login);
  assertCanSignIn(user);
  const { b, B } = startChallenge(user.srpVerifier);
  const secretBlock = randomBytes(64).toString('base64');
  const session = await openChallenge(ctx.db, user, 'PASSWORD_VERIFIER', { A, b, B, secretBlock });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: user.srpSalt,
      SRP_B: B,
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: user.username,
      USERNAME: user.username,
    },
  };
};

const MAX_CHALLENGE_ATTEMPTS = 5;

/** A sign-in step waiting for the client's answer: a row that any server process can pick up, for 3 minutes. */
async function openChallenge(db: Db, user: User, challenge: string, state: Record<string, string>): Promise<string> {
  const session = randomBytes(48).toString('base64url');
  await db.delete(authSessions).where(lt(authSessions.expiresAt, new Date()));
  await db.insert(authSessions).values({
    id: uuidv7(),
    tokenHash: sha256(session),
    userId: user.id,
    challenge,
    state,
    expiresAt: new Date(Date.now() + SIGN_IN_SESSION_TTL_MS),
  });
  return session;
}

/** After the password: the second factor's challenge when the user has one, else the tokens. */
async function afterPassword(ctx: IdentityContext, user: User): Promise<object> {
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = await openChallenge(ctx.db, user, 'NEW_PASSWORD_REQUIRED', {});
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: session,
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.username,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ name: user.name ?? '', email: user.email ?? '' }),
      },
    };
  }
  const challenge = mfaChallengeFor(user);
  if (!challenge) return { AuthenticationResult: await issueSession(ctx.db, ctx.env, user), ChallengeParameters: {} };
  return startMfaChallenge(ctx, user, challenge);
}

/** Opens a second-factor step; for SMS the code goes out now, through the outbox. */
async function startMfaChallenge(ctx: IdentityContext, user: User, challenge: MfaChallenge): Promise<object> {
  const session = await openChallenge(ctx.db, user, challenge, { attempts: '0' });
  if (challenge === 'SELECT_MFA_TYPE') {
    return {
      ChallengeName: challenge,
      Session: session,
      ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']) },
    };
  }
  if (challenge === 'SMS_MFA' && user.phoneNumber) {
    const phone = user.phoneNumber;
    await ctx.db.transaction(async (tx) => {
      const code = await issueCode(tx, user.id, 'sms_mfa', SIGN_IN_SESSION_TTL_MS);
      await enqueueSms(tx, phone, `Financeiro: seu código de acesso é ${code}. Não o compartilhe.`);
    });
    return {
      ChallengeName: challenge,
      Session: session,
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: maskPhone(phone) },
    };
  }
  return { ChallengeName: challenge, Session: session, ChallengeParameters: {} };
}

/** A wrong second-factor code: counted on the sign-in session, which ends after a few. */
async function countWrongCode(db: Db, session: { id: string; state: Record<string, string> }): Promise<never> {
  const attempts = Number(session.state.attempts ?? 0) + 1;
  if (attempts >= MAX_CHALLENGE_ATTEMPTS) await db.delete(authSessions).where(eq(authSessions.id, session.id));
  else
    await db
      .update(authSessions)
      .set({ state: { attempts: String(attempts) } })
      .where(eq(authSessions.id, session.id));
  throw errors.codeMismatch();
}

const respondToAuthChallenge: Operation = async (ctx, body) => {
  assertClient(body);
  const challenge = str(body, 'ChallengeName');
  const responses = record(body, 'ChallengeResponses');
  const [session] = await ctx.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.tokenHash, sha256(str(body, 'Session'))), gt(authSessions.expiresAt, new Date())));
  if (!session || session.challenge !== challenge) throw errors.invalidSession();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
  if (!user) throw errors.userNotFound();
  assertCanSignIn(user);

  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    await setPassword(ctx.db, user, responses.NEW_PASSWORD ?? '');
    await ctx.db.delete(authSessions).where(eq(authSessions.id, session.id));
    const [confirmed] = await ctx.db
      .update(users)
      .set({ status: 'CONFIRMED', updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    if (!confirmed) throw errors.userNotFound();
    return afterPassword(ctx, confirmed);
  }
  if (challenge === 'SELECT_MFA_TYPE') {
    const answer = responses.ANSWER;
    if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') throw errors.invalidParameter('ANSWER is invalid');
    await ctx.db.delete(authSessions).where(eq(authSessions.id, session.id));
    return startMfaChallenge(ctx, user, answer);
  }
  if (challenge === 'SOFTWARE_TOKEN_MFA' || challenge === 'SMS_MFA') {
    const good =
      challenge === 'SOFTWARE_TOKEN_MFA'
        ? await checkTotpCode(ctx.db, user, responses.SOFTWARE_TOKEN_MFA_CODE ?? '')
        : await consumeCode(ctx.db, user.id, 'sms_mfa', responses.SMS_MFA_CODE ?? '').then(
            () => true,
            () => false,
          );
    if (!good) return countWrongCode(ctx.db, session);
    await ctx.db.delete(authSessions).where(eq(authSessions.id, session.id));
    return { AuthenticationResult: await issueSession(ctx.db, ctx.env, user), ChallengeParameters: {} };
  }
  if (challenge !== 'PASSWORD_VERIFIER') throw errors.unsupported(`ChallengeName ${challenge}`);

  // A password claim is answered once, right or wrong.
  await ctx.db.delete(authSessions).where(eq(authSessions.id, session.id));
  const { A = '', b = '', B = '', secretBlock = '' } = session.state;
  const valid =
    responses.PASSWORD_CLAIM_SECRET_BLOCK === secretBlock &&
    verifyPasswordClaim({
      poolName: USER_POOL_NAME,
      userIdForSrp: user.username,
      verifier: user.srpVerifier,
      A,
      b,
      B,
      secretBlock,
      timestamp: responses.TIMESTAMP ?? '',
      signature: responses.PASSWORD_CLAIM_SIGNATURE ?? '',
    });
  if (!valid) return recordFailedSignIn(ctx.db, user);
  if (user.failedSignIns > 0 || user.lockedUntil) {
    await ctx.db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
  return afterPassword(ctx, user);
};

const getTokensFromRefreshToken: Operation = async (ctx, body) => {
  assertClient(body);
  const result = await refreshSession(ctx.db, ctx.env, str(body, 'RefreshToken'));
  if (!result) throw errors.notAuthorized('Refresh Token has been revoked');
  return { AuthenticationResult: result };
};

const getUser: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  return { Username: user.username, UserAttributes: userAttributes(user), ...mfaSettings(user) };
};

const globalSignOut: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  await revokeAllSessions(ctx.db, user.id);
  return {};
};

const revokeToken: Operation = async (ctx, body) => {
  assertClient(body);
  await revokeRefreshToken(ctx.db, str(body, 'Token'));
  return {};
};

const forgotPassword: Operation = async (ctx, body) => {
  assertClient(body);
  const user = await requireUser(ctx, str(body, 'Username'));
  if (!user.enabled) throw errors.disabled();
  const last = await lastCodeSentAt(ctx.db, user.id, 'reset_password');
  if (last && Date.now() - last.getTime() < RESEND_INTERVAL_MS) throw errors.limitExceeded();
  const delivery = await ctx.db.transaction((tx) => sendCode(tx, user, 'reset_password'));
  return { CodeDeliveryDetails: delivery };
};

async function setPassword(db: DbOrTx, user: User, password: string): Promise<void> {
  assertPasswordPolicy(password);
  const { salt, verifier } = createVerifier(USER_POOL_NAME, user.username, password);
  await db
    .update(users)
    .set({ srpSalt: salt, srpVerifier: verifier, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

const confirmForgotPassword: Operation = async (ctx, body) => {
  assertClient(body);
  const user = await requireUser(ctx, str(body, 'Username'));
  const password = typeof body.Password === 'string' ? body.Password : '';
  assertPasswordPolicy(password);
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
  if (!passwordMatches(USER_POOL_NAME, user.username, previous, { salt: user.srpSalt, verifier: user.srpVerifier })) {
    throw errors.wrongPassword();
  }
  await setPassword(ctx.db, user, typeof body.ProposedPassword === 'string' ? body.ProposedPassword : '');
  return {};
};

export const operations: Record<string, Operation> = {
  ...mfaOperations,
  ...attributeOperations,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  GetUser: getUser,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
};
