import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmSignIn,
  confirmUserAttribute,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { Secret, TOTP } from 'otpauth';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { createConfirmedUser } from './users';

describe('SMS multi-factor sign-in and the choice between factors', () => {
  let h: IdentityHarness;
  const phone = '+5521977776666';

  beforeAll(async () => {
    h = await startIdentityHarness();
    await createConfirmedUser(h.database.db, {
      username: 'paulo',
      password: 'Certa#Senha1',
      name: 'Paulo',
      email: 'p@example.com',
    });
  });
  afterAll(async () => {
    await signOut().catch(() => undefined);
    await h?.stop();
  });

  it('refuses SMS with an unverified phone, then asks for the SMS code at sign-in once the phone is verified', async () => {
    await signIn({ username: 'paulo', password: 'Certa#Senha1' });
    await updateUserAttributes({ userAttributes: { phone_number: phone } });
    await expect(updateMFAPreference({ sms: 'PREFERRED' })).rejects.toMatchObject({
      message: 'User does not have delivery config set to turn on SMS_MFA',
    });
    await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: await h.sms.codeFor(phone) });
    await updateMFAPreference({ sms: 'PREFERRED' });
    await signOut();

    const sent = h.sms.messages.length;
    const out = await signIn({ username: 'paulo', password: 'Certa#Senha1' });
    expect(out.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE',
      codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******6666' },
    });
    const code = await h.sms.codeFor(phone, sent);
    await expect(confirmSignIn({ challengeResponse: code === '000000' ? '111111' : '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    expect((await confirmSignIn({ challengeResponse: code })).nextStep.signInStep).toBe('DONE');
  });

  it('lets the user choose when both factors are on and none is preferred', async () => {
    const setup = await setUpTOTP();
    const totp = new TOTP({ secret: Secret.fromBase32(setup.sharedSecret), digits: 6, period: 30 });
    await verifyTOTPSetup({ code: totp.generate() });
    await updateMFAPreference({ totp: 'ENABLED', sms: 'NOT_PREFERRED' });
    await signOut();

    const out = await signIn({ username: 'paulo', password: 'Certa#Senha1' });
    expect(out.nextStep).toMatchObject({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION' });
    const sent = h.sms.messages.length;
    const chosen = await confirmSignIn({ challengeResponse: 'SMS' });
    expect(chosen.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_SMS_CODE');
    const code = await h.sms.codeFor(phone, sent);
    expect((await confirmSignIn({ challengeResponse: code })).nextStep.signInStep).toBe('DONE');
  });
});
