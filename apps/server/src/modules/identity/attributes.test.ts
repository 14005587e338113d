import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmUserAttribute,
  fetchUserAttributes,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { createConfirmedUser } from './users';

describe('changing e-mail and phone', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
    await createConfirmedUser(h.database.db, {
      username: 'nina',
      password: 'Certa#Senha1',
      name: 'Nina',
      email: 'nina@example.com',
    });
    await signIn({ username: 'nina', password: 'Certa#Senha1' });
  });
  afterAll(async () => {
    await signOut().catch(() => undefined);
    await h?.stop();
  });

  it('keeps a new phone unverified until the SMS code is confirmed', async () => {
    const result = await updateUserAttributes({
      userAttributes: { phone_number: '+5511988887777', name: 'Nina Rocha' },
    });
    expect(result.phone_number?.nextStep).toMatchObject({
      updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'SMS', destination: '+*******7777' },
    });
    expect(result.name?.isUpdated).toBe(true);
    expect(await fetchUserAttributes()).toMatchObject({
      phone_number: '+5511988887777',
      phone_number_verified: 'false',
    });
    const code = await h.sms.codeFor('+5511988887777');
    expect(h.sms.messages.at(-1)?.authorization).toBe('Bearer token-de-teste');
    await expect(sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' })).rejects.toMatchObject({
      name: 'LimitExceededException',
    });
    await confirmUserAttribute({ userAttributeKey: 'phone_number', confirmationCode: code });
    expect(await fetchUserAttributes()).toMatchObject({ phone_number_verified: 'true', name: 'Nina Rocha' });
  });

  it('keeps a new e-mail unverified until the e-mailed code is confirmed, and refuses a wrong code', async () => {
    const result = await updateUserAttributes({ userAttributes: { email: 'nina.rocha@example.com' } });
    expect(result.email?.nextStep.codeDeliveryDetails?.deliveryMedium).toBe('EMAIL');
    expect(await fetchUserAttributes()).toMatchObject({ email: 'nina.rocha@example.com', email_verified: 'false' });
    const code = await h.mailbox.codeFor('nina.rocha@example.com');
    await expect(
      confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code === '000000' ? '111111' : '000000' }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
    expect(await fetchUserAttributes()).toMatchObject({ email_verified: 'true' });
  });

  it('refuses an e-mail that belongs to another account, and attributes that cannot change', async () => {
    await createConfirmedUser(h.database.db, {
      username: 'otavio',
      password: 'Certa#Senha1',
      name: 'Otávio',
      email: 'otavio@example.com',
    });
    await expect(updateUserAttributes({ userAttributes: { email: 'OTAVIO@example.com' } })).rejects.toMatchObject({
      name: 'UsernameExistsException',
    });
    await expect(updateUserAttributes({ userAttributes: { 'custom:role': 'admin' } })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });
});
