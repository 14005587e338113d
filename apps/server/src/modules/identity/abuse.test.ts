import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signOut } from 'aws-amplify/auth';
import { eq } from 'drizzle-orm';
import { advanceClock, resetClock } from '../../clock';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { createConfirmedUser } from './users';
import { users } from './schema';
import { LOCK_MS, MAX_FAILED_ATTEMPTS } from './lockout';

describe('sign-in abuse and refusal', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    h = await startIdentityHarness({ IDENTITY_RATE_LIMIT: '40' });
    await createConfirmedUser(h.database.db, {
      username: 'karina',
      password: 'Certa#Senha1',
      name: 'Karina',
      email: 'k@example.com',
    });
    await createConfirmedUser(h.database.db, {
      username: 'lucas',
      password: 'Certa#Senha1',
      name: 'Lucas',
      email: 'l@example.com',
    });
  });
  afterAll(() => h?.stop());
  afterEach(resetClock);

  it('locks sign-in after repeated wrong passwords, even for the right one, and a success resets the count', async () => {
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
      await expect(signIn({ username: 'karina', password: 'Errada#1' })).rejects.toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    await expect(signIn({ username: 'karina', password: 'Errada#1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    await expect(signIn({ username: 'karina', password: 'Certa#Senha1' })).rejects.toMatchObject({
      message: 'Password attempts exceeded',
    });
    // A minute before the lock's 15 minutes end it still holds; once they have passed, the right password works and clears the count.
    advanceClock(LOCK_MS - 60_000);
    await expect(signIn({ username: 'karina', password: 'Certa#Senha1' })).rejects.toMatchObject({
      message: 'Password attempts exceeded',
    });
    advanceClock(60_000);
    expect((await signIn({ username: 'karina', password: 'Certa#Senha1' })).nextStep.signInStep).toBe('DONE');
    await signOut();
    const [row] = await h.database.db.select().from(users).where(eq(users.username, 'karina'));
    expect(row).toMatchObject({ failedSignIns: 0, lockedUntil: null });
  });

  it('tells a disabled user the account is suspended', async () => {
    await h.database.db.update(users).set({ enabled: false }).where(eq(users.username, 'lucas'));
    await expect(signIn({ username: 'lucas', password: 'Certa#Senha1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
  });

  it('limits requests per address with TooManyRequestsException', async () => {
    let last: { status: number; body: { __type?: string } } = { status: 0, body: {} };
    for (let i = 0; i < 45 && last.status !== 400; i++) {
      const response = await fetch(`${h.url}/identity`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
        },
        body: JSON.stringify({ AccessToken: 'x' }),
      });
      const body = (await response.json()) as { __type?: string };
      if (body.__type === 'TooManyRequestsException') last = { status: response.status, body };
    }
    expect(last).toMatchObject({ status: 400, body: { __type: 'TooManyRequestsException' } });
  });
});
