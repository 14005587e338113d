import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { USER_POOL_NAME } from '@financeiro/core';
import type { Db } from '../../db/client';
import { enqueueSms } from '../outbox';
import { consumeCode, issueCode } from './codes';
import { confirmedDevice } from './device-sessions';
import { errors, IdentityError } from './errors';
import { isSimulatedSession, simulatedPasswordChallenge } from './existence';
import { checkGuess, isLocked, signInRefusals } from './lockout';
import { checkTotpCode, mfaChallengeFor, type MfaChallenge } from './mfa';
import { maskPhone } from './messages';
import { assertClient, record, str, type IdentityContext, type Operation } from './request';
import { users } from './schema';
import {
  continueSession,
  endSession,
  openChallenge,
  signInSession,
  SIGN_IN_SESSION_TTL_MS,
  type SessionState,
  type SignInSession,
} from './sign-in-sessions';
import { isPublicValue, startChallenge, verifyPasswordClaim } from './srp';
import { issueSession, refreshSession } from './tokens';
import { findUserByLogin, type User } from './users';
import { setPassword } from './passwords';
import { now } from '../../clock';

function assertCanSignIn(user: User): void {
  if (!user.enabled) throw errors.disabled();
  if (isLocked(user)) throw errors.attemptsExceeded();
  if (user.status === 'UNCONFIRMED') throw errors.notConfirmed();
  if (user.status === 'RESET_REQUIRED') throw errors.resetRequired();
}

/** The device a sign-in started on travels with it, step to step, to the session it ends in. */
const deviceState = (deviceKey: string | undefined): SessionState => (deviceKey ? { deviceKey } : {});

/** A fresh SRP exchange against a stored verifier: what the client needs to prove it knows the secret. */
function srpStep(verifier: string) {
  const { b, B } = startChallenge(verifier);
  return { b, B, secretBlock: randomBytes(64).toString('base64') };
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
  if (!isPublicValue(A)) throw errors.invalidParameter('SRP_A is invalid');
  const user = await findUserByLogin(ctx.db, login);
  if (!user) {
    if (ctx.env.PREVENT_USER_EXISTENCE_ERRORS) return simulatedPasswordChallenge(ctx, login);
    throw errors.userNotFound();
  }
  assertCanSignIn(user);
  const step = srpStep(user.srpVerifier);
  const session = await openChallenge(ctx.db, user, 'PASSWORD_VERIFIER', { A, ...step });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: user.srpSalt,
      SRP_B: step.B,
      SECRET_BLOCK: step.secretBlock,
      USER_ID_FOR_SRP: user.username,
      USERNAME: user.username,
    },
  };
};

async function signedIn(ctx: IdentityContext, user: User, deviceKey: string | undefined): Promise<object> {
  return { AuthenticationResult: await issueSession(ctx.db, ctx.env, user, deviceKey), ChallengeParameters: {} };
}

/**
 * After the password: a new password when the current one is temporary; then, in Cognito's order, the device's own
 * proof at once when the client named a confirmed device that is remembered or there is no second factor to ask
 * for, else the second factor (or its setup, when required and missing) first and the device's proof after it;
 * then the tokens. Clients end the sign-in with the device's proof: nothing may be asked after it.
 */
async function afterPassword(ctx: IdentityContext, user: User, deviceKey: string | undefined): Promise<object> {
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const session = await openChallenge(ctx.db, user, 'NEW_PASSWORD_REQUIRED', deviceState(deviceKey));
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
  const device = await confirmedDevice(ctx.db, user.id, deviceKey);
  if (device && (device.remembered || (!mfaChallengeFor(user) && !user.mfaRequired))) {
    const session = await openChallenge(ctx.db, user, 'DEVICE_SRP_AUTH', deviceState(device.key));
    return { ChallengeName: 'DEVICE_SRP_AUTH', Session: session, ChallengeParameters: {} };
  }
  return secondFactor(ctx, user, deviceKey);
}

/**
 * The second factor was answered: a confirmed device still proves itself (its last step is told the factor was
 * passed), else the tokens.
 */
