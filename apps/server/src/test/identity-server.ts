import Fastify from 'fastify';
import { Amplify } from 'aws-amplify';
import { USER_POOL_CLIENT_ID, USER_POOL_ID } from '@financeiro/core';
import { resetClock } from '../clock';
import type { Database } from '../db/client';
import { loadEnv, type Env } from '../env';
import { recordAccountChange } from '../modules/tenancy';
import { identityPlugin } from '../modules/identity';
import { startOutboxWorker } from '../modules/outbox';
import { createTestDatabase } from './database';
import { Mailbox } from './mailbox';
import { SmsSink } from './sms-sink';
import { freePort } from './ports';

export interface IdentityHarness {
  database: Database;
  mailbox: Mailbox;
  sms: SmsSink;
  env: Env;
  url: string;
  /** Resolves once the outbox has delivered everything due: what a request queued has then arrived, or never will. */
  drainOutbox(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A fresh database, a local SMTP server, a local SMS sink, and the identity endpoint alone on a random loopback port with its
 * outbox worker delivering to that SMTP server; the Amplify client is configured to use it.
 */
export async function startIdentityHarness(settings: Record<string, string> = {}): Promise<IdentityHarness> {
  const database = await createTestDatabase();
  const mailbox = new Mailbox();
  await mailbox.start();
  const sms = new SmsSink();
  await sms.start();
  const port = await freePort();
  const env = loadEnv({
    SMTP_URL: mailbox.url,
    SMS_HTTP_URL: sms.url,
    SMS_HTTP_TOKEN: 'token-de-teste',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'test',
    ...settings,
  });
  const app = Fastify();
  await app.register(identityPlugin, { db: database.db, env, onAccountChange: recordAccountChange(database.db) });
  await app.listen({ port, host: '127.0.0.1' });
  // The official client, pointed at this endpoint, for the suites that drive it. It names a new device after
  // navigator.userAgent, which Node only has from version 21 on.
  if (!('navigator' in globalThis)) {
    Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node}` } });
  }
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: USER_POOL_ID,
        userPoolClientId: USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${env.PUBLIC_URL}/identity`,
        loginWith: { username: true, email: true },
      },
    },
  });
  const worker = startOutboxWorker({ db: database.db, env, log: { info: () => {}, error: () => {} } });
  return {
    database,
    mailbox,
    sms,
    env,
    url: env.PUBLIC_URL,
    drainOutbox: () => worker.drain(),
    async stop() {
      // A test that moved the clock leaves the next file (in the same worker) on the system's.
      resetClock();
      await worker.stop();
      await app.close();
      await mailbox.stop();
      await sms.stop();
      await database.close();
    },
  };
}

/**
 * One request to the user pool endpoint at `url` as the Cognito wire protocol sends it, the operation named in
 * x-amz-target; a body given as text goes as it is, so that malformed ones can be sent too.
 */
export async function callIdentity(
  url: string,
  operation: string,
  body: object | string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${url}/identity/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    requestId: response.headers.get('x-amzn-requestid'),
    text,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}
