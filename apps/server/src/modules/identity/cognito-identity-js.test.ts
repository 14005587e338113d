import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AuthenticationDetails,
  type CognitoUserSession,
  type IAuthenticationCallback,
} from 'amazon-cognito-identity-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { advanceClock, nowMs, resetClock } from '../../clock';
import { cognitoUser, MemoryStorage } from '../../test/cognito-client';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { devices, users } from './schema';
import { createConfirmedUser } from './users';
import { LOCK_MS, MAX_FAILED_ATTEMPTS } from './lockout';

const PASSWORD = 'Certa#Senha1';

type Outcome = { step: 'DONE'; session: CognitoUserSession } | { step: 'TOTP' | 'SMS' };

function outcome(resolve: (o: Outcome) => void, reject: (e: unknown) => void): IAuthenticationCallback {
  return {
    onSuccess: (session) => resolve({ step: 'DONE', session }),
    onFailure: reject,
    totpRequired: () => resolve({ step: 'TOTP' }),
    mfaRequired: () => resolve({ step: 'SMS' }),
  };
}

/** One sign-in attempt with the client, in a browser whose storage is `storage`. */
function startSignIn(h: IdentityHarness, storage: MemoryStorage, username: string) {
  const user = cognitoUser(h.url, username, storage);
  return {
    user,
    password: (password: string) =>
      new Promise<Outcome>((resolve, reject) =>
        user.authenticateUser(
          new AuthenticationDetails({ Username: username, Password: password }),
          outcome(resolve, reject),
        ),
      ),
    totp: (code: string) =>
      new Promise<Outcome>((resolve, reject) => user.sendMFACode(code, outcome(resolve, reject), 'SOFTWARE_TOKEN_MFA')),
  };
}

/** The session's access token claims, asserting the client ended the sign-in with real tokens. */
function accessClaims(result: Outcome) {
  if (result.step !== 'DONE') throw new Error(`sign-in stopped at ${result.step}`);
  const token = result.session.getAccessToken().getJwtToken();
  expect(token).toEqual(expect.any(String));
  return decodeJwt(token);
}

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('the amazon-cognito-identity-js client', () => {
  let h: IdentityHarness;
  const totp = new TOTP({ secret: new Secret({ size: 20 }) });
  /** A code from a later time step each call: a code is good once, and the server allows one step of drift. */
  let step = 0;
  const nextCode = () => totp.generate({ timestamp: Date.now() + 30_000 * step++ });

  async function userWithTotp(username: string) {
    const user = await createConfirmedUser(h.database.db, {
      username,
      password: PASSWORD,
      name: username,
      email: `${username}@example.com`,
    });
    await h.database.db
      .update(users)
      .set({ totpSecret: totp.secret.base32, totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' })
      .where(eq(users.id, user.id));
    return user;
  }

  beforeAll(async () => {
    h = await startIdentityHarness();
  });
  afterAll(() => h?.stop());
  afterEach(resetClock);

  it('signs in on a known device that is not remembered: the code first, the device proof after it', async () => {
    const browser = new MemoryStorage();
    await userWithTotp('carla');

    // A new device: password, code, tokens; the client confirms the device (not remembered).
    step = 0;
    const first = startSignIn(h, browser, 'carla');
    expect(await first.password(PASSWORD)).toEqual({ step: 'TOTP' });
    const firstClaims = accessClaims(await first.totp(nextCode()));
    const [device] = await h.database.db
      .select()
      .from(devices)
      .where(eq(devices.key, String(firstClaims.device_key)));
    expect(device?.srpVerifier).toBeTruthy();
    expect(device?.remembered).toBe(false);
    first.user.signOut();

    // The same browser again: the device is known but not remembered, so the code is asked for, and the sign-in
    // ends with tokens for that device.
    step = 1;
    const second = startSignIn(h, browser, 'carla');
    expect(await second.password(PASSWORD)).toEqual({ step: 'TOTP' });
    expect(accessClaims(await second.totp(nextCode())).device_key).toBe(device?.key);

    // Remembered: the password and the device's proof are enough.
    await new Promise<void>((resolve, reject) =>
      second.user.setDeviceStatusRemembered({ onSuccess: () => resolve(), onFailure: reject }),
    );
    second.user.signOut();
    const third = startSignIn(h, browser, 'carla');
    expect(accessClaims(await third.password(PASSWORD)).device_key).toBe(device?.key);
  });

  it('locks the second factor after repeated wrong codes across fresh sign-ins, even for the right code', async () => {
    await userWithTotp('otavio');
    // A sign-in left waiting at the code step, to be finished once the guessing has locked the account.
    const waiting = startSignIn(h, new MemoryStorage(), 'otavio');
    expect(await waiting.password(PASSWORD)).toEqual({ step: 'TOTP' });

    const right = totp.generate();
    for (let i = 1; i <= MAX_FAILED_ATTEMPTS; i++) {
      const guess = startSignIn(h, new MemoryStorage(), 'otavio');
      expect(await guess.password(PASSWORD)).toEqual({ step: 'TOTP' });
      await expect(guess.totp(wrongCode(right))).rejects.toMatchObject(
        i < MAX_FAILED_ATTEMPTS
          ? { name: 'CodeMismatchException' }
          : { name: 'NotAuthorizedException', message: 'Password attempts exceeded' },
      );
    }

    await expect(waiting.totp(right)).rejects.toMatchObject({ message: 'Password attempts exceeded' });
    await expect(startSignIn(h, new MemoryStorage(), 'otavio').password(PASSWORD)).rejects.toMatchObject({
      message: 'Password attempts exceeded',
    });

    // When the lock's 15 minutes end, the right code (of the server's time then) goes through again.
    advanceClock(LOCK_MS);
    const after = startSignIn(h, new MemoryStorage(), 'otavio');
    expect(await after.password(PASSWORD)).toEqual({ step: 'TOTP' });
    expect(accessClaims(await after.totp(totp.generate({ timestamp: nowMs() }))).username).toBe('otavio');
  });

  it('counts wrong current passwords in a password change toward the sign-in lock', async () => {
    await createConfirmedUser(h.database.db, {
      username: 'marta',
      password: PASSWORD,
      name: 'Marta',
      email: 'marta@example.com',
    });
    const signIn = startSignIn(h, new MemoryStorage(), 'marta');
    expect((await signIn.password(PASSWORD)).step).toBe('DONE');
    const change = (previous: string) =>
      new Promise<unknown>((resolve, reject) =>
        signIn.user.changePassword(previous, 'Nova#Senha12', (error, result) =>
          error ? reject(error) : resolve(result),
        ),
      );

    for (let i = 1; i <= MAX_FAILED_ATTEMPTS; i++) {
      await expect(change(`Errada#Senha${i}`)).rejects.toMatchObject(
        i < MAX_FAILED_ATTEMPTS ? { name: 'NotAuthorizedException' } : { name: 'LimitExceededException' },
      );
    }
    await expect(change(PASSWORD)).rejects.toMatchObject({ name: 'LimitExceededException' });
    await expect(startSignIn(h, new MemoryStorage(), 'marta').password(PASSWORD)).rejects.toMatchObject({
      message: 'Password attempts exceeded',
    });
  });
});
