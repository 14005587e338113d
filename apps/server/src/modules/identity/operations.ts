import { eq } from 'drizzle-orm';
import type { Operation } from './request';
import { attributeList, attributeOperations } from './attributes';
import { assertResendAllowed, consumeCode, sendCode } from './codes';
import { deviceOperations } from './devices';
import { errors } from './errors';
import { unknownUser, unknownUserDelivery } from './existence';
import { mfaOperations, mfaSettings } from './mfa';
import { passwordOperations } from './passwords';
import { assertClient, str, userFromAccessToken } from './request';
import { users } from './schema';
import { signInOperations } from './sign-in';
import { refreshSession, revokeAllSessions, revokeRefreshToken } from './tokens';
import { findUserByLogin, insertUser, userAttributes } from './users';
import { now } from '../../clock';

const signUp: Operation = async (ctx, body) => {
  assertClient(body);
  const attributes = attributeList(body);
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

const confirmSignUp: Operation = async (ctx, body) => {
  assertClient(body);
  const user = await findUserByLogin(ctx.db, str(body, 'Username'));
  if (!user) throw unknownUser(ctx, errors.codeMismatch());
  if (user.status === 'CONFIRMED') throw errors.notAuthorized('User cannot be confirmed. Current status is CONFIRMED');
  await consumeCode(ctx.db, user.id, 'sign_up', str(body, 'ConfirmationCode'));
  await ctx.db
    .update(users)
    .set({ status: 'CONFIRMED', emailVerified: user.email !== null, updatedAt: now() })
    .where(eq(users.id, user.id));
  return {};
};

const resendConfirmationCode: Operation = async (ctx, body) => {
  assertClient(body);
  const login = str(body, 'Username');
  const user = await findUserByLogin(ctx.db, login);
  if (!user) return { CodeDeliveryDetails: await unknownUserDelivery(ctx, login) };
  if (user.status === 'CONFIRMED') throw errors.invalidParameter('User is already confirmed.');
  await assertResendAllowed(ctx.db, user.id, 'sign_up');
  const delivery = await ctx.db.transaction((tx) => sendCode(tx, user, 'sign_up'));
  return { CodeDeliveryDetails: delivery };
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

/** By name; a Map, so that `constructor` or `__proto__` name nothing. */
export const operations = new Map<string, Operation>(
  Object.entries({
    ...signInOperations,
    ...passwordOperations,
    ...mfaOperations,
    ...attributeOperations,
    ...deviceOperations,
    SignUp: signUp,
    ConfirmSignUp: confirmSignUp,
    ResendConfirmationCode: resendConfirmationCode,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    GetUser: getUser,
    GlobalSignOut: globalSignOut,
    RevokeToken: revokeToken,
  }),
);
