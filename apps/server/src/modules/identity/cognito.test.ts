import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
import { createTestApp, type TestApp } from '../../test/app';
import { freePort } from '../../test/ports';
import { cognitoIssuer } from './cognito';

/** IDENTITY_MODE=cognito, with a locally served JWKS standing in for the AWS user pool's. */
describe('AWS Cognito mode', () => {
  let t: TestApp;
  let jwksServer: Server;
  let poolKey: SigningKey;
  const settings = {
    IDENTITY_MODE: 'cognito',
    COGNITO_REGION: 'sa-east-1',
    COGNITO_USER_POOL_ID: 'sa-east-1_Teste',
    COGNITO_CLIENT_ID: 'cliente-web',
  };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    poolKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
    const port = await freePort();
    jwksServer = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
    );
    await new Promise<void>((resolve) => jwksServer.listen(port, '127.0.0.1', resolve));
    t = await createTestApp({ ...settings, COGNITO_JWKS_URL: `http://127.0.0.1:${port}/jwks.json` });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  async function token(claims: Record<string, unknown>, key: SigningKey = poolKey): Promise<string> {
    return new SignJWT({ token_use: 'access', client_id: 'cliente-web', username: 'aws.user', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setSubject(String(claims.sub ?? randomUUID()))
      .setIssuer(cognitoIssuer(t.env))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  }

  const getMe = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/tenants/getMe?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('accepts the pool’s access tokens and knows the user from then on', async () => {
    const sub = randomUUID();
    const response = await getMe(await token({ sub }));
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].result.data).toMatchObject({ id: sub, username: 'aws.user' });
  });

  it('refuses tokens for another app client, id tokens, and tokens signed by another key', async () => {
    expect((await getMe(await token({ client_id: 'outro' }))).statusCode).toBe(401);
    expect((await getMe(await token({ token_use: 'id' }))).statusCode).toBe(401);
    const stranger = await generateKeyPair('RS256');
    expect((await getMe(await token({}, stranger.privateKey))).statusCode).toBe(401);
  });

  it('tells the web to use the AWS pool, and does not serve the built-in one', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(config.json()).toEqual({
      identity: { mode: 'cognito', userPoolId: 'sa-east-1_Teste', userPoolClientId: 'cliente-web' },
    });
    const builtin = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      payload: '{}',
    });
    expect(builtin.statusCode).toBe(404);
  });

  it('refuses to start without the pool settings', async () => {
    const { loadEnv } = await import('../../env');
    expect(() => loadEnv({ IDENTITY_MODE: 'cognito' })).toThrow(
      /COGNITO_USER_POOL_ID: obrigatório com IDENTITY_MODE=cognito/,
    );
  });
});
