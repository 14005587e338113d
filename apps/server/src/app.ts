import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AnyRouter } from '@trpc/server';
import type { Database } from './db/client';
import type { Env } from './env';
import { USER_POOL_CLIENT_ID, USER_POOL_ID } from '@financeiro/core';
import {
  createAccessTokenVerifier,
  createCognitoTokenVerifier,
  identityPlugin,
  oauthPlugin,
  oauthSettings,
} from './modules/identity';
import { tlsFiles } from './tls';
import { contextFromRequest, type ApiDeps } from './trpc/context';
import { RateLimiter, rateLimitsOf, TooManyRequestsError } from './trpc/rate-limit';
import { routers } from './routers';
import { loadMemberships, recordAccountChange } from './modules/tenancy';
import { seedRegistries } from './modules/registries';

const API_PREFIXES = ['/v1/', '/identity', '/health', '/app-config.json', '/oauth2/', '/logout'];

export async function buildApp({ env, database }: { env: Env; database: Database }): Promise<FastifyInstance> {
  const tls = await tlsFiles(env);
  // Fastify types an HTTPS server separately; the routes and hooks are the same.
  const app = Fastify({
    ...(tls ? { https: tls } : {}),
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    genReqId: () => crypto.randomUUID(),
    trustProxy: env.TRUST_PROXY,
    // A CSV import of thousands of lines, a contract attachment and a bank statement of up to 20 MB travel as JSON
    // (base64 makes the statement a third larger).
    bodyLimit: 28 * 1024 * 1024,
    // The web batches a screen's calls into one request named by all their procedures ("a.options,b.options,…"):
    // a form with six selects passes Fastify's default of 100 characters for that route parameter.
    routerOptions: { maxParamLength: 2000 },
  }) as unknown as FastifyInstance;
  const localHost = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(env.PUBLIC_URL).hostname);
  // Outside the API (which formats its own errors), an unexpected failure's message may carry a query's text: the
  // client gets the request id, the log the detail. Set before the routes so that every plugin inherits it.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error.statusCode !== undefined && error.statusCode < 500) return reply.send(error);
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: `Erro inesperado. Informe o código ${request.id} ao suporte.` });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles on elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS on localhost would force https on every local port of the developer's browser.
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https://') && !localHost,
  });
  await app.register(cors, {
    origin: [env.PUBLIC_URL],
    allowedHeaders: [
      'content-type',
      'authorization',
      'x-amz-target',
      'x-amz-user-agent',
      'cache-control',
      'amz-sdk-invocation-id',
      'amz-sdk-request',
      'x-organization-id',
      'x-unit-id',
      'x-department-id',
    ],
  });

  const cognito = env.IDENTITY_MODE === 'cognito';
  if (!cognito) {
    await app.register(identityPlugin, { db: database.db, env, onAccountChange: recordAccountChange(database.db) });
    await app.register(oauthPlugin, { db: database.db, env });
  }
  const verifyAccessToken = cognito
    ? createCognitoTokenVerifier(database.db, env)
    : createAccessTokenVerifier(database.db, env);
  const deps: ApiDeps = {
    db: database.db,
    env,
    verifyAccessToken,
    loadMemberships,
    seedOrganization: seedRegistries,
    rateLimiter: new RateLimiter(rateLimitsOf(env)),
  };

  // What the web needs to configure the Amplify client: our own pool (same origin) or the AWS one.
  app.get('/app-config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({
      identity: cognito
        ? { mode: 'cognito', userPoolId: env.COGNITO_USER_POOL_ID, userPoolClientId: env.COGNITO_CLIENT_ID }
        : {
            mode: 'builtin',
            userPoolId: USER_POOL_ID,
            userPoolClientId: USER_POOL_CLIENT_ID,
            endpointPath: '/identity',
            oauth: oauthSettings(env),
          },
    }),
  );
  for (const [area, router] of Object.entries(routers)) {
    await app.register(fastifyTRPCPlugin, {
      prefix: `/v1/${area}`,
      trpcOptions: {
        router,
        createContext: ({ req }) => contextFromRequest(deps, req),
        // A request past a rate limit says when to try again.
        responseMeta: ({ errors }) => {
          const limited = errors.find((error) => error instanceof TooManyRequestsError);
          return limited ? { headers: new Headers({ 'retry-after': String(limited.retryAfterSeconds) }) } : {};
        },
        onError: ({ error, path, ctx }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error, path, requestId: ctx?.requestId }, 'api error');
        },
      } satisfies FastifyTRPCPluginOptions<AnyRouter>['trpcOptions'],
    });
  }

  app.get('/health', async () => ({ status: 'ok' }));

  const webDist = resolve(env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)));
  if (existsSync(join(webDist, 'index.html'))) {
    const hashedAssets = join(webDist, 'assets', sep);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes a .br and a .gz beside each text file; the one the browser accepts is sent as it is.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite names what it emits under assets/ by content hash, so a release never changes one of them. The rest
        // (the shell, the service worker, the manifest, the icons) keeps its name and must be revalidated.
        res.header('cache-control', path.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', async (request, reply) => {
      if (API_PREFIXES.some((p) => request.url.startsWith(p))) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('A aplicação web ainda não foi compilada. Rode "npm run build" (ou "npm start") na raiz do projeto.'),
    );
  }
  return app;
}
