import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { users } from './schema';
import { InvalidTokenError, type VerifiedAccess } from './tokens';

/** The issuer AWS Cognito writes into a pool's tokens. */
export function cognitoIssuer(env: Env): string {
  return `https://cognito-idp.${env.COGNITO_REGION}.amazonaws.com/${env.COGNITO_USER_POOL_ID}`;
}

/**
 * IDENTITY_MODE=cognito: access tokens come from an AWS Cognito user pool and are checked against its JWKS (issuer,
 * `token_use` access, our app client). The first time a person calls the API a local user row is made with the
 * pool's `sub` as id, so memberships and audit rows can point at it.
 */
export function createCognitoTokenVerifier(db: Db, env: Env): (token: string) => Promise<VerifiedAccess> {
  const issuer = cognitoIssuer(env);
  const keys = createRemoteJWKSet(new URL(env.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`));
  return async (token) => {
    let claims: Record<string, unknown>;
    try {
      claims = (await jwtVerify(token, keys, { issuer, algorithms: ['RS256'], clockTolerance: 5 })).payload;
    } catch {
      throw new InvalidTokenError();
    }
    const { sub, username, token_use: use, client_id: clientId } = claims;
    if (
      use !== 'access' ||
      clientId !== env.COGNITO_CLIENT_ID ||
      typeof sub !== 'string' ||
      typeof username !== 'string'
    ) {
      throw new InvalidTokenError();
    }
    await db
      .insert(users)
      .values({ id: sub, username, srpSalt: '', srpVerifier: '', status: 'CONFIRMED' })
      .onConflictDoUpdate({ target: users.id, set: { username }, setWhere: sql`${users.username} <> ${username}` });
    return { userId: sub, username };
  };
}
