import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { v7 as uuidv7 } from 'uuid';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { mfaChallengeFor } from './mfa';
import { federatedIdentities, oauthCodes, oauthRequests, users } from './schema';
import { issueSession, sha256 } from './tokens';
import { insertUser, type User } from './users';
import { now, nowMs } from '../../clock';

const PROVIDER = 'Google';
const REQUEST_TTL_MS = 10 * 60 * 1000;
const CODE_TTL_MS = 60 * 1000;
/** What Amplify's completeOAuthFlow reads as the user backing out of the provider's page. */
export const CANCELLED = 'User cancelled OAuth flow.';
/**
 * Why an account with a second factor (enabled, or required by an organization) is not entered through Google: the
 * web's redirect sign-in has no step to answer the factor in, so that account signs in with its password.
 */
export const SECOND_FACTOR_REFUSAL = 'This account uses a second factor: sign in with username and password.';

const hasSecondFactor = (user: User) => mfaChallengeFor(user) !== null || user.mfaRequired;

/** Where the web may be sent back after signing in or out: its sign-in page, on this server's public address. */
export const oauthRedirectUri = (env: Env) => `${env.PUBLIC_URL}/auth/sign-in`;
const callbackUri = (env: Env) => `${env.PUBLIC_URL}/oauth2/idpresponse`;

/** The Amplify settings for Google sign-in, or null when it is not configured (the web then hides the button). */
export function oauthSettings(env: Env) {
  if (!env.GOOGLE_CLIENT_ID || !env.PUBLIC_URL.startsWith('https://')) return null;
  return {
    domain: new URL(env.PUBLIC_URL).host,
    redirectUri: oauthRedirectUri(env),
    providers: [PROVIDER],
  };
}

