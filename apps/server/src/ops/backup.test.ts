import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { USER_POOL_CLIENT_ID } from '@financeiro/core';
import { loadEnv } from '../env';
import { openDatabase, rowsOf, type Db } from '../db/client';
import * as schema from '../db/schema';
import { seedDemo } from '../modules/demo';
import { callIdentity } from '../test/identity-server';
import { freePort } from '../test/ports';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { checkBooks } from './books';
import { countRows, type RunSql } from './embedded-backup';

const { DATABASE_URL } = loadEnv();
const SCRIPTS = fileURLToPath(new URL('../../scripts/', import.meta.url));

/**
 * What a backup must keep: every table's row count, the money (settled, per account, due), and the books check's
 * problems (none, on the demo's books).
 */
async function fingerprint(db: Db) {
  const run: RunSql = async (text) => ({ rows: rowsOf(await db.execute(sql.raw(text))) });
  return {
    rows: await countRows(run),
    settlements: (
      await run(`select count(*)::int as n, sum(principal)::text as principal,
          sum(interest + fine - discount)::text as charges from ledger_settlements`)
    ).rows[0] as { n: number; principal: string; charges: string },
    movementsByAccount: (
      await run(`select account_id, count(*)::int as n, sum(amount)::text as total
          from account_movements group by account_id order by account_id`)
    ).rows,
    installments: (await run(`select count(*)::int as n, sum(amount)::text as total from ledger_installments`)).rows,
    books: await checkBooks(db),
  };
}

async function fingerprintOfFolder(dataDir: string) {
  const client = await PGlite.create(dataDir);
  try {
    return await fingerprint(drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db);
  } finally {
    await client.close();
  }
}

/** `npm run backup` / `npm run restore` as the operator runs them, on the given folder. */
function operatorCommand(script: 'backup' | 'restore', dataDir: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(SCRIPTS, `${script}.ts`), ...args], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ status: number | null; output: string }>((done) =>
    child.once('close', (status) => done({ status, output })),
  );
}

// The embedded database exists only in the PGlite run of the suite; the PostgreSQL run checks pg_dump below.
describe.skipIf(DATABASE_URL)('backup of the embedded database', () => {
  const work = mkdtempSync(join(tmpdir(), 'financeiro-backup-'));
  const dataDir = join(work, 'data');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('is taken while the server writes, restores into a new folder and opens with the same rows and money', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    server = await startServerProcess({
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    });

    // Sign-ups, each a user and its confirmation mail written in one transaction, one after another from before
    // the backup starts until after it ends: the copy holds some of them, each one whole.
    const signUp = (i: number) =>
      callIdentity(url, 'SignUp', {
        ClientId: USER_POOL_CLIENT_ID,
        Username: `pessoa${i}`,
        Password: 'Senha#Forte1',
        UserAttributes: [{ Name: 'email', Value: `pessoa${i}@example.com.br` }],
      });
    const statuses: number[] = [];
    let signUpsAfterBackup = 3;
    let backupEnded = false;
    const load = (async () => {
      while (signUpsAfterBackup > 0) {
        statuses.push((await signUp(statuses.length)).status);
        if (backupEnded) signUpsAfterBackup--;
      }
    })();
    while (statuses.length < 3) await new Promise((r) => setTimeout(r, 20));
    const during = join(work, 'durante.tar.gz');
    const backup = await operatorCommand('backup', dataDir, [during]);
    backupEnded = true;
    await load;
    expect(backup.output).toContain('copiado pelo servidor em execução');
    expect(backup.status).toBe(0);
    expect(statuses).toEqual(statuses.map(() => 200));

    // The folder belongs to the running server: restoring over it is refused, even with --force.
    const refused = await operatorCommand('restore', dataDir, [during, '--force']);
    expect(refused.output).toContain('Pare o servidor antes de restaurar');
    expect(refused.status).toBe(1);

    const restoredDuring = join(work, 'restaurado-durante');
    expect((await operatorCommand('restore', restoredDuring, [during])).status).toBe(0);
    expect((await fingerprintOfFolder(restoredDuring)).books).toEqual([]);
    const client = await PGlite.create(restoredDuring);
    const people = await client.query<{ username: string; mails: number }>(
      `select u.username, (select count(*)::int from outbox o where o.recipient = u.email) as mails
         from users u where u.username like 'pessoa%'`,
    );
    const orphanMails = await client.query<{ n: number }>(
      `select count(*)::int as n from outbox o where o.recipient like 'pessoa%'
          and not exists (select 1 from users u where u.email = o.recipient)`,
    );
    await client.close();
    expect(people.rows.length).toBeGreaterThanOrEqual(3);
    expect(people.rows.length).toBeLessThan(statuses.length);
    expect(people.rows.every((p) => p.mails === 1)).toBe(true);
    expect(orphanMails.rows[0]?.n).toBe(0);

    // Once the writes are over, a backup of the running server holds exactly what the folder holds when it stops.
    const after = join(work, 'depois.tar.gz');
    expect((await operatorCommand('backup', dataDir, [after])).status).toBe(0);
    await server.stop();
    const source = await fingerprintOfFolder(dataDir);
    expect(source.books).toEqual([]);

    const restored = join(work, 'restaurado');
    const restore = await operatorCommand('restore', restored, [after]);
    expect(restore.output).toContain('Banco restaurado em');
    expect(restore.status).toBe(0);
    const restoredPrint = await fingerprintOfFolder(restored);
    expect(restoredPrint.books).toEqual([]);
    expect(restoredPrint).toEqual(source);
    expect(source.settlements.n).toBeGreaterThan(0);
    expect(source.rows['public.users']).toBeGreaterThan(statuses.length);

    // Over a folder that has a database, the restore asks for --force, and with it replaces the folder.
    const refusedOver = await operatorCommand('restore', restored, [during]);
    expect(refusedOver.output).toContain('--force');
    expect(refusedOver.status).toBe(1);
    expect((await operatorCommand('restore', restored, [during, '--force'])).status).toBe(0);
    expect(await fingerprintOfFolder(restored)).toEqual(await fingerprintOfFolder(restoredDuring));
    expect(existsSync(`${restored}.substituida`)).toBe(false);
  }, 600_000);
});

