import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import type { Db, DbOrTx } from '../../db/client';
import type { Env } from '../../env';
import { deviceForSession, type NewDeviceMetadata } from './device-sessions';
import { refreshTokens, signingKeys, users } from './schema';
import { now, nowMs } from '../../clock';

type Key = Awaited<ReturnType<typeof importJWK>>;

const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 30 * 24 * 3600;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const issuerOf = (env: Env) => `${env.PUBLIC_URL}/identity`;

interface ActiveKey {
  kid: string;
  privateKey: Key;
}
const keyCache = new WeakMap<object, ActiveKey>();

/** The active signing key, made (and stored, so every process signs alike) on first use. */
async function activeKey(db: Db): Promise<ActiveKey> {
  const cached = keyCache.get(db);
  if (cached) return cached;
  let [row] = await db.select().from(signingKeys).where(eq(signingKeys.active, true)).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = uuidv7();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    await db.insert(signingKeys).values({ kid, privateJwk, publicJwk }).onConflictDoNothing();
    [row] = await db.select().from(signingKeys).where(eq(signingKeys.active, true)).limit(1);
  }
  if (!row) throw new Error('no signing key');
  const key = { kid: row.kid, privateKey: await importJWK(row.privateJwk as JWK, 'RS256') };
  keyCache.set(db, key);
  return key;
}

export async function jwks(db: Db): Promise<{ keys: Record<string, unknown>[] }> {
  await activeKey(db);
  const rows = await db.select({ publicJwk: signingKeys.publicJwk }).from(signingKeys);
  return { keys: rows.map((r) => r.publicJwk) };
}

type User = typeof users.$inferSelect;

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  NewDeviceMetadata?: NewDeviceMetadata;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

async function signTokens(
  db: Db,
  env: Env,
  user: User,
  originJti: string,
  deviceKey: string | null,
): Promise<Omit<AuthenticationResult, 'RefreshToken'>> {
  const { kid, privateKey } = await activeKey(db);
  const issuedAt = Math.floor(nowMs() / 1000);
  const iss = issuerOf(env);
  const accessToken = await new SignJWT({
    username: user.username,
    client_id: USER_POOL_CLIENT_ID,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: issuedAt,
    origin_jti: originJti,
    device_key: deviceKey ?? undefined,
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(user.id)
    .setIssuer(iss)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TTL_S)
    .setJti(uuidv7())
    .sign(privateKey);
  const idToken = await new SignJWT({
    'cognito:username': user.username,
    token_use: 'id',
    auth_time: issuedAt,
    origin_jti: originJti,
    name: user.name ?? undefined,
    email: user.email ?? undefined,
    email_verified: user.emailVerified,
    phone_number: user.phoneNumber ?? undefined,
    phone_number_verified: user.phoneNumberVerified,
    locale: user.locale,
  })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(user.id)
    .setIssuer(iss)
    .setAudience(USER_POOL_CLIENT_ID)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TTL_S)
    .setJti(uuidv7())
    .sign(privateKey);
  return { AccessToken: accessToken, IdToken: idToken, ExpiresIn: ACCESS_TTL_S, TokenType: 'Bearer' };
}

/**
 * A new sign-in: a refresh token (stored hashed) and the access and id tokens that descend from it, on the device the
 * client named (or a new one it is told about, to confirm). `null`: a sign-in that tracks no device (OAuth).
 */
export async function issueSession(
  db: Db,
  env: Env,
  user: User,
  clientDeviceKey: string | undefined | null,
): Promise<AuthenticationResult> {
  const { deviceKey = null, newDevice } =
    clientDeviceKey === null ? {} : await deviceForSession(db, user.id, clientDeviceKey);
  const refreshToken = randomBytes(48).toString('base64url');
  const id = uuidv7();
  await db.insert(refreshTokens).values({
    id,
    userId: user.id,
    tokenHash: sha256(refreshToken),
    deviceKey,
    expiresAt: new Date(nowMs() + REFRESH_TTL_S * 1000),
  });
  return {
    ...(await signTokens(db, env, user, id, deviceKey)),
    RefreshToken: refreshToken,
    ...(newDevice ? { NewDeviceMetadata: newDevice } : {}),
  };
}

/** New access and id tokens from a live refresh token; null when it is unknown, expired or revoked. */
export async function refreshSession(db: Db, env: Env, refreshToken: string): Promise<AuthenticationResult | null> {
  const [row] = await db
    .select({ id: refreshTokens.id, deviceKey: refreshTokens.deviceKey, user: users })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now()),
      ),
    );
  if (!row || !row.user.enabled) return null;
  return signTokens(db, env, row.user, row.id, row.deviceKey);
}

export async function revokeRefreshToken(db: DbOrTx, refreshToken: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

const publicKeyCache = new WeakMap<object, Map<string, Key>>();

async function publicKey(db: Db, kid: string | undefined): Promise<Key> {
  const cache = publicKeyCache.get(db) ?? new Map<string, Key>();
  publicKeyCache.set(db, cache);
  if (!kid) throw new InvalidTokenError();
  const known = cache.get(kid);
  if (known) return known;
  const [row] = await db.select({ publicJwk: signingKeys.publicJwk }).from(signingKeys).where(eq(signingKeys.kid, kid));
  if (!row) throw new InvalidTokenError();
  const key = await importJWK(row.publicJwk as JWK, 'RS256');
  cache.set(kid, key);
  return key;
}

export class InvalidTokenError extends Error {
  constructor(message = 'Token inválido ou expirado') {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

export interface VerifiedAccess {
  userId: string;
  username: string;
}

/**
 * Verifies an access token: signature, issuer, expiry, and that the sign-in it came from (origin_jti, the refresh
 * token's id) was not signed out or revoked since, so GlobalSignOut ends access tokens already handed out too.
 */
export function createAccessTokenVerifier(db: Db, env: Env): (token: string) => Promise<VerifiedAccess> {
  return async (token) => {
    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(token, (header) => publicKey(db, header.kid), {
        issuer: issuerOf(env),
        algorithms: ['RS256'],
        // A token is accepted up to 5 seconds past its expiry (the clocks of client and server differ a little).
        clockTolerance: 5,
        currentDate: now(),
      });
      payload = verified.payload;
    } catch (error) {
      // A token that fails a check is invalid; the database failing to give its key is not the token's fault (a
      // 401 would sign the person out while PostgreSQL restarts).
      if (error instanceof InvalidTokenError || error instanceof errors.JOSEError) throw new InvalidTokenError();
      throw error;
    }
    if (payload.token_use !== 'access' || typeof payload.sub !== 'string' || typeof payload.origin_jti !== 'string') {
      throw new InvalidTokenError();
    }
    const [live] = await db
      .select({ username: users.username, enabled: users.enabled })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.id, payload.origin_jti),
          eq(refreshTokens.userId, payload.sub),
          isNull(refreshTokens.revokedAt),
        ),
      );
    if (!live || !live.enabled) throw new InvalidTokenError();
    return { userId: payload.sub, username: live.username };
  };
}