async function afterSecondFactor(ctx: IdentityContext, user: User, session: SignInSession): Promise<object> {
  const { deviceKey } = session.state;
  if (deviceKey && (await confirmedDevice(ctx.db, user.id, deviceKey))) {
    const next = await continueSession(ctx.db, session, 'DEVICE_SRP_AUTH', { deviceKey, factorPassed: 'true' });
    return { ChallengeName: 'DEVICE_SRP_AUTH', Session: next, ChallengeParameters: {} };
  }
  await endSession(ctx.db, session);
  return signedIn(ctx, user, deviceKey);
}

async function secondFactor(ctx: IdentityContext, user: User, deviceKey: string | undefined): Promise<object> {
  const challenge = mfaChallengeFor(user);
  if (challenge) return startMfaChallenge(ctx, user, challenge, deviceKey);
  if (user.mfaRequired) {
    const session = await openChallenge(ctx.db, user, 'MFA_SETUP', deviceState(deviceKey));
    return {
      ChallengeName: 'MFA_SETUP',
      Session: session,
      ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify(['SOFTWARE_TOKEN_MFA']) },
    };
  }
  return signedIn(ctx, user, deviceKey);
}

/** Opens a second-factor step; for SMS the code goes out now, through the outbox. */
async function startMfaChallenge(
  ctx: IdentityContext,
  user: User,
  challenge: MfaChallenge,
  deviceKey: string | undefined,
): Promise<object> {
  const session = await openChallenge(ctx.db, user, challenge, deviceState(deviceKey));
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

/** Whether an SMS sign-in code is right; a wrong or spent one is a wrong guess, anything else a real failure. */
function smsCodeIsRight(db: Db, user: User, code: string): Promise<boolean> {
  return consumeCode(db, user.id, 'sms_mfa', code).then(
    () => true,
    (error: unknown) => {
      if (error instanceof IdentityError) return false;
      throw error;
    },
  );
}

/** Checks an SRP password claim (the user's password, or a device's secret) against the exchange in the session. */
function claimIsValid(
  state: SessionState,
  responses: Record<string, string>,
  proof: { poolName: string; userIdForSrp: string; verifier: string },
): boolean {
  const { A = '', b = '', B = '', secretBlock = '' } = state;
  return (
    responses.PASSWORD_CLAIM_SECRET_BLOCK === secretBlock &&
    verifyPasswordClaim({
      ...proof,
      A,
      b,
      B,
      secretBlock,
      timestamp: responses.TIMESTAMP ?? '',
      signature: responses.PASSWORD_CLAIM_SIGNATURE ?? '',
    })
  );
}

type ChallengeHandler = (
  ctx: IdentityContext,
  user: User,
  session: SignInSession,
  responses: Record<string, string>,
) => Promise<object>;

const challenges: Record<string, ChallengeHandler> = {
  async PASSWORD_VERIFIER(ctx, user, session, responses) {
    // A password claim is answered once, right or wrong.
    await endSession(ctx.db, session);
    const valid = () =>
      claimIsValid(session.state, responses, {
        poolName: USER_POOL_NAME,
        userIdForSrp: user.username,
        verifier: user.srpVerifier,
      });
    await checkGuess(ctx.db, user, 'password', valid, signInRefusals(errors.wrongPassword));
    return afterPassword(ctx, user, responses.DEVICE_KEY);
  },

  async NEW_PASSWORD_REQUIRED(ctx, user, session, responses) {
    await setPassword(ctx.db, user, responses.NEW_PASSWORD ?? '');
    await endSession(ctx.db, session);
    const [confirmed] = await ctx.db
      .update(users)
      .set({ status: 'CONFIRMED', updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    if (!confirmed) throw errors.userNotFound();
    return afterPassword(ctx, confirmed, session.state.deviceKey);
  },

  async DEVICE_SRP_AUTH(ctx, user, session, responses) {
    const deviceKey = session.state.deviceKey ?? '';
    const device = await confirmedDevice(ctx.db, user.id, deviceKey);
    if (!device?.srpVerifier || responses.DEVICE_KEY !== deviceKey || !responses.SRP_A) {
      throw errors.notAuthorized('Device does not exist.');
    }
    if (!isPublicValue(responses.SRP_A)) throw errors.invalidParameter('SRP_A is invalid');
    await endSession(ctx.db, session);
    const step = srpStep(device.srpVerifier);
    const next = await openChallenge(ctx.db, user, 'DEVICE_PASSWORD_VERIFIER', {
      ...session.state,
      A: responses.SRP_A,
      ...step,
    });
    return {
      ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
      Session: next,
      ChallengeParameters: {
        SALT: device.srpSalt ?? '',
        SRP_B: step.B,
        SECRET_BLOCK: step.secretBlock,
        USERNAME: user.username,
      },
    };
  },

  /**
   * The device proved itself: the tokens, when it is remembered or the second factor was answered before; else the
   * second factor (the device was forgotten or a factor enabled in the meantime).
   */
  async DEVICE_PASSWORD_VERIFIER(ctx, user, session, responses) {
    await endSession(ctx.db, session);
    const deviceKey = session.state.deviceKey ?? '';
    const device = await confirmedDevice(ctx.db, user.id, deviceKey);
    const valid =
      device?.srpVerifier &&
      claimIsValid(session.state, responses, {
        poolName: device.groupKey,
        userIdForSrp: device.key,
        verifier: device.srpVerifier,
      });
    if (!valid) throw errors.notAuthorized('Incorrect username or password.');
    if (device.remembered || session.state.factorPassed === 'true') return signedIn(ctx, user, deviceKey);
    return secondFactor(ctx, user, deviceKey);
  },

  async SELECT_MFA_TYPE(ctx, user, session, responses) {
    const answer = responses.ANSWER;
    if (answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') throw errors.invalidParameter('ANSWER is invalid');
    await endSession(ctx.db, session);
    return startMfaChallenge(ctx, user, answer, session.state.deviceKey);
  },

  async SOFTWARE_TOKEN_MFA(ctx, user, session, responses) {
    const right = () => checkTotpCode(ctx.db, user, responses.SOFTWARE_TOKEN_MFA_CODE ?? '');
    await checkGuess(ctx.db, user, 'secondFactor', right, signInRefusals(errors.codeMismatch));
    return afterSecondFactor(ctx, user, session);
  },

  async SMS_MFA(ctx, user, session, responses) {
    const right = () => smsCodeIsRight(ctx.db, user, responses.SMS_MFA_CODE ?? '');
    await checkGuess(ctx.db, user, 'secondFactor', right, signInRefusals(errors.codeMismatch));
    return afterSecondFactor(ctx, user, session);
  },

  /** The authenticator set up during sign-in (VerifySoftwareToken with this Session) becomes the user's factor. */
  async MFA_SETUP(ctx, user, session) {
    if (session.state.totpVerified !== 'true' || !user.totpSecret) throw errors.softwareTokenNotVerified();
    const [updated] = await ctx.db
      .update(users)
      .set({ totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA', updatedAt: now() })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw errors.userNotFound();
    return afterSecondFactor(ctx, updated, session);
  },
};

const respondToAuthChallenge: Operation = async (ctx, body) => {
  assertClient(body);
  const name = str(body, 'ChallengeName');
  const handler = Object.hasOwn(challenges, name) ? challenges[name] : undefined;
  if (!handler) throw errors.unsupported(`ChallengeName ${name}`);
  const token = str(body, 'Session');
  // The password proof for a user that does not exist fails as a wrong password does.
  if (name === 'PASSWORD_VERIFIER' && (await isSimulatedSession(ctx, token))) throw errors.wrongPassword();
  const session = await signInSession(ctx.db, token, name);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
  if (!user) throw errors.userNotFound();
  assertCanSignIn(user);
  return handler(ctx, user, session, record(body, 'ChallengeResponses'));
};

export const signInOperations: Record<string, Operation> = {
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
};
