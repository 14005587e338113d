import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { users } from './schema';
import { continueSession, endSession, openChallenge, signInSession } from './sign-in-sessions';
import { createConfirmedUser, type User } from './users';

/** The same step answered twice at once, as a double submit or a replay sends it: only one answer goes on. */
describe('a sign-in step answered twice at once', () => {
  let database: Database;
  let user: User;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { id } = await createConfirmedUser(database.db, {
      username: 'dupla',
      password: 'Certa#Senha1',
      name: 'Dupla',
      email: 'dupla@example.com',
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('seed');
    user = row;
  });
  afterAll(() => database?.close());

  async function twice(challenge: string) {
    const token = await openChallenge(database.db, user, challenge, {});
    return Promise.all([signInSession(database.db, token, challenge), signInSession(database.db, token, challenge)]);
  }

  it('ends the session for one of them only', async () => {
    const [first, second] = await twice('PASSWORD_VERIFIER');
    const ended = await Promise.allSettled([endSession(database.db, first), endSession(database.db, second)]);
    expect(ended.map((e) => e.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(ended.find((e) => e.status === 'rejected')).toMatchObject({ reason: { type: 'NotAuthorizedException' } });
  });

  it('moves the session on to its next step for one of them only', async () => {
    const [first, second] = await twice('SMS_MFA');
    const moved = await Promise.allSettled([
      continueSession(database.db, first, 'DEVICE_SRP_AUTH', {}),
      continueSession(database.db, second, 'DEVICE_SRP_AUTH', {}),
    ]);
    expect(moved.map((m) => m.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
