import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadEnv } from '../../apps/server/src/env';
import { freePort } from '../../apps/server/src/test/ports';

export interface RunningApp {
  url: string;
  log: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real server (built web app, demo data) on a random port with a fresh database: PGlite in a temporary
 * directory, or a new PostgreSQL database when DATABASE_URL is set.
 */
export async function startApp(options: {
  smtpUrl: string;
  smsUrl: string;
  /** Serve HTTPS with the generated local certificate (what Google sign-in needs). */
  tls?: boolean;
  env?: Record<string, string>;
}): Promise<RunningApp> {
  const port = await freePort();
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'financeiro-e2e-'));
  const { DATABASE_URL } = loadEnv();
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (DATABASE_URL) {
    dbName = `e2e_${randomUUID().replaceAll('-', '')}`;
    await adminQuery(DATABASE_URL, `CREATE DATABASE ${dbName}`);
    const u = new URL(DATABASE_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SMTP_URL: options.smtpUrl,
    SMS_HTTP_URL: options.smsUrl,
    DEMO: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    TLS: options.tls ? 'true' : 'false',
    ...options.env,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { env, stdio: 'pipe' });
  const log: string[] = [];
  await waitForReady(child, log);
  return {
    url,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (DATABASE_URL && dbName) await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

function waitForReady(child: ChildProcess, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`o servidor não ficou pronto:\n${log.join('')}`)), 90_000);
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.join('').includes('Financeiro pronto em')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`o servidor terminou (código ${code}):\n${log.join('')}`));
    });
  });
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
