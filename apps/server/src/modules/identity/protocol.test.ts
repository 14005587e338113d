import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { createConfirmedUser } from './users';
import { users } from './schema';
import { issueSession } from './tokens';

/** The wire protocol where Amplify does not reach it directly: REFRESH_TOKEN_AUTH, RevokeToken, errors. */
describe('identity wire protocol', () => {
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

  async function call(operation: string, body: object) {
    const response = await fetch(`${h.url}/identity/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('refreshes with REFRESH_TOKEN_AUTH until the refresh token is revoked', async () => {
    const [user] = await h.database.db.select().from(users).where(eq(users.username, 'helena'));
    if (!user) throw new Error('seed');
    const { RefreshToken } = await issueSession(h.database.db, h.env, user, null);
    const refreshed = await call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: USER_POOL_CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });

    expect((await call('RevokeToken', { ClientId: USER_POOL_CLIENT_ID, Token: RefreshToken })).status).toBe(200);
    const after = await call('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: USER_POOL_CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: RefreshToken },
    });
    expect(after).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
  });

  it('answers an unknown client, an unknown operation and a weak password with Cognito errors', async () => {
    expect(
      await call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: 'outro', AuthParameters: {} }),
    ).toMatchObject({
      status: 400,
      body: { __type: 'ResourceNotFoundException' },
    });
    expect((await call('DeleteEverything', {})).body.__type).toBe('UnknownOperationException');
    const weak = await call('SignUp', {
      ClientId: USER_POOL_CLIENT_ID,
      Username: 'fraca',
      Password: 'abc',
      UserAttributes: [],
    });
    expect(weak).toMatchObject({ status: 400, body: { __type: 'InvalidPasswordException' } });
    const [created] = await h.database.db.select().from(users).where(eq(users.username, 'fraca'));
    expect(created).toBeUndefined();
  });

  it('sends nothing and creates no account when the e-mail is already taken', async () => {
    const before = h.mailbox.messages.length;
    const taken = await call('SignUp', {
      ClientId: USER_POOL_CLIENT_ID,
      Username: 'helena2',
      Password: 'Senha#Forte1',
      UserAttributes: [{ Name: 'email', Value: 'HELENA@example.com.br' }],
    });
    expect(taken.body).toMatchObject({
      __type: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
    await new Promise((r) => setTimeout(r, 700));
    expect(h.mailbox.messages.length).toBe(before);
  });
});
