import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { createTestApp, type TestApp } from '../../test/app';
import { LocalOidcProvider } from '../../test/oidc-provider';
import { SECOND_FACTOR_REFUSAL } from './oauth';
import { federatedIdentities, users } from './schema';
import { createConfirmedUser } from './users';

const PUBLIC_URL = 'https://financeiro.example.test';
const REDIRECT = `${PUBLIC_URL}/auth/sign-in`;

/** What Amplify's signInWithRedirect does: a 128-character verifier, its S256 challenge and a random state. */
function pkce() {
  const verifier = randomBytes(96).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), state: 'x'.repeat(32) };
}

describe('Google sign-in through /oauth2', () => {
  let t: TestApp;
  const google = new LocalOidcProvider([
    { sub: 'g-100', email: 'gabriela@gmail.test', email_verified: true, name: 'Gabriela Gomes' },
    { sub: 'g-200', email: 'luiz@empresa.test', email_verified: true, name: 'Luiz Local' },
    { sub: 'g-300', email: 'nao.verificado@gmail.test', email_verified: false, name: 'Sem Verificação' },
    { sub: 'g-400', email: 'tereza@empresa.test', email_verified: true, name: 'Tereza' },
  ]);

  beforeAll(async () => {
    await google.start();
    t = await createTestApp({ PUBLIC_URL, ...google.settings() });
    await createConfirmedUser(t.database.db, {
      username: 'luiz',
      password: 'Certa#Senha1',
      name: 'Luiz',
      email: 'luiz@empresa.test',
    });
  });
  afterAll(async () => {
    await t?.close();
    await google.stop();
  });

  /** Follows the browser's path: our authorize -> provider page -> the chosen link -> our callback -> the app. */
  async function authorize(choice: string, p = pkce()): Promise<URL> {
    const query = new URLSearchParams({
      redirect_uri: REDIRECT,
      response_type: 'code',
      client_id: USER_POOL_CLIENT_ID,
      identity_provider: 'Google',
      scope: 'openid email profile aws.cognito.signin.user.admin',
      state: p.state,
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
    });
    const start = await t.app.inject({ method: 'GET', url: `/oauth2/authorize?${query}` });
    expect(start.statusCode).toBe(302);
    const page = await (await fetch(String(start.headers.location))).text();
    const link = [...page.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].find((m) => m[2]?.includes(choice));
    if (!link?.[1]) throw new Error(`no link ${choice}`);
    const callback = new URL(link[1].replaceAll('&amp;', '&'));
    expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/oauth2/idpresponse`);
    const back = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(back.statusCode).toBe(302);
    return new URL(String(back.headers.location));
  }

  async function token(code: string, verifier: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: USER_POOL_CLIENT_ID,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }).toString(),
    });
    return { status: response.statusCode, body: response.json() as Record<string, string> };
  }

  it('tells the web where Google sign-in lives', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/app-config.json' })).json();
    expect(config.identity.oauth).toEqual({
      domain: 'financeiro.example.test',
      redirectUri: REDIRECT,
      providers: ['Google'],
    });
  });

  it('creates an account for a new Google user and hands the app tokens for the code, once', async () => {
    const p = pkce();
    const back = await authorize('gabriela@gmail.test', p);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(p.state);
    const code = back.searchParams.get('code') ?? '';

    const { status, body } = await token(code, p.verifier);
    expect(status).toBe(200);
    const id = decodeJwt(body.id_token ?? '');
    expect(id).toMatchObject({ email: 'gabriela@gmail.test', email_verified: true, name: 'Gabriela Gomes' });
    expect(decodeJwt(body.access_token ?? '').username).toBe('google_g-100');
    expect(body.refresh_token).toBeTruthy();

    // The same code again: refused.
    expect((await token(code, p.verifier)).body).toEqual({ error: 'invalid_grant' });
  });

  it('refuses a code presented without the matching PKCE verifier', async () => {
    const p = pkce();
    const code = (await authorize('gabriela@gmail.test', p)).searchParams.get('code') ?? '';
    expect((await token(code, pkce().verifier)).body).toEqual({ error: 'invalid_grant' });
  });

  it('links a Google account to the local user with the same verified e-mail', async () => {
    const p = pkce();
    const code = (await authorize('luiz@empresa.test', p)).searchParams.get('code') ?? '';
    const { body } = await token(code, p.verifier);
    const [luiz] = await t.database.db.select().from(users).where(eq(users.username, 'luiz'));
    expect(decodeJwt(body.access_token ?? '').sub).toBe(luiz?.id);
    const links = await t.database.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.subject, 'g-200'));
    expect(links.map((l) => l.userId)).toEqual([luiz?.id]);
  });

  it('does not link a Google account to a local account that has a second factor, and says why', async () => {
    const tereza = await createConfirmedUser(t.database.db, {
      username: 'tereza',
      password: 'Certa#Senha1',
      name: 'Tereza',
      email: 'tereza@empresa.test',
    });
    await t.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabled: true, preferredMfa: 'SOFTWARE_TOKEN_MFA' })
      .where(eq(users.id, tereza.id));
    const back = await authorize('tereza@empresa.test');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBe(SECOND_FACTOR_REFUSAL);
    const links = await t.database.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.userId, tereza.id));
    expect(links).toEqual([]);
  });

  it('stops signing in through Google once the linked account requires a second factor', async () => {
    await t.database.db.update(users).set({ mfaRequired: true }).where(eq(users.username, 'luiz'));
    const back = await authorize('luiz@empresa.test');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_description')).toBe(SECOND_FACTOR_REFUSAL);
    await t.database.db.update(users).set({ mfaRequired: false }).where(eq(users.username, 'luiz'));
  });

  it('does not sign in a Google account whose e-mail Google has not verified', async () => {
    const back = await authorize('nao.verificado@gmail.test');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('sends the user back with "User cancelled OAuth flow." when they cancel at the provider', async () => {
    const p = pkce();
    const back = await authorize('Cancelar', p);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBe('User cancelled OAuth flow.');
    expect(back.searchParams.get('state')).toBe(p.state);
  });

  it('never redirects to an address that is not the app, nor accepts a request without PKCE', async () => {
    const p = pkce();
    const base = {
      response_type: 'code',
      client_id: USER_POOL_CLIENT_ID,
      identity_provider: 'Google',
      state: p.state,
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
    };
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${new URLSearchParams({ ...base, redirect_uri: 'https://evil.test/cb' })}`,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('não é reconhecido');

    const plain = await t.app.inject({
      method: 'GET',
      url: `/oauth2/authorize?${new URLSearchParams({ ...base, redirect_uri: REDIRECT, code_challenge_method: 'plain' })}`,
    });
    expect(new URL(String(plain.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  it('signs out through /logout back to the app only', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/logout?${new URLSearchParams({ client_id: USER_POOL_CLIENT_ID, logout_uri: REDIRECT })}`,
    });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe(REDIRECT);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/logout?${new URLSearchParams({ client_id: USER_POOL_CLIENT_ID, logout_uri: 'https://evil.test' })}`,
    });
    expect(bad.statusCode).toBe(400);
  });
});
