import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { accountActionOf, accountActor, accountChangeDetails, type AccountChangeListener } from './account-events';
import { IdentityError } from './errors';
import { operations } from './operations';
import { checkRequest } from './wire';
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

  // Every answer names its request, as Cognito's do: the id a person can quote is the one in the server's log.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-amzn-requestid', request.id);
  });

  // Every failure, from the body parser to the operation, in Cognito's wire shape; only the log sees the detail.
  app.setErrorHandler((error: unknown, request, reply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const answer = cognitoError(error);
    if (answer.status === 500) request.log.error({ err: error, target }, 'identity failure');
    else request.log.info({ type: answer.type, target }, 'identity error');
    return reply
      .code(answer.status)
      .header('content-type', 'application/x-amz-json-1.1')
      .send({ __type: answer.type, message: answer.message });
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const operation = operations.get(name);
    if (!operation) throw new IdentityError('UnknownOperationException', `Unknown operation ${target}`);
    const body = checkRequest(request.body);
    const action = accountActionOf(name, body);
    const actor = action ? await accountActor(ctx, body) : null;
    const result = await operation(ctx, body);
    if (action && actor) {
      // The account changed already; a failure to log it is reported, not turned into a failed change.
      await onAccountChange({ userId: actor, action, after: accountChangeDetails(name, body), ip: request.ip }).catch(
        (error: unknown) => request.log.error({ err: error, target }, 'account event not recorded'),
      );
    }
    return reply.header('content-type', 'application/x-amz-json-1.1').send(result);
  };
  const route = {
    // Cognito's requests are small; a large body is refused before it is read.
    bodyLimit: 256 * 1024,
    // Per-address limit on the user pool endpoint, answered the way Cognito answers it.
    config: {
      rateLimit: {
        max: env.IDENTITY_RATE_LIMIT,
        timeWindow: 60_000,
        errorResponseBuilder: () => ({ statusCode: 400, __type: 'TooManyRequestsException', message: 'Rate exceeded' }),
      },
    },
  };
  await app.register(fastifyRateLimit, { global: false });
  app.post('/identity', route, handler);
  app.post('/identity/', route, handler);

  app.get('/identity/.well-known/jwks.json', async () => jwks(db));
  app.get('/identity/.well-known/openid-configuration', async () => ({
    issuer: issuerOf(env),
    jwks_uri: `${issuerOf(env)}/.well-known/jwks.json`,
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    response_types_supported: ['code'],
  }));
};

/**
 * The answer to a failure: an operation's own error; the rate limit's; a body that is not JSON, or too large;
 * anything else is an internal error that says nothing more.
 */
function cognitoError(error: unknown): { status: number; type: string; message: string } {
  if (error instanceof IdentityError) return { status: 400, type: error.type, message: error.message };
  if (typeof error !== 'object' || error === null) return INTERNAL;
  const { __type: type, message, code } = error as { __type?: unknown; message?: unknown; code?: unknown };
  if (type === 'TooManyRequestsException') return { status: 400, type, message: String(message) };
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 400, type: 'InvalidParameterException', message: 'Request body is too large' };
  }
  if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) {
    return { status: 400, type: 'SerializationException', message: 'Invalid request body' };
  }
  return INTERNAL;
}

const INTERNAL = { status: 500, type: 'InternalErrorException', message: 'Internal error' };
