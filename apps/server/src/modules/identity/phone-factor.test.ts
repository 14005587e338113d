import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmSignIn,
  fetchMFAPreference,
  fetchUserAttributes,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { users } from './schema';
import { createConfirmedUser } from './users';

const PASSWORD = 'Certa#Senha1';

/** The phone number and the second factors (SMS and the authenticator app), against the real Amplify client. */
describe('the phone number and the second factor', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
  });
  afterEach(async () => {
    await signOut().catch(() => undefined);
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** An account whose only second factor is SMS to a verified phone, signed in through that factor. */
  async function signedInWithSmsOnly(username: string, phone: string, mfaRequired: boolean): Promise<void> {
    const { id } = await createConfirmedUser(h.database.db, {
      username,
      password: PASSWORD,
      name: username,
      email: `${username}@example.com`,
      phoneNumber: phone,
      mfaRequired,
    });
    await h.database.db
      .update(users)
      .set({ phoneNumberVerified: true, smsMfaEnabled: true, preferredMfa: 'SMS_MFA' })
      .where(eq(users.id, id));
    const sent = h.sms.messages.length;
    const out = await signIn({ username, password: PASSWORD });
    expect(out.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    await confirmSignIn({ challengeResponse: await h.sms.codeFor(phone, sent) });
  }

  it('refuses to change the phone of an account that requires a second factor and has only SMS', async () => {
    const phone = '+5511955554444';
    await signedInWithSmsOnly('regina', phone, true);
    await expect(updateUserAttributes({ userAttributes: { phone_number: '+5511900001111' } })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringMatching(/only second factor/),
    });
    expect(await fetchUserAttributes()).toMatchObject({ phone_number: phone, phone_number_verified: 'true' });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['SMS'], preferred: 'SMS' });
    await signOut();

    // The account still asks for, and still reaches, its factor.
    const sent = h.sms.messages.length;
    const again = await signIn({ username: 'regina', password: PASSWORD });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const code = await h.sms.codeFor(phone, sent);
    expect((await confirmSignIn({ challengeResponse: code })).nextStep.signInStep).toBe('DONE');
  });

  it('refuses it too when the user chose SMS as the only factor, rather than switching the factor off', async () => {
    await signedInWithSmsOnly('sergio', '+5511955553333', false);
    await expect(updateUserAttributes({ userAttributes: { phone_number: '+5511900002222' } })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['SMS'] });
  });

  it('changes the phone when the authenticator app remains, which then becomes the factor asked', async () => {
    await signedInWithSmsOnly('tereza', '+5511955552222', true);
    const setup = await setUpTOTP();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.sharedSecret), digits: 6, period: 30 });
    await verifyTOTPSetup({ code: totp.generate() });
    await updateMFAPreference({ totp: 'ENABLED' });

    await updateUserAttributes({ userAttributes: { phone_number: '+5511900003333' } });
    expect(await fetchUserAttributes()).toMatchObject({
      phone_number: '+5511900003333',
      phone_number_verified: 'false',
    });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();
    const out = await signIn({ username: 'tereza', password: PASSWORD });
    expect(out.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });

  it('turns the authenticator back on without a new secret once it was set up', async () => {
    const { id } = await createConfirmedUser(h.database.db, {
      username: 'ulisses',
      password: PASSWORD,
      name: 'Ulisses',
      email: 'ulisses@example.com',
    });
    await signIn({ username: 'ulisses', password: PASSWORD });
    const setup = await setUpTOTP();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.sharedSecret), digits: 6, period: 30 });
    await verifyTOTPSetup({ code: totp.generate() });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await updateMFAPreference({ totp: 'DISABLED' });
    expect((await fetchMFAPreference()).enabled ?? []).toEqual([]);

    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.totpSecret).toBe(setup.sharedSecret);
  });
});
