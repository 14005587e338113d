import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { advanceClock, resetClock } from '../../clock';
import { callIdentity, startIdentityHarness, type IdentityHarness } from '../../test/identity-server';
import { v7 as uuidv7 } from 'uuid';
import { eventLog } from '../audit/schema';
import { memberships, organizations, profiles } from '../tenancy/schema';
import { createConfirmedUser } from './users';
import { users } from './schema';
import { issueSession } from './tokens';

/** What a database error would put in an answer: none of it may reach a client. */
const SQL_TEXT = /select .* from|insert into|syntax error|relation "|violates|postgres|pglite|invalid byte sequence/i;

/** The wire protocol where Amplify does not reach it directly: REFRESH_TOKEN_AUTH, RevokeToken, errors. */
describe('identity wire protocol', () => {
  let h: IdentityHarness;

  beforeAll(async () => {
    // The malformed-input matrix below sends a few hundred requests from one address.
    h = await startIdentityHarness({ IDENTITY_RATE_LIMIT: '5000' });
    await createConfirmedUser(h.database.db, {
      username: 'helena',
      password: 'Senha#Forte1',
      name: 'Helena',
      email: 'helena@example.com.br',
    });
  });
  afterAll(() => h?.stop());
  afterEach(resetClock);

  /** A request as it is, in the content type given; `call` sends an object as JSON. */
  const send = (operation: string, body: string, contentType = 'application/x-amz-json-1.1') =>
    callIdentity(h.url, operation, body, { 'content-type': contentType });
  const call = (operation: string, body: object) => callIdentity(h.url, operation, body);

  async function accessTokenOf(username: string): Promise<string> {
    const [user] = await h.database.db.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error('seed');
    return (await issueSession(h.database.db, h.env, user, null)).AccessToken;
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

  it('refuses an access token past its hour and the 5 seconds of skew, and a refresh token past its 30 days', async () => {
    const [user] = await h.database.db.select().from(users).where(eq(users.username, 'helena'));
    if (!user) throw new Error('seed');
    const { AccessToken, RefreshToken } = await issueSession(h.database.db, h.env, user, null);
    const getUser = () => call('GetUser', { AccessToken });
    const refresh = () =>
      call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: USER_POOL_CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: RefreshToken },
      });

    advanceClock(3600_000 - 60_000);
    expect((await getUser()).status).toBe(200);
    advanceClock(60_000 + 6_000);
    expect(await getUser()).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect((await refresh()).status).toBe(200);

    advanceClock(30 * 24 * 3600_000);
    expect(await refresh()).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
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
    // The request was answered: anything it queued is delivered by the drain, so nothing more can arrive.
    await h.drainOutbox();
    expect(h.mailbox.messages.length).toBe(before);
  });

  it('answers malformed JSON with SerializationException, whatever the content type', async () => {
    for (const contentType of ['application/x-amz-json-1.1', 'application/json']) {
      const broken = await send('InitiateAuth', '{"AuthFlow": "USER_SRP_AUTH", "ClientId": ', contentType);
      expect(broken.status).toBe(400);
      expect(broken.body).toMatchObject({ __type: 'SerializationException' });
      // The id the server logs the request under, as Cognito names its requests.
      expect(broken.requestId).toBeTruthy();
    }
    for (const notAnObject of ['[]', '"SignUp"', '42']) {
      expect((await send('SignUp', notAnObject)).body).toMatchObject({ __type: 'SerializationException' });
    }
  });

  it('refuses inherited operation names without running anything or writing to the event log', async () => {
    const [helena] = await h.database.db.select().from(users).where(eq(users.username, 'helena'));
    if (!helena) throw new Error('seed');
    const organizationId = uuidv7();
    const profileId = uuidv7();
    await h.database.db.insert(organizations).values({ id: organizationId, name: 'Helena Ltda', slug: 'helena' });
    await h.database.db
      .insert(profiles)
      .values({ id: profileId, organizationId, name: 'Administrador', permissions: { organization: '*' } });
    await h.database.db.insert(memberships).values({ id: uuidv7(), organizationId, userId: helena.id, profileId });
    const AccessToken = await accessTokenOf('helena');
    for (const name of ['constructor', '__proto__', 'valueOf', 'toString', 'hasOwnProperty', 'toLocaleString']) {
      const answer = await send(name, JSON.stringify({ AccessToken, ClientId: USER_POOL_CLIENT_ID }));
      expect({ name, status: answer.status, type: answer.body.__type }).toEqual({
        name,
        status: 400,
        type: 'UnknownOperationException',
      });
      expect(answer.text).not.toContain('PUBLIC_URL');
    }
    expect(await h.database.db.select().from(eventLog).where(eq(eventLog.organizationId, organizationId))).toEqual([]);
  });

  it('answers wrong types, NUL characters, broken text and huge values with InvalidParameterException', async () => {
    const AccessToken = await accessTokenOf('helena');
    const ClientId = USER_POOL_CLIENT_ID;
    const valid: Record<string, Record<string, unknown>> = {
      SignUp: { ClientId, Username: 'nova', Password: 'Senha#Forte1', UserAttributes: [] },
      ConfirmSignUp: { ClientId, Username: 'helena', ConfirmationCode: '123456' },
      ResendConfirmationCode: { ClientId, Username: 'helena' },
      ForgotPassword: { ClientId, Username: 'helena' },
      ConfirmForgotPassword: { ClientId, Username: 'helena', ConfirmationCode: '123456', Password: 'Senha#Forte2' },
      InitiateAuth: { ClientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'helena', SRP_A: 'abc' } },
      RespondToAuthChallenge: {
        ClientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: 'x',
        ChallengeResponses: { USERNAME: 'helena' },
      },
      ChangePassword: { AccessToken, PreviousPassword: 'Senha#Forte1', ProposedPassword: 'Senha#Forte2' },
      UpdateUserAttributes: { AccessToken, UserAttributes: [{ Name: 'name', Value: 'Helena' }] },
      VerifyUserAttribute: { AccessToken, AttributeName: 'email', Code: '123456' },
      GetUser: { AccessToken },
      RevokeToken: { ClientId, Token: 'x' },
    };
    const bad: unknown[] = [42, ['helena'], { a: 'b' }, true, 'hel\u0000ena', 'hel\ud800ena', 'x'.repeat(300_000)];
    const failures: string[] = [];
    for (const [operation, body] of Object.entries(valid)) {
      for (const field of Object.keys(body)) {
        for (const value of bad) {
          // A map of strings is what these two take.
          if (
            ['AuthParameters', 'ChallengeResponses'].includes(field) &&
            !Array.isArray(value) &&
            typeof value === 'object'
          )
            continue;
          const answer = await send(operation, JSON.stringify({ ...body, [field]: value }));
          if (answer.status !== 400 || answer.body.__type !== 'InvalidParameterException' || SQL_TEXT.test(answer.text))
            failures.push(
              `${operation}.${field}=${JSON.stringify(value).slice(0, 20)}: ${answer.status} ${answer.text.slice(0, 120)}`,
            );
        }
      }
    }
    const nested: [string, Record<string, unknown>][] = [
      ['SignUp', { ...valid.SignUp, UserAttributes: [{ Name: 'name', Value: 7 }] }],
      ['SignUp', { ...valid.SignUp, UserAttributes: [{ Name: 'name', Value: 'a\u0000' }] }],
      ['SignUp', { ...valid.SignUp, UserAttributes: [null] }],
      ['SignUp', { ...valid.SignUp, UserAttributes: 'email' }],
      ['InitiateAuth', { ...valid.InitiateAuth, AuthParameters: { USERNAME: 5, SRP_A: 'abc' } }],
      ['InitiateAuth', { ...valid.InitiateAuth, AuthParameters: { USERNAME: 'hel\u0000ena', SRP_A: 'abc' } }],
      ['InitiateAuth', { ...valid.InitiateAuth, AuthParameters: { USERNAME: 'helena', SRP_A: 'not hex' } }],
      ['RespondToAuthChallenge', { ...valid.RespondToAuthChallenge, ChallengeResponses: [1, 2] }],
    ];
    for (const [operation, body] of nested) {
      const answer = await send(operation, JSON.stringify(body));
      if (answer.status !== 400 || answer.body.__type !== 'InvalidParameterException' || SQL_TEXT.test(answer.text))
        failures.push(`${operation} nested: ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a 10 MB body with InvalidParameterException, not 500', async () => {
    const answer = await send(
      'SignUp',
      JSON.stringify({ ClientId: USER_POOL_CLIENT_ID, Username: 'x'.repeat(10_000_000) }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('InvalidParameterException');
  });

  it('bounds sign-up and passwords as Cognito does, and checks the e-mail and phone formats', async () => {
    const ClientId = USER_POOL_CLIENT_ID;
    const signUp = (Username: string, Password: string, attributes: Record<string, string>) =>
      call('SignUp', {
        ClientId,
        Username,
        Password,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      });
    const tooLong = `Aa1#${'x'.repeat(253)}`;
    const longest = `Aa1#${'x'.repeat(252)}`;
    const refused = [
      await signUp('longa', tooLong, { email: 'longa@example.com' }),
      await signUp('u'.repeat(129), 'Senha#Forte1', { email: 'u@example.com' }),
      await signUp('nome', 'Senha#Forte1', { email: 'nome@example.com', name: 'n'.repeat(2049) }),
      await signUp('semarroba', 'Senha#Forte1', { email: 'nao-e-um-email' }),
      await signUp('telefone', 'Senha#Forte1', { email: 'tel@example.com', phone_number: '11999990000' }),
    ];
    expect(refused.map((r) => [r.status, r.body.__type])).toEqual(
      refused.map(() => [400, 'InvalidParameterException']),
    );
    expect(refused[3]?.body.message).toBe('Invalid email address format.');
    expect(refused[4]?.body.message).toBe('Invalid phone number format.');
    expect(await h.database.db.select().from(users).where(eq(users.username, 'longa'))).toEqual([]);
    expect((await signUp('maislonga', longest, { email: 'maislonga@example.com' })).status).toBe(200);

    const AccessToken = await accessTokenOf('helena');
    const change = await call('ChangePassword', {
      AccessToken,
      PreviousPassword: 'Senha#Forte1',
      ProposedPassword: tooLong,
    });
    expect(change.body.__type).toBe('InvalidParameterException');
    const reset = await call('ConfirmForgotPassword', {
      ClientId,
      Username: 'helena',
      ConfirmationCode: '123456',
      Password: tooLong,
    });
    expect(reset.body.__type).toBe('InvalidParameterException');
  });

  it('takes a username that is an e-mail address only as the account e-mail, and keeps it so', async () => {
    const ClientId = USER_POOL_CLIENT_ID;
    const attempt = (Username: string, email?: string) =>
      call('SignUp', {
        ClientId,
        Username,
        Password: 'Senha#Forte1',
        UserAttributes: email ? [{ Name: 'email', Value: email }] : [],
      });
    // A stranger cannot hold an address as a username while the account's e-mail is another one.
    expect((await attempt('newhire@company.test', 'stranger@example.com')).body).toMatchObject({
      __type: 'InvalidParameterException',
      message: 'A username that is an email address must be the account email.',
    });
    expect((await attempt('newhire@company.test')).body.__type).toBe('InvalidParameterException');
    expect(await h.database.db.select().from(users).where(eq(users.username, 'newhire@company.test'))).toEqual([]);

    expect((await attempt('Newhire@Company.test', 'newhire@company.test')).status).toBe(200);
    await h.database.db.update(users).set({ status: 'CONFIRMED' }).where(eq(users.email, 'newhire@company.test'));
    const AccessToken = await accessTokenOf('Newhire@Company.test');
    const moved = await call('UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'email', Value: 'elsewhere@example.com' }],
    });
    expect(moved.body.__type).toBe('InvalidParameterException');
    const [row] = await h.database.db.select().from(users).where(eq(users.username, 'Newhire@Company.test'));
    expect(row?.email).toBe('newhire@company.test');
  });
});
