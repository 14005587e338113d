import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchDevices,
  fetchMFAPreference,
  forgetDevice,
  rememberDevice,
  signIn,
  signOut,
} from 'aws-amplify/auth';
import { Secret, TOTP } from 'otpauth';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { refreshTokens, users } from './schema';
import { createConfirmedUser } from './users';

const phone = '+5511988887777';

/** Signs in and answers the SMS code when the server asks for one; returns whether it asked. */
async function signInAnsweringSms(h: IdentityHarness, username: string, password: string): Promise<boolean> {
  const sent = h.sms.messages.length;
  const out = await signIn({ username, password });
  if (out.nextStep.signInStep === 'DONE') return false;
  expect(out.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
  const done = await confirmSignIn({ challengeResponse: await h.sms.codeFor(phone, sent) });
  expect(done.nextStep.signInStep).toBe('DONE');
  return true;
}

describe('remembered devices', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
    const user = await createConfirmedUser(h.database.db, {
      username: 'debora',
      password: 'Certa#Senha1',
      name: 'Débora',
      email: 'debora@example.com',
    });
    await h.database.db
      .update(users)
      .set({ phoneNumber: phone, phoneNumberVerified: true, smsMfaEnabled: true, preferredMfa: 'SMS_MFA' })
      .where(eq(users.id, user.id));
  });
  afterAll(async () => {
    await signOut().catch(() => undefined);
    await h?.stop();
  });

  it('asks for the second factor until the device is remembered, then skips it on that device only', async () => {
    // First sign-in: a new device, confirmed by the client but not remembered yet.
    expect(await signInAnsweringSms(h, 'debora', 'Certa#Senha1')).toBe(true);
    const [device] = await fetchDevices();
    expect(device?.id).toMatch(/^local_/);
    expect(device?.attributes['dev:device_remembered_status']).toBe('not_remembered');
    const session = await fetchAuthSession();
    expect(session.tokens?.accessToken.payload.device_key).toBe(device?.id);
    await signOut();

    // A confirmed device proves itself (DEVICE_SRP_AUTH), but without "remember" the code is still asked for.
    expect(await signInAnsweringSms(h, 'debora', 'Certa#Senha1')).toBe(true);
    await rememberDevice();
    expect((await fetchDevices()).map((d) => d.attributes['dev:device_remembered_status'])).toEqual(['remembered']);
    await signOut();

    // Remembered: the password is enough here.
    expect(await signInAnsweringSms(h, 'debora', 'Certa#Senha1')).toBe(false);
    expect(await fetchDevices()).toHaveLength(1);
    await signOut();
  });

  it('a wrong password on a remembered device is still refused', async () => {
    await expect(signIn({ username: 'debora', password: 'Errada#Senha1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('forgetting a device ends its sessions and brings the second factor back', async () => {
    expect(await signInAnsweringSms(h, 'debora', 'Certa#Senha1')).toBe(false);
    const [device] = await fetchDevices();
    if (!device) throw new Error('the device was not listed');
    const live = await h.database.db.select().from(refreshTokens).where(eq(refreshTokens.deviceKey, device.id));
    expect(live.some((t) => t.revokedAt === null)).toBe(true);

    await forgetDevice();
    const after = await h.database.db.select().from(refreshTokens).where(eq(refreshTokens.deviceKey, device.id));
    expect(after.every((t) => t.revokedAt !== null)).toBe(true);
    await signOut().catch(() => undefined);

    expect(await signInAnsweringSms(h, 'debora', 'Certa#Senha1')).toBe(true);
    const devices = await fetchDevices();
    expect(devices).toHaveLength(1);
    expect(devices[0]?.id).not.toBe(device.id);
    await signOut();
  });
});

describe('a second factor required at sign-in (MFA_SETUP)', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
    const user = await createConfirmedUser(h.database.db, {
      username: 'renato',
      password: 'Certa#Senha1',
      name: 'Renato',
      email: 'renato@example.com',
    });
    await h.database.db.update(users).set({ mfaRequired: true }).where(eq(users.id, user.id));
  });
  afterAll(async () => {
    await signOut().catch(() => undefined);
    await h?.stop();
  });

  it('makes a user without a factor set up the authenticator app before entering', async () => {
    const out = await signIn({ username: 'renato', password: 'Certa#Senha1' });
    expect(out.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
    if (out.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') return;
    const details = out.nextStep.totpSetupDetails;
    expect(details.getSetupUri('Financeiro').toString()).toMatch(/^otpauth:\/\/totp\/Financeiro:renato\?secret=/);
    const totp = new TOTP({ secret: Secret.fromBase32(details.sharedSecret) });

    // A wrong code leaves the step open; the right one finishes the sign-in with TOTP on and preferred.
    const wrong = String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
    await expect(confirmSignIn({ challengeResponse: wrong })).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    const done = await confirmSignIn({ challengeResponse: totp.generate() });
    expect(done.nextStep.signInStep).toBe('DONE');
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
  });

  it('refuses to finish the setup step without a verified code', async () => {
    const response = await fetch(`${h.url}/identity`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
      },
      body: JSON.stringify({
        ClientId: 'financeiro-web',
        ChallengeName: 'MFA_SETUP',
        Session: 'not-a-session',
        ChallengeResponses: { USERNAME: 'renato' },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'NotAuthorizedException' });
  });
});
