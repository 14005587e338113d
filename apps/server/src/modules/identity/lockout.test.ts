import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../clock';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { errors } from './errors';
import { checkGuess, LOCK_MS, MAX_FAILED_ATTEMPTS } from './lockout';
import { users } from './schema';
import { createConfirmedUser, type User } from './users';

const refuse = { wrong: errors.wrongPassword, locked: errors.attemptsExceeded };

describe('checkGuess', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  afterEach(resetClock);

  async function freshUser(username: string): Promise<User> {
    const { id } = await createConfirmedUser(database.db, {
      username,
      password: 'Certa#Senha1',
      name: username,
      email: `${username}@example.com`,
    });
    const [user] = await database.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new Error('seed');
    return user;
  }

  it('checks no more than the allowed guesses sent at once, and locks the account', async () => {
    const user = await freshUser('paralela');
    let checked = 0;
    const wrong = async () => {
      checked++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return false;
    };
    const answers = await Promise.allSettled(
      Array.from({ length: 3 * MAX_FAILED_ATTEMPTS }, () => checkGuess(database.db, user, 'password', wrong, refuse)),
    );
    const messages = answers.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : 'accepted'));
    expect(checked).toBeLessThanOrEqual(MAX_FAILED_ATTEMPTS);
    expect(messages.filter((m) => m === 'Incorrect username or password.')).toHaveLength(MAX_FAILED_ATTEMPTS - 1);
    expect(messages.filter((m) => m === 'Password attempts exceeded')).toHaveLength(2 * MAX_FAILED_ATTEMPTS + 1);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it('takes the right answer as the last guess allowed, leaving no lock', async () => {
    const user = await freshUser('ultima');
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
      await expect(checkGuess(database.db, user, 'secondFactor', () => false, refuse)).rejects.toThrow();
    }
    await checkGuess(database.db, user, 'secondFactor', () => true, refuse);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ failedMfaCodes: 0, lockedUntil: null });
  });

  it('leaves a lock that ends, not a count stuck past the limit, when the last check fails', async () => {
    const user = await freshUser('falha');
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) {
      await expect(checkGuess(database.db, user, 'secondFactor', () => false, refuse)).rejects.toThrow();
    }
    const broken = () => Promise.reject(new Error('database gone'));
    await expect(checkGuess(database.db, user, 'secondFactor', broken, refuse)).rejects.toThrow('database gone');
    // The lock holds for its 15 minutes (a minute before their end too); once they are over, the right code is taken again.
    advanceClock(LOCK_MS - 60_000);
    await expect(checkGuess(database.db, user, 'secondFactor', () => true, refuse)).rejects.toThrow(
      'Password attempts exceeded',
    );
    advanceClock(60_000);
    await checkGuess(database.db, user, 'secondFactor', () => true, refuse);
  });
});