const pgTools = spawnSync('pg_restore', ['--version']).status === 0 && spawnSync('pg_dump', ['--version']).status === 0;

// Runs in the PostgreSQL run of the suite; skipped without pg_dump and pg_restore on the machine (a PostgreSQL
// server without its client programs), since the documented path is those two programs.
describe.skipIf(!DATABASE_URL || !pgTools)('pg_dump and pg_restore of a PostgreSQL database', () => {
  const suffix = randomUUID().replaceAll('-', '');
  const names = [`bk_src_${suffix}`, `bk_dst_${suffix}`];
  const work = mkdtempSync(join(tmpdir(), 'financeiro-pgdump-'));
  const urlOf = (name: string) => {
    const url = new URL(DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    return url.toString();
  };
  const fingerprintOf = (url: string) =>
    onServer(url, (c) => fingerprint(drizzlePg(c, { schema, casing: 'snake_case' }) as unknown as Db));
  async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    for (const name of names)
      await onServer(DATABASE_URL ?? '', (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('restores into a fresh database with the same rows and money, which the server then opens unchanged', async () => {
    const [source = '', target = ''] = names.map(urlOf);
    await onServer(DATABASE_URL ?? '', async (c) => {
      for (const name of names) await c.query(`CREATE DATABASE ${name}`);
    });
    const database = await openDatabase({
      databaseUrl: source,
      prepare: async (db) => void (await seedDemo(db, { samples: true })),
    });
    await database.close();
    const before = await fingerprintOf(source);
    expect(before.books).toEqual([]);

    const file = join(work, 'financeiro.dump');
    const dump = spawnSync('pg_dump', ['--format=custom', `--file=${file}`, source], { encoding: 'utf8' });
    expect(dump.stderr).toBe('');
    expect(dump.status).toBe(0);
    const restore = spawnSync(
      'pg_restore',
      ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${target}`, file],
      { encoding: 'utf8' },
    );
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const restored = await fingerprintOf(target);
    expect(restored.books).toEqual([]);
    expect(restored).toEqual(before);
    expect(before.settlements.n).toBeGreaterThan(0);
    // The server's start on the restored database (migrations, grants, demo check) finds nothing to do.
    const reopened = await openDatabase({
      databaseUrl: target,
      prepare: async (db) => void (await seedDemo(db, { samples: true })),
    });
    await reopened.close();
    expect(await fingerprintOf(target)).toEqual(before);
  }, 600_000);
});
