// The embedded database's backups (decision 0027). PGlite lives inside the server's process, so while a server runs
// nobody else may open its folder: the server answers backup requests on a Unix socket next to the folder, and the
// same socket tells the backup and restore commands (and a second server) that the folder is taken.
import { chmodSync, mkdirSync, unlinkSync } from 'node:fs';
import { createServer, request, type RequestListener } from 'node:http';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';

/** The longest socket path every system takes whole (macOS's limit; Linux allows 107 bytes, Node cuts longer ones). */
const SOCKET_PATH_LIMIT = 103;

/** The socket of a PGlite folder: beside it, not inside it (a dump copies the folder whole). */
export function socketPathOf(dataDir: string): string {
  const path = `${resolve(dataDir)}.backup.sock`;
  if (Buffer.byteLength(path) > SOCKET_PATH_LIMIT) {
    throw new Error(
      `O caminho de DATA_DIR (${resolve(dataDir)}) é longo demais para o soquete do banco embutido, ` +
        `${path} (no máximo ${SOCKET_PATH_LIMIT} bytes): use um caminho mais curto.`,
    );
  }
  return path;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string) {
    super(`A pasta ${resolve(dataDir)} está em uso por um servidor, backup ou restauração em andamento.`);
  }
}

/** Whether a process answers on the folder's socket (a socket left by a process that died answers nothing). */
export function dataDirInUse(dataDir: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(socketPathOf(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export interface DataDirClaim {
  close(): Promise<void>;
}

/**
 * Takes the folder for this process: listens on its socket (only the owner of the process may connect), taking over
 * a socket left behind by a process that died; throws DataDirInUseError when a live process holds it.
 */
export async function claimDataDir(dataDir: string, handler: RequestListener): Promise<DataDirClaim> {
  const path = socketPathOf(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  const server = createServer(handler);
  const listen = () =>
    new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, () => {
        server.off('error', fail);
        done();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (await dataDirInUse(dataDir)) throw new DataDirInUseError(dataDir);
    unlinkSync(path);
    await listen();
  }
  chmodSync(path, 0o600);
  return { close: () => new Promise((done) => server.close(() => done())) };
}

/** The server's side: `GET /backup` answers the folder as a .tar.gz taken between two transactions. */
export function backupHandler(dump: () => Promise<Blob>): RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Pedido desconhecido.');
      return;
    }
    dump().then(
      async (blob) => {
        res.writeHead(200, { 'content-type': 'application/gzip' }).end(Buffer.from(await blob.arrayBuffer()));
      },
      (error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`O servidor não conseguiu gerar o backup: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  };
}

/** What a backup or restore command answers while it holds the folder. */
export const busyHandler: RequestListener = (_req, res) => {
  res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end('Há um backup ou restauração em andamento.');
};

/** Asks the process holding the folder for a backup; null when none holds it. */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    const req = request({ socketPath: socketPathOf(dataDir), path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) done(body);
        else fail(new Error(body.toString('utf8')));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') done(null);
      else fail(error);
    });
    req.end();
  });
}

/** `financeiro-2025-03-31-142530.tar.gz`: the moment in America/Sao_Paulo, as the operator reads a clock. */
export function backupFileName(now = new Date()): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `financeiro-${part.year}-${part.month}-${part.day}-${part.hour}${part.minute}${part.second}.tar.gz`;
}

/** Runs one SQL statement: PGlite's `query` and node-postgres' `Client.query` both fit. */
export type RunSql = (text: string) => Promise<{ rows: unknown[] }>;

/** Every table's row count (migrations' bookkeeping included), by `schema.table`. */
export async function countRows(run: RunSql): Promise<Record<string, number>> {
  const { rows } = await run(
    `select schemaname || '.' || tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows as { name: string }[]) {
    const quoted = name
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
    const [row] = (await run(`select count(*)::int as n from ${quoted}`)).rows as { n: number }[];
    counts[name] = row?.n ?? 0;
  }
  return counts;
}
