import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

export interface PrivatePostgres {
  /** Connection string of the cluster's `postgres` database (trust authentication, user `postgres`). */
  url: string;
  /** `pg_ctl restart -m <mode>`: `fast` ends the sessions cleanly, `immediate` kills them and recovers from the WAL. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster and removes its folder. */
  stop(): Promise<void>;
}

/** Where initdb and pg_ctl are: `pg_config --bindir`, else the PATH; null when either is missing. */
export function postgresBinaries(): { initdb: string; pgCtl: string } | null {
  const folders: string[] = [];
  try {
    folders.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  } catch {
    // No pg_config: the PATH alone.
  }
  folders.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  const find = (name: string) => folders.map((folder) => join(folder, name)).find((path) => existsSync(path));
  const initdb = find('initdb');
  const pgCtl = find('pg_ctl');
  return initdb && pgCtl ? { initdb, pgCtl } : null;
}

/**
 * A PostgreSQL cluster of its own for a test or a bench, in a temporary folder, listening on 127.0.0.1 at a free
 * port (never the machine's own server), so that it can be restarted without disturbing anyone else. PostgreSQL
 * refuses to run as root: as root the cluster belongs to the `postgres` user.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binaries = postgresBinaries();
  if (!binaries) throw new Error('initdb and pg_ctl not found (pg_config --bindir, PATH)');
  const folder = mkdtempSync(join(tmpdir(), 'financeiro-pg-'));
  const dataDir = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const port = await freePort();
  const pgCtl = (args: string[]) =>
    as(binaries.pgCtl, ['-D', dataDir, '-l', join(folder, 'server.log'), '-w', '-t', '120', ...args]);

  await as(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  // The socket goes to the cluster's own folder; pg_ctl restart reuses these options.
  await pgCtl(['-o', `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder}`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async (mode) => {
      await pgCtl(['-m', mode, 'restart']);
    },
    stop: async () => {
      await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
