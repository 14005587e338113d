import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmResetPassword, confirmSignUp, resendSignUpCode, resetPassword, signIn } from 'aws-amplify/auth';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { callIdentity, startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { createConfirmedUser } from './users';

const srpStart = (h: IdentityHarness, username: string) =>
  callIdentity(h.url, 'InitiateAuth', {
    ClientId: USER_POOL_CLIENT_ID,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: 'abcdef0123456789' },
  });

/** PreventUserExistenceErrors, on by default as in Cognito's new pools: the sign-in screens cannot probe accounts. */
describe('an unknown user answered as a known one', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
    await createConfirmedUser(h.database.db, {
      username: 'helena',
      password: 'Senha#Forte1',
      name: 'Helena',
      email: 'helena@example.com.br',
    });
  });
  afterAll(() => h?.stop());

  it('fails the sign-in of an unknown user at the password, after a first step like a real one', async () => {
    await expect(signIn({ username: 'ninguem', password: 'Senha#Forte1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    const real = await srpStart(h, 'helena');
    const first = await srpStart(h, 'ninguem');
    const again = await srpStart(h, 'ninguem');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(Object.keys(real.body).sort());
    const params = (answer: typeof first) => answer.body.ChallengeParameters as Record<string, string>;
    expect(Object.keys(params(first)).sort()).toEqual(Object.keys(params(real)).sort());
    expect(params(first)).toMatchObject({ USERNAME: 'ninguem', USER_ID_FOR_SRP: 'ninguem' });
    // A real user's salt stays the same from one attempt to the next; so does the simulated one.
    expect(params(again).SALT).toBe(params(first).SALT);
    expect(params(first).SALT).toMatch(/^[0-9a-f]{30,34}$/);
    expect(params(again).SRP_B).not.toBe(params(first).SRP_B);
    expect(String(first.body.Session).length).toBe(String(real.body.Session).length);
  });

  it('answers reset, resend and confirmation for an unknown user as for a real one, and sends nothing', async () => {
    const before = h.mailbox.messages.length;
    const reset = await resetPassword({ username: 'ninguem' });
    expect(reset.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', attributeName: 'email' },
    });
    const destination = reset.nextStep.codeDeliveryDetails.destination;
    expect(destination).toMatch(/^n\*\*\*@[a-z.]+\.[a-z]+$/);
    expect((await resetPassword({ username: 'ninguem' })).nextStep.codeDeliveryDetails.destination).toBe(destination);
    expect((await resetPassword({ username: 'Quem@Empresa.test' })).nextStep.codeDeliveryDetails).toMatchObject({
      destination: 'q***@empresa.test',
    });
    await expect(
      confirmResetPassword({ username: 'ninguem', confirmationCode: '123456', newPassword: 'Nova#Senha22' }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    // A weak password is refused before the user is looked up, as it is for a real one.
    await expect(
      confirmResetPassword({ username: 'ninguem', confirmationCode: '123456', newPassword: 'fraca' }),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });

    const resent = await resendSignUpCode({ username: 'ninguem' });
    expect(resent).toMatchObject({ deliveryMedium: 'EMAIL', destination });
    await expect(confirmSignUp({ username: 'ninguem', confirmationCode: '123456' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    // The requests were answered: anything they queued is delivered by the drain, so nothing more can arrive.
    await h.drainOutbox();
    expect(h.mailbox.messages.length).toBe(before);
  });

  it('tells that a user does not exist when PREVENT_USER_EXISTENCE_ERRORS is false', async () => {
    const legacy = await startIdentityHarness({ PREVENT_USER_EXISTENCE_ERRORS: 'false' });
    try {
      expect((await srpStart(legacy, 'ninguem')).body.__type).toBe('UserNotFoundException');
      const reset = await callIdentity(legacy.url, 'ForgotPassword', {
        ClientId: USER_POOL_CLIENT_ID,
        Username: 'ninguem',
      });
      expect(reset.body.__type).toBe('UserNotFoundException');
      const confirm = await callIdentity(legacy.url, 'ConfirmSignUp', {
        ClientId: USER_POOL_CLIENT_ID,
        Username: 'ninguem',
        ConfirmationCode: '123456',
      });
      expect(confirm.body.__type).toBe('UserNotFoundException');
    } finally {
      await legacy.stop();
    }
  });
});
