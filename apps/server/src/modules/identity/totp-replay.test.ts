import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { checkTotpCode } from './mfa';
import { users } from './schema';
import { createConfirmedUser } from './users';

describe('an authenticator code is good once', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('lets in only one of two sign-ins that send the same code at once', async () => {
    const secret = new Secret().base32;
    const { id } = await createConfirmedUser(database.db, {
      username: 'replay',
      password: 'Certa#Senha1',
      name: 'Replay',
      email: 'replay@example.com',
    });
    await database.db.update(users).set({ totpSecret: secret, totpEnabled: true }).where(eq(users.id, id));
    const [user] = await database.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new Error('seed');
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

    // Both sign-ins read the account before either used the code, as two requests in flight do.
    const answers = await Promise.all([checkTotpCode(database.db, user, code), checkTotpCode(database.db, user, code)]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await checkTotpCode(database.db, user, code)).toBe(false);
  });
});