/** A plain pt-BR page for requests that cannot be sent back to the app (bad client or redirect). */
function refuse(reply: FastifyReply, env: Env, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Financeiro</title>` +
        `<body style="font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem">` +
        `<h1 style="font-size:1.25rem">Não foi possível entrar</h1><p>${message}</p>` +
        `<p><a href="${oauthRedirectUri(env)}">Voltar para o login</a></p></body></html>`,
    );
}

function backToApp(reply: FastifyReply, redirectUri: string, params: Record<string, string | null>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
  return reply.redirect(url.toString(), 302);
}

/**
 * The user a Google account signs in as: the one linked before; else the local account with the same verified
 * e-mail, linked now; else a new account. A Google e-mail Google has not verified, or a local account whose e-mail
 * was never confirmed, is not linked (either could be someone else's claim on the address); nor is an account with
 * a second factor, which Google sign-in would skip.
 */
async function userForGoogleAccount(db: Db, claims: client.IDToken): Promise<User | string> {
  const [linked] = await db
    .select({ user: users })
    .from(federatedIdentities)
    .innerJoin(users, eq(users.id, federatedIdentities.userId))
    .where(and(eq(federatedIdentities.provider, PROVIDER), eq(federatedIdentities.subject, claims.sub)));
  if (linked) return hasSecondFactor(linked.user) ? SECOND_FACTOR_REFUSAL : linked.user;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified !== true) return 'The Google account e-mail is not verified.';
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (existing && !existing.emailVerified) return 'An account with this e-mail exists but it is not verified.';
    if (existing && hasSecondFactor(existing)) return SECOND_FACTOR_REFUSAL;
    const user =
      existing ??
      (await insertUser(tx, {
        username: `google_${claims.sub}`,
        // Never used: this account signs in through Google (a password can be set later with "forgot password").
        password: `${randomBytes(24).toString('base64url')}aA1!`,
        name: typeof claims.name === 'string' ? claims.name : null,
        email,
        picture: typeof claims.picture === 'string' ? claims.picture : null,
        confirmed: true,
      }));
    await tx.insert(federatedIdentities).values({ provider: PROVIDER, subject: claims.sub, userId: user.id });
    return user;
  });
}

/** Google's OpenID configuration, discovered on first use and again after a failed discovery. */
function googleConfiguration(env: Env): () => Promise<client.Configuration> {
  let discovered: Promise<client.Configuration> | null = null;
  return () => {
    discovered ??= client
      .discovery(
        new URL(env.GOOGLE_ISSUER),
        env.GOOGLE_CLIENT_ID ?? '',
        env.GOOGLE_CLIENT_SECRET,
        undefined,
        // Tests federate with a local provider over plain http.
        env.GOOGLE_ISSUER.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
}

/** What the endpoints work with: the database, the settings and Google's configuration. */
interface OAuthServer {
  db: Db;
  env: Env;
  google: () => Promise<client.Configuration>;
}

type Query = Record<string, string | undefined>;

/**
 * The hosted-UI endpoints Amplify's signInWithRedirect and signOut use: /oauth2/authorize (PKCE S256 and state
 * from the web), federation to Google as an OpenID Connect provider, /oauth2/token, /logout.
 */
export const oauthPlugin: FastifyPluginAsync<{ db: Db; env: Env }> = async (app, { db, env }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const server: OAuthServer = { db, env, google: googleConfiguration(env) };
  app.get('/oauth2/authorize', (request, reply) => authorize(server, request.query as Query, reply));
  app.get('/oauth2/idpresponse', (request, reply) => googleResponse(server, request, reply));
  app.post('/oauth2/token', (request, reply) => grantTokens(server, (request.body ?? {}) as Query, reply));
  app.get('/logout', async (request, reply) => {
    const q = request.query as Query;
    if (q.client_id !== USER_POOL_CLIENT_ID || q.logout_uri !== oauthRedirectUri(env)) {
      return refuse(reply, env, 'Este endereço de saída não é reconhecido pelo Financeiro.');
    }
    // Sessions live in tokens the web has already revoked; there is no hosted-UI cookie to clear.
    return reply.redirect(q.logout_uri, 302);
  });
};

/** The web's sign-in request: remembered with a state of our own, and sent on to Google. */
async function authorize({ db, env, google }: OAuthServer, q: Query, reply: FastifyReply) {
  if (q.client_id !== USER_POOL_CLIENT_ID || q.redirect_uri !== oauthRedirectUri(env)) {
    return refuse(reply, env, 'Este endereço de login não é reconhecido pelo Financeiro.');
  }
  const redirectUri = q.redirect_uri;
  const state = q.state ?? null;
  if (!env.GOOGLE_CLIENT_ID || q.identity_provider !== PROVIDER) {
    return backToApp(reply, redirectUri, {
      error: 'unauthorized_client',
      error_description: 'Provider not enabled',
      state,
    });
  }
  if (q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !/^[\w-]{43}$/.test(q.code_challenge ?? '')) {
    return backToApp(reply, redirectUri, {
      error: 'invalid_request',
      error_description: 'PKCE S256 is required',
      state,
    });
  }
  const ours = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  await db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, now()));
  await db.insert(oauthRequests).values({
    id: uuidv7(),
    stateHash: sha256(ours),
    provider: PROVIDER,
    redirectUri,
    clientState: state,
    codeChallenge: q.code_challenge ?? '',
    nonce,
    providerVerifier: verifier,
    expiresAt: new Date(nowMs() + REQUEST_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(await google(), {
    redirect_uri: callbackUri(env),
    scope: 'openid email profile',
    state: ours,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
  return reply.redirect(url.href, 302);
}

/** Google's answer: its code exchanged for the account's claims, and the web sent back with a code of ours. */
async function googleResponse(server: OAuthServer, request: FastifyRequest, reply: FastifyReply) {
  const { db, env } = server;
  const q = request.query as Query;
  const [pending] = await db
    .delete(oauthRequests)
    .where(and(eq(oauthRequests.stateHash, sha256(q.state ?? '')), gt(oauthRequests.expiresAt, now())))
    .returning();
  if (!pending) return refuse(reply, env, 'O login com Google expirou. Volte ao Financeiro e tente novamente.');
  const back = (params: Record<string, string>) =>
    backToApp(reply, pending.redirectUri, { ...params, state: pending.clientState });
  if (q.error) {
    return back({
      error: q.error,
      error_description: q.error === 'access_denied' ? CANCELLED : (q.error_description ?? q.error),
    });
  }
  let claims: client.IDToken | undefined;
  try {
    claims = await googleClaims(server, q, pending);
  } catch (error) {
    request.log.warn({ err: error }, 'google sign-in failed');
  }
  if (!claims) return back({ error: 'server_error', error_description: 'Google sign-in failed' });
  const user = await userForGoogleAccount(db, claims);
  if (typeof user === 'string') return back({ error: 'access_denied', error_description: user });
  if (!user.enabled) return back({ error: 'access_denied', error_description: 'User is disabled.' });
  const code = randomBytes(32).toString('base64url');
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, now()));
  await db.insert(oauthCodes).values({
    id: uuidv7(),
    codeHash: sha256(code),
    userId: user.id,
    redirectUri: pending.redirectUri,
    codeChallenge: pending.codeChallenge,
    expiresAt: new Date(nowMs() + CODE_TTL_MS),
  });
  return back({ code });
}

/** The claims of the ID token Google gives for the code it sent back, checked against the pending request. */
async function googleClaims(
  { env, google }: OAuthServer,
  q: Query,
  pending: { providerVerifier: string; nonce: string },
): Promise<client.IDToken | undefined> {
  const current = new URL(callbackUri(env));
  for (const [key, value] of Object.entries(q)) if (value !== undefined) current.searchParams.set(key, value);
  const tokens = await client.authorizationCodeGrant(await google(), current, {
    pkceCodeVerifier: pending.providerVerifier,
    expectedState: q.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  return tokens.claims();
}

/** The web's code of ours (single use, with its PKCE verifier) exchanged for a session's tokens. */
async function grantTokens({ db, env }: OAuthServer, body: Query, reply: FastifyReply) {
  const fail = (error: string) => reply.code(400).send({ error });
  if (body.grant_type !== 'authorization_code') return fail('unsupported_grant_type');
  if (body.client_id !== USER_POOL_CLIENT_ID) return fail('invalid_client');
  // Single use: the code is gone whatever the outcome.
  const [grant] = await db
    .delete(oauthCodes)
    .where(and(eq(oauthCodes.codeHash, sha256(body.code ?? '')), gt(oauthCodes.expiresAt, now())))
    .returning();
  const challenge = createHash('sha256')
    .update(body.code_verifier ?? '')
    .digest('base64url');
  if (!grant || grant.redirectUri !== body.redirect_uri || grant.codeChallenge !== challenge) {
    return fail('invalid_grant');
  }
  const [user] = await db.select().from(users).where(eq(users.id, grant.userId));
  if (!user?.enabled) return fail('invalid_grant');
  const session = await issueSession(db, env, user, null);
  return reply.header('cache-control', 'no-store').send({
    access_token: session.AccessToken,
    id_token: session.IdToken,
    refresh_token: session.RefreshToken,
    token_type: 'Bearer',
    expires_in: session.ExpiresIn,
  });
}
