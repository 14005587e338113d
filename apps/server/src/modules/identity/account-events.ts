import type { Body, IdentityContext } from './request';
import { findUserByLogin } from './users';

/** A change a person made to their own account, for the event log of the organizations they belong to. */
export interface AccountChange {
  userId: string;
  action: string;
  after: Record<string, unknown> | null;
  ip: string | null;
}

export type AccountChangeListener = (change: AccountChange) => Promise<void>;

/** The operations that change an account, and the action each one is logged as. */
const ACTIONS: Record<string, string> = {
  ChangePassword: 'account.change_password',
  ConfirmForgotPassword: 'account.reset_password',
  SetUserMFAPreference: 'account.mfa_preference',
  VerifySoftwareToken: 'account.authenticator',
  UpdateUserAttributes: 'account.update_attributes',
  VerifyUserAttribute: 'account.verify_attribute',
  UpdateDeviceStatus: 'account.device_status',
  ForgetDevice: 'account.forget_device',
  GlobalSignOut: 'account.sign_out_everywhere',
};

export function accountActionOf(operation: string, body: Body): string | null {
  if (operation === 'RespondToAuthChallenge') {
    return body.ChallengeName === 'NEW_PASSWORD_REQUIRED' ? 'account.first_password' : null;
  }
  return Object.hasOwn(ACTIONS, operation) ? (ACTIONS[operation] ?? null) : null;
}

/**
 * Who is changing their account, read before the operation runs (a global sign-out revokes the very token that
 * names them). Null when the request does not say; the operation itself then refuses it.
 */
export async function accountActor(ctx: IdentityContext, body: Body): Promise<string | null> {
  try {
    if (typeof body.AccessToken === 'string') return (await ctx.verifyAccessToken(body.AccessToken)).userId;
    const responses = body.ChallengeResponses as Record<string, unknown> | undefined;
    const login = typeof body.Username === 'string' ? body.Username : responses?.USERNAME;
    if (typeof login === 'string') return (await findUserByLogin(ctx.db, login))?.id ?? null;
  } catch {
    // An invalid token: the operation will answer NotAuthorizedException and nothing is logged.
  }
  return null;
}

/** What the log shows of the change: which attributes, which factors; never a password, code or secret. */
export function accountChangeDetails(operation: string, body: Body): Record<string, unknown> | null {
  if (operation === 'UpdateUserAttributes' && Array.isArray(body.UserAttributes)) {
    return { attributes: body.UserAttributes.map((a: { Name?: unknown }) => String(a.Name)) };
  }
  if (operation === 'VerifyUserAttribute') return { attribute: body.AttributeName ?? null };
  if (operation === 'SetUserMFAPreference') {
    const state = (setting: unknown) => {
      const s = setting as { Enabled?: boolean } | undefined;
      return s === undefined ? undefined : Boolean(s.Enabled);
    };
    return { sms: state(body.SMSMfaSettings), totp: state(body.SoftwareTokenMfaSettings) };
  }
  if (operation === 'UpdateDeviceStatus') return { remembered: body.DeviceRememberedStatus === 'remembered' };
  return null;
}
