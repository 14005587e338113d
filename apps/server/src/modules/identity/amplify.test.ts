import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  autoSignIn,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  confirmResetPassword,
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { advanceClock, resetClock } from '../../clock';
import { RESEND_INTERVAL_MS } from './codes';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createAccessTokenVerifier, createConfirmedUser } from './index';
import { users } from './schema';
import { issueSession } from './tokens';

describe('identity service driven by the official Amplify client', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
  });

  afterAll(() => h?.stop());
  // The authenticator codes below are made by this process's own clock.
  afterEach(() => resetClock());

  it('sends a new sign-up code 120 seconds after the last one, not sooner', async () => {
    const email = 'caio@example.com.br';
    await signUp({ username: 'caio.reis', password: 'Senha#Forte1', options: { userAttributes: { email } } });
    const first = await h.mailbox.codeFor(email);
    // Half a minute short of the interval (what the sign-up itself took is well under that).
    advanceClock(RESEND_INTERVAL_MS - 30_000);
    await expect(resendSignUpCode({ username: 'caio.reis' })).rejects.toMatchObject({ name: 'LimitExceededException' });
    await h.drainOutbox();
    expect(h.mailbox.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    advanceClock(30_000);
    await expect(resendSignUpCode({ username: 'caio.reis' })).resolves.toMatchObject({ deliveryMedium: 'EMAIL' });
    await h.drainOutbox();
    expect(h.mailbox.messages.filter((m) => m.to.includes(email))).toHaveLength(2);
    // The newer code confirms the account; the first one stopped working when it was sent.
    const second = await h.mailbox.codeFor(email);
    if (second !== first) {
      await expect(confirmSignUp({ username: 'caio.reis', confirmationCode: first })).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    await expect(confirmSignUp({ username: 'caio.reis', confirmationCode: second })).resolves.toMatchObject({
      isSignUpComplete: true,
    });
  });

  it('signs up, confirms with the e-mailed code, signs in automatically, refreshes and signs out everywhere', async () => {
    const verify = createAccessTokenVerifier(h.database.db, h.env);
    const result = await signUp({
      username: 'ana.lima',
      password: 'Senha#Forte1',
      options: { userAttributes: { email: 'ana@example.com.br', name: 'Ana Lima', locale: 'pt-BR' }, autoSignIn: true },
    });
    expect(result.nextStep).toMatchObject({
      signUpStep: 'CONFIRM_SIGN_UP',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'a***@example.com.br', attributeName: 'email' },
    });

    await expect(resendSignUpCode({ username: 'ana.lima' })).rejects.toMatchObject({ name: 'LimitExceededException' });

    const code = await h.mailbox.codeFor('ana@example.com.br');
    const confirmed = await confirmSignUp({ username: 'ana.lima', confirmationCode: code });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    const signedIn = await autoSignIn();
    expect(signedIn.nextStep.signInStep).toBe('DONE');
    expect((await getCurrentUser()).username).toBe('ana.lima');

    const first = await fetchAuthSession();
    const access = first.tokens?.accessToken.toString() ?? '';
    expect(first.tokens?.idToken?.payload).toMatchObject({
      'cognito:username': 'ana.lima',
      email: 'ana@example.com.br',
    });
    await expect(verify(access)).resolves.toMatchObject({ username: 'ana.lima' });

    // A token is stamped to the second: a second later by the server's clock, the refreshed one differs.
    advanceClock(1000);
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    const refreshedAccess = refreshed.tokens?.accessToken.toString() ?? '';
    expect(refreshedAccess).not.toBe(access);
    await expect(verify(refreshedAccess)).resolves.toMatchObject({ username: 'ana.lima' });

    await signOut({ global: true });
    await expect(verify(access)).rejects.toThrow();
    await expect(verify(refreshedAccess)).rejects.toThrow();
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it('refuses a wrong password, an unknown user and an unconfirmed user with Cognito errors', async () => {
    await createConfirmedUser(h.database.db, {
      username: 'bruno',
      password: 'Senha#Forte1',
      name: 'Bruno',
      email: 'bruno@example.com.br',
    });
    await expect(signIn({ username: 'bruno', password: 'Errada#123' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    // PreventUserExistenceErrors (on by default): an unknown user is answered as a wrong password.
    await expect(signIn({ username: 'ninguem', password: 'Senha#Forte1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await signUp({
      username: 'carla',
      password: 'Senha#Forte1',
      options: { userAttributes: { email: 'carla@example.com.br' } },
    });
    // Amplify turns the server's UserNotConfirmedException into the CONFIRM_SIGN_UP step.
    await expect(signIn({ username: 'carla', password: 'Senha#Forte1' })).resolves.toMatchObject({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_UP' },
    });
  });

  it('signs in with the e-mail as well as the username, and refuses a second account for one e-mail', async () => {
    const out = await signIn({ username: 'BRUNO@example.com.br', password: 'Senha#Forte1' });
    expect(out.nextStep.signInStep).toBe('DONE');
    await signOut();
    await expect(
      signUp({
        username: 'bruno2',
        password: 'Senha#Forte1',
        options: { userAttributes: { email: 'bruno@example.com.br' } },
      }),
    ).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('refuses a wrong confirmation code', async () => {
    await signUp({
      username: 'diego',
      password: 'Senha#Forte1',
      options: { userAttributes: { email: 'diego@example.com.br' } },
    });
    await h.mailbox.codeFor('diego@example.com.br');
    await expect(confirmSignUp({ username: 'diego', confirmationCode: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  });

  it('publishes the signing keys as JWKS', async () => {
    const response = await fetch(`${h.url}/identity/.well-known/jwks.json`);
    const body = (await response.json()) as { keys: { kty: string; alg: string; kid: string }[] };
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  });

  it('resets a forgotten password with an e-mailed code, ending the sessions of the old one', async () => {
    const ivo = await createConfirmedUser(h.database.db, {
      username: 'ivo',
      password: 'Antiga#Senha1',
      name: 'Ivo Prado',
      email: 'ivo@example.com.br',
    });
    const [row] = await h.database.db.select().from(users).where(eq(users.id, ivo.id));
    if (!row) throw new Error('seed');
    const oldSession = await issueSession(h.database.db, h.env, row, null);
    const verify = createAccessTokenVerifier(h.database.db, h.env);
    await expect(verify(oldSession.AccessToken)).resolves.toMatchObject({ username: 'ivo' });
    const started = await resetPassword({ username: 'ivo' });
    expect(started.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', destination: 'i***@example.com.br' },
    });
    const code = await h.mailbox.codeFor('ivo@example.com.br');
    await expect(
      confirmResetPassword({ username: 'ivo', confirmationCode: '000000', newPassword: 'Nova#Senha22' }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await confirmResetPassword({ username: 'ivo', confirmationCode: code, newPassword: 'Nova#Senha22' });
    await expect(verify(oldSession.AccessToken)).rejects.toThrow();
    await expect(signIn({ username: 'ivo', password: 'Antiga#Senha1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: 'ivo', password: 'Nova#Senha22' })).nextStep.signInStep).toBe('DONE');
    await signOut();
  });

  it('changes the password only with the current one', async () => {
    await createConfirmedUser(h.database.db, {
      username: 'julia',
      password: 'Antiga#Senha1',
      name: 'Júlia',
      email: 'julia@example.com.br',
    });
    await signIn({ username: 'julia', password: 'Antiga#Senha1' });
    await expect(updatePassword({ oldPassword: 'Errada#Senha1', newPassword: 'Nova#Senha22' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(updatePassword({ oldPassword: 'Antiga#Senha1', newPassword: 'fraca' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    await updatePassword({ oldPassword: 'Antiga#Senha1', newPassword: 'Nova#Senha22' });
    await signOut();
    expect((await signIn({ username: 'julia', password: 'Nova#Senha22' })).nextStep.signInStep).toBe('DONE');
    await signOut();
  });

  it('sets up an authenticator app, then asks for its code at sign-in, once per code', async () => {
    await createConfirmedUser(h.database.db, {
      username: 'marcos',
      password: 'Certa#Senha1',
      name: 'Marcos',
      email: 'marcos@example.com.br',
    });
    await signIn({ username: 'marcos', password: 'Certa#Senha1' });
    await expect(updateMFAPreference({ totp: 'PREFERRED' })).rejects.toMatchObject({
      message: 'User has not verified software token mfa',
    });
    const setup = await setUpTOTP();
    expect(setup.getSetupUri('Financeiro').toString()).toMatch(/^otpauth:\/\/totp\/Financeiro:.*marcos.*secret=/);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.sharedSecret), digits: 6, period: 30 });
    await expect(verifyTOTPSetup({ code: '000000' })).rejects.toMatchObject({
      name: 'EnableSoftwareTokenMFAException',
    });
    await verifyTOTPSetup({ code: totp.generate() });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    const first = await signIn({ username: 'marcos', password: 'Certa#Senha1' });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(confirmSignIn({ challengeResponse: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    // The setup used the current time step, so sign-in takes the next one (accepted for clock drift).
    const code = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await confirmSignIn({ challengeResponse: code })).nextStep.signInStep).toBe('DONE');
    await signOut();

    await signIn({ username: 'marcos', password: 'Certa#Senha1' });
    await expect(confirmSignIn({ challengeResponse: code })).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });
});
