import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { loadEnv } from '../../env';
import { createAccessTokenVerifier, InvalidTokenError } from './tokens';

/** A token whose header names a signing key, so that the verifier looks the key up before it checks anything else. */
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${base64url({ alg: 'RS256', kid: 'chave-desconhecida' })}.${base64url({ sub: 'x' })}.assinatura`;

/** A database whose signing keys are read by `where`. */
const databaseAnswering = (where: () => Promise<unknown[]>) =>
  ({ select: () => ({ from: () => ({ where }) }) }) as unknown as Db;

describe('access token verification', () => {
  it('refuses a token whose signing key the database does not know', async () => {
    const verify = createAccessTokenVerifier(
      databaseAnswering(async () => []),
      loadEnv(),
    );
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('passes on a database failure as it is, not as an invalid token (which would sign the person out)', async () => {
    const down = new Error('Connection terminated unexpectedly');
    const verify = createAccessTokenVerifier(
      databaseAnswering(() => Promise.reject(down)),
      loadEnv(),
    );
    await expect(verify(token)).rejects.toBe(down);
  });
});
