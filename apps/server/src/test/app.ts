import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv, type Env } from '../env';
import { users } from '../modules/identity/schema';
import { issueSession } from '../modules/identity';
import { createTestDatabase } from './database';
import { UNLIMITED_RATES } from './rates';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  /** A fresh access token for a user, as a sign-in would issue it. */
  tokenFor(username: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(settings: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    WEB_DIST: '/nonexistent',
    ...UNLIMITED_RATES,
    ...settings,
  });
  const app = await buildApp({ env, database });
  return {
    app,
    database,
    env,
    async tokenFor(username) {
      const [user] = await database.db.select().from(users).where(eq(users.username, username));
      if (!user) throw new Error(`no user ${username}`);
      return (await issueSession(database.db, env, user, null)).AccessToken;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
