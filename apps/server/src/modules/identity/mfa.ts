import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../db/client';
import { errors } from './errors';
import { str, userFromAccessToken, type Body, type IdentityContext, type Operation } from './request';
import { users } from './schema';
import { signInSession, updateSessionState, type SignInSession } from './sign-in-sessions';
import type { User } from './users';
import { nowMs } from '../../clock';

const PERIOD_S = 30;

function totpFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_S });
}

/** The time step a code belongs to (one step either way allowed for clock drift), or null when it is wrong. */
function matchingStep(secret: string, code: string): number | null {
  const timestamp = nowMs();
  const delta = totpFor(secret).validate({ token: code.trim(), timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_S) + delta;
}

/**
 * Checks a sign-in code from the authenticator app. A code is good once: a step at or before the last one used is
 * refused, so a code seen over someone's shoulder cannot be replayed.
 */
export async function checkTotpCode(db: DbOrTx, user: User, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = matchingStep(user.totpSecret, code);
  if (step === null) return false;
  // The step is claimed in the database, not judged from the row read earlier: of two sign-ins sending the same code
  // at once, only the one whose update moves the step on is let in.
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** The MFA facts GetUser reports (Amplify's fetchMFAPreference reads them). */
export function mfaSettings(user: User): { UserMFASettingList: string[]; PreferredMfaSetting?: string } {
  const list = [...(user.smsMfaEnabled ? ['SMS_MFA'] : []), ...(user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : [])];
  return { UserMFASettingList: list, ...(user.preferredMfa ? { PreferredMfaSetting: user.preferredMfa } : {}) };
}

export type MfaChallenge = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'SELECT_MFA_TYPE';

/**
 * Which challenge a password sign-in continues with: the preferred factor, the only one enabled, or a choice when
 * both are enabled and none is preferred.
 */
export function mfaChallengeFor(user: User): MfaChallenge | null {
  const totp = user.totpEnabled && user.totpSecret !== null;
  const sms = user.smsMfaEnabled && user.phoneNumber !== null && user.phoneNumberVerified;
  if (totp && sms) return user.preferredMfa ?? 'SELECT_MFA_TYPE';
  if (totp) return 'SOFTWARE_TOKEN_MFA';
  if (sms) return 'SMS_MFA';
  return null;
}

/**
 * Who is setting up an authenticator: the signed-in user (AccessToken), or one in the middle of a sign-in that
 * requires a second factor (Session of the MFA_SETUP step).
 */
async function setupSubject(ctx: IdentityContext, body: Body): Promise<{ user: User; session?: SignInSession }> {
  if (typeof body.Session !== 'string' || body.AccessToken) return { user: await userFromAccessToken(ctx, body) };
  const session = await signInSession(ctx.db, body.Session, 'MFA_SETUP');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, session.userId));
  if (!user) throw errors.userNotFound();
  return { user, session };
}

const associateSoftwareToken: Operation = async (ctx, body) => {
  const { user, session } = await setupSubject(ctx, body);
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  return { SecretCode: secret, ...(session ? { Session: body.Session } : {}) };
};

const verifySoftwareToken: Operation = async (ctx, body) => {
  const { user, session } = await setupSubject(ctx, body);
  const pending = user.totpPendingSecret;
  if (!pending) throw errors.invalidParameter('Software token has not been associated');
  const step = matchingStep(pending, str(body, 'UserCode'));
  if (step === null) throw errors.softwareTokenMismatch();
  await ctx.db
    .update(users)
    .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
    .where(eq(users.id, user.id));
  if (session) await updateSessionState(ctx.db, session, { totpVerified: 'true' });
  return { Status: 'SUCCESS', ...(session ? { Session: body.Session } : {}) };
};

interface MfaSetting {
  Enabled?: boolean;
  PreferredMfa?: boolean;
}

function setting(body: Body, key: string): MfaSetting | undefined {
  const value = body[key];
  return value && typeof value === 'object' ? (value as MfaSetting) : undefined;
}

/**
 * SetUserMFAPreference: turning on the authenticator needs a verified one; SMS needs a verified phone. Turning one
 * on as preferred makes the other not preferred.
 */
const setUserMfaPreference: Operation = async (ctx, body) => {
  const user = await userFromAccessToken(ctx, body);
  const totp = setting(body, 'SoftwareTokenMfaSettings');
  const sms = setting(body, 'SMSMfaSettings');
  let { totpEnabled, smsMfaEnabled, preferredMfa } = user;
  if (totp?.Enabled !== undefined) {
    if (totp.Enabled && !user.totpSecret) throw errors.softwareTokenNotVerified();
    totpEnabled = totp.Enabled;
  }
  if (sms?.Enabled !== undefined) {
    if (sms.Enabled && !(user.phoneNumber && user.phoneNumberVerified)) throw errors.noSmsDeliveryConfig();
    smsMfaEnabled = sms.Enabled;
  }
  if (totp?.PreferredMfa) preferredMfa = 'SOFTWARE_TOKEN_MFA';
  else if (sms?.PreferredMfa) preferredMfa = 'SMS_MFA';
  else if (totp?.PreferredMfa === false && preferredMfa === 'SOFTWARE_TOKEN_MFA') preferredMfa = null;
  else if (sms?.PreferredMfa === false && preferredMfa === 'SMS_MFA') preferredMfa = null;
  if ((preferredMfa === 'SOFTWARE_TOKEN_MFA' && !totpEnabled) || (preferredMfa === 'SMS_MFA' && !smsMfaEnabled)) {
    preferredMfa = null;
  }
  await ctx.db.update(users).set({ totpEnabled, smsMfaEnabled, preferredMfa }).where(eq(users.id, user.id));
  return {};
};

export const mfaOperations: Record<string, Operation> = {
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMfaPreference,
};
