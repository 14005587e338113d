import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { todayInSaoPaulo } from '@financeiro/core';
import { loadEnv } from '../../apps/server/src/env';
import { freePort } from '../../apps/server/src/test/ports';
import { adminQuery } from '../../apps/server/src/test/postgres-admin';
import { startServerProcess } from '../../apps/server/src/test/server-process';

export interface RunningApp {
  url: string;
  log: string[];
  /** Moves the server's clock forward: what happens two minutes later, without waiting for them. */
  advanceClock(ms: number): Promise<void>;
  /** The server's time, in ms (the system's, plus what the journey moved it): what an authenticator app shows then. */
  nowMs(): number;
  stop(): Promise<void>;
}

/** A database the demo was seeded into once for the whole run, which each journey's server starts from a copy of. */
export interface DemoTemplate {
  /** The São Paulo day it was seeded on: the demo's dates run from that day, so another day seeds afresh. */
  day: string;
  /** PGlite: the folder to copy. */
  dataDir?: string;
  /** PostgreSQL: the database to create each journey's database from (CREATE DATABASE … TEMPLATE). */
  databaseName?: string;
}

/**
 * Seeds the demo once, into a PGlite folder or a PostgreSQL database of its own, by starting the real server on it and
 * stopping it: the journeys then start from copies, which saves the seeding (half a minute on a busy machine) per file.
 */
export async function seedDemoTemplate(): Promise<{ template: DemoTemplate; remove(): Promise<void> }> {
  const day = todayInSaoPaulo();
  const folder = mkdtempSync(join(tmpdir(), 'financeiro-e2e-template-'));
  const { DATABASE_URL } = loadEnv();
  const databaseName = DATABASE_URL ? `e2e_template_${randomUUID().replaceAll('-', '')}` : undefined;
  const remove = async () => {
    rmSync(folder, { recursive: true, force: true });
    if (DATABASE_URL && databaseName)
      await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
  try {
    const database = DATABASE_URL && databaseName ? await createDatabase(DATABASE_URL, databaseName) : undefined;
    const port = await freePort();
    const server = await startServerProcess(
      serverEnv({ port, url: `http://127.0.0.1:${port}`, dataDir: folder, database }),
      90_000,
    );
    await server.stop();
  } catch (error) {
    await remove();
    throw error;
  }
  return { template: { day, dataDir: DATABASE_URL ? undefined : folder, databaseName }, remove };
}

/**
 * Starts the real server (built web app, demo data) on a random port with a database of its own: PGlite in a
 * temporary directory, or a new PostgreSQL database when DATABASE_URL is set. Both start as a copy of the run's demo
 * template when it was seeded today, and are seeded by the server otherwise.
 */
export async function startApp(options: {
  smtpUrl: string;
  smsUrl: string;
  /** Serve HTTPS with the generated local certificate (what Google sign-in needs). */
  tls?: boolean;
  env?: Record<string, string>;
  template?: DemoTemplate;
}): Promise<RunningApp> {
  const port = await freePort();
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'financeiro-e2e-'));
  const template = options.template?.day === todayInSaoPaulo() ? options.template : undefined;
  if (template?.dataDir) cpSync(template.dataDir, dataDir, { recursive: true });
  const { DATABASE_URL } = loadEnv();
  const dbName = DATABASE_URL ? `e2e_${randomUUID().replaceAll('-', '')}` : undefined;
  const database =
    DATABASE_URL && dbName ? await createDatabase(DATABASE_URL, dbName, template?.databaseName) : undefined;
  const server = await startServerProcess({
    ...serverEnv({ port, url, dataDir, database }),
    SMTP_URL: options.smtpUrl,
    SMS_HTTP_URL: options.smsUrl,
    TLS: options.tls ? 'true' : 'false',
    ...options.env,
  });
  let advancedMs = 0;
  return {
    url,
    log: server.log,
    async advanceClock(ms) {
      await server.advanceClock(ms);
      advancedMs += ms;
    },
    nowMs: () => Date.now() + advancedMs,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (DATABASE_URL && dbName) await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

/** A new database on the server of `adminUrl`, empty or a copy of `template`; answers its address. */
async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function serverEnv(options: { port: number; url: string; dataDir: string; database?: string }) {
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: options.url,
    DATA_DIR: options.dataDir,
    DEMO: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // PGlite in DATA_DIR unless the journey's own PostgreSQL database is named.
    DATABASE_URL: options.database,
  };
}
