import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { accountActionOf, accountActor, accountChangeDetails, type AccountChangeListener } from './account-events';
import { IdentityError } from './errors';
import { operations } from './operations';
import type { IdentityContext } from './request';
import { createAccessTokenVerifier, issuerOf, jwks } from './tokens';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The Cognito-compatible user pool endpoint: POST /identity with `x-amz-target` naming the operation and an
 * `application/x-amz-json-1.1` body, as the official Amplify client sends it.
 */
export const identityPlugin: FastifyPluginAsync<{ db: Db; env: Env; onAccountChange: AccountChangeListener }> = async (
  app,
  { db, env, onAccountChange },
) => {
  const ctx: IdentityContext = { db, env, verifyAccessToken: createAccessTokenVerifier(db, env) };

  app.addContentTypeParser('application/x-amz-json-1.1', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body ? JSON.parse(String(body)) : {});
    } catch {
      done(new IdentityError('SerializationException', 'Invalid JSON body'), undefined);
    }
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? operations[target.slice(TARGET_PREFIX.length)] : undefined;
    reply.header('content-type', 'application/x-amz-json-1.1');
    if (!operation) {
      return reply.code(400).send({ __type: 'UnknownOperationException', message: `Unknown operation ${target}` });
    }
    try {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const name = target.slice(TARGET_PREFIX.length);
      const action = accountActionOf(name, body);
      const actor = action ? await accountActor(ctx, body) : null;
      const result = await operation(ctx, body);
      if (action && actor) {
        // The account changed already; a failure to log it is reported, not turned into a failed change.
        await onAccountChange({ userId: actor, action, after: accountChangeDetails(name, body), ip: request.ip }).catch(
          (error: unknown) => request.log.error({ err: error, target }, 'account event not recorded'),
        );
      }
      return reply.send(result);
    } catch (error) {
      if (error instanceof IdentityError) {
        request.log.info({ type: error.type, target }, 'identity error');
        return reply.code(400).send({ __type: error.type, message: error.message });
      }
      request.log.error({ err: error, target }, 'identity failure');
      return reply.code(500).send({ __type: 'InternalErrorException', message: 'Internal error' });
    }
  };
  // Per-address limit on the user pool endpoint, answered the way Cognito answers it.
  const rateLimit = {
    config: {
      rateLimit: {
        max: env.IDENTITY_RATE_LIMIT,
        timeWindow: 60_000,
        errorResponseBuilder: () => ({ statusCode: 400, __type: 'TooManyRequestsException', message: 'Rate exceeded' }),
      },
    },
  };
  await app.register(fastifyRateLimit, { global: false });
  app.post('/identity', rateLimit, handler);
  app.post('/identity/', rateLimit, handler);

  app.get('/identity/.well-known/jwks.json', async () => jwks(db));
  app.get('/identity/.well-known/openid-configuration', async () => ({
    issuer: issuerOf(env),
    jwks_uri: `${issuerOf(env)}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    response_types_supported: ['code'],
  }));
};
