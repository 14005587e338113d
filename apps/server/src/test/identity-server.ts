import Fastify from 'fastify';
import type { Database } from '../db/client';
import { loadEnv, type Env } from '../env';
import { identityPlugin, startOutboxWorker } from '../modules/identity';
import { freePort } from './ports';

/** The identity endpoint alone on a random loopback port, delivering mail to the given SMTP server. */
export async function startIdentityServer(
  database: Database,
  smtpUrl: string,
): Promise<{ env: Env; url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const env = loadEnv({
    SMTP_URL: smtpUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'test',
  });
  const app = Fastify();
  await app.register(identityPlugin, { db: database.db, env });
  await app.listen({ port, host: '127.0.0.1' });
  const worker = startOutboxWorker({ db: database.db, env, log: { info: () => {}, error: () => {} } });
  return {
    env,
    url: env.PUBLIC_URL,
    async stop() {
      await worker.stop();
      await app.close();
    },
  };
}
