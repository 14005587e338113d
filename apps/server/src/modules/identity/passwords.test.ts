import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { users } from './schema';
import { createConfirmedUser, createUserWithTemporaryPassword } from './users';

describe('required password changes', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness();
  });
  afterAll(() => h?.stop());

  it('makes a user created with a temporary password choose a new one at the first sign-in', async () => {
    await createUserWithTemporaryPassword(h.database.db, {
      username: 'quenia',
      temporaryPassword: 'Temporaria#1',
      name: 'Quênia',
      email: 'q@example.com',
    });
    const first = await signIn({ username: 'quenia', password: 'Temporaria#1' });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await expect(confirmSignIn({ challengeResponse: 'fraca' })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
    // Cognito takes at most 256 characters.
    await expect(confirmSignIn({ challengeResponse: `Aa1#${'x'.repeat(253)}` })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    expect((await confirmSignIn({ challengeResponse: 'Definitiva#2' })).nextStep.signInStep).toBe('DONE');
    await signOut();
    await expect(signIn({ username: 'quenia', password: 'Temporaria#1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: 'quenia', password: 'Definitiva#2' })).nextStep.signInStep).toBe('DONE');
    await signOut();
  });

  it('sends a user whose password must be reset to the reset step', async () => {
    await createConfirmedUser(h.database.db, {
      username: 'rui',
      password: 'Certa#Senha1',
      name: 'Rui',
      email: 'r@example.com',
    });
    await h.database.db.update(users).set({ status: 'RESET_REQUIRED' }).where(eq(users.username, 'rui'));
    const out = await signIn({ username: 'rui', password: 'Certa#Senha1' });
    expect(out.nextStep.signInStep).toBe('RESET_PASSWORD');
  });
});
