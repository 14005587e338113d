// `npm run check:books [-- --organization <slug or id>] [--data-dir <folder>]`: verifies the finance chain's invariants
// (apps/server/src/ops/books.ts, decision 0015) on a database: PostgreSQL when DATABASE_URL is set, else the embedded
// PGlite under DATA_DIR (read from apps/server, as `npm start` reads it) or the folder given. Prints one line per
// problem and exits with 1 when there are problems, 0 when the books add up, 2 when it could not check.
//
// It never changes the database. Opening it through `openDatabase` would run the migrations (and, on PGlite, VACUUM):
// a check must see a database as it is, a backup restored from an older version for instance. So it opens the
// database as is, refuses one whose migrations are not exactly this version's (its queries are written for this
// schema), and reads in one read-only transaction: one snapshot, whatever a running server writes meanwhile.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { loadEnv } from '../src/env';
import { rowsOf, type Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { checkBooks, INVARIANTS, type BookProblem } from '../src/ops/books';
import { busyHandler, claimDataDir, DataDirInUseError, requestBackup } from '../src/ops/embedded-backup';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'Uso: npm run check:books -- [--organization <slug ou id>] [--data-dir <pasta>]';

/** Says why the books could not be checked, and ends with exit code 2. */
function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function options() {
  try {
    return parseArgs({ options: { organization: { type: 'string' }, 'data-dir': { type: 'string' } } }).values;
  } catch {
    return fail(`Opção não reconhecida ou sem valor.\n${USAGE}`);
  }
}

interface Opened {
  db: Db;
  /** Where the data came from, for the summary. */
  source: string;
  close(): Promise<void>;
}

async function openPostgres(url: string): Promise<Opened> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
    source: 'PostgreSQL',
    close: () => pool.end(),
  };
}

/**
 * The PGlite folder: while a server holds it, the copy the server takes between two transactions (as `npm run
 * backup` asks for it), checked in memory; otherwise the folder itself, claimed so that no server opens it meanwhile.
 */
async function openPglite(dataDir: string): Promise<Opened> {
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    fail(`Não há banco de dados em ${dataDir} (confira DATA_DIR ou --data-dir).`);
  const copy = await requestBackup(dataDir);
  if (copy) {
    const client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(copy)]) });
    return {
      db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
      source: `PGlite em ${dataDir}, cópia tirada pelo servidor em execução`,
      close: () => client.close(),
    };
  }
  const claim = await claimDataDir(dataDir, busyHandler).catch((error: unknown) => {
    if (error instanceof DataDirInUseError) fail(`${error.message} Tente de novo.`);
    throw error;
  });
  const client = await PGlite.create(dataDir);
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    source: `PGlite em ${dataDir}`,
    async close() {
      await client.close();
      await claim.close();
    },
  };
}

/** Refuses a database whose applied migrations are not this version's: the check's queries are written for it. */
async function mustBeMigrated(db: Db): Promise<void> {
  const journal = JSON.parse(readFileSync(join(serverDir, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const expected = journal.entries.length;
  const latest = Math.max(...journal.entries.map((e) => e.when));
  const [applied] = await db
    .execute(sql`select count(*)::int as n, max(created_at)::bigint as latest from drizzle.__drizzle_migrations`)
    .then(
      (result) => rowsOf<{ n: number; latest: string | null }>(result),
      () => fail('Este banco não tem as migrações do Financeiro: inicie o servidor uma vez sobre ele.'),
    );
  if (applied?.n !== expected || Number(applied.latest) !== latest) {
    fail(
      `O banco tem ${applied?.n ?? 0} migrações aplicadas; esta versão do Financeiro tem ${expected}. ` +
        'Confira com a mesma versão que o usa, ou inicie o servidor desta versão uma vez para migrá-lo.',
    );
  }
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

const args = options();
const env = loadEnv();
const opened = env.DATABASE_URL
  ? await openPostgres(env.DATABASE_URL)
  : await openPglite(
      args['data-dir']
        ? resolve(process.env.INIT_CWD ?? process.cwd(), args['data-dir'])
        : resolve(serverDir, env.DATA_DIR),
    );
try {
  await mustBeMigrated(opened.db);
  await opened.db.transaction(
    async (tx) => {
      const organizations = rowsOf<{ id: string; slug: string }>(
        await tx.execute(sql`select id, slug from organizations order by slug`),
      );
      const wanted = args.organization;
      const only = wanted ? organizations.find((o) => o.slug === wanted || o.id === wanted) : undefined;
      if (wanted && !only) fail(`Organização "${wanted}" não encontrada (informe o slug ou o id).`);
      const problems: BookProblem[] = await checkBooks(tx, only ? { organizationId: only.id } : {});
      const slugOf = new Map(organizations.map((o) => [o.id, o.slug]));
      for (const p of problems) {
        console.log(
          `[${p.invariant}] ${slugOf.get(p.organizationId) ?? p.organizationId} ${p.table} ${p.id}: ${p.detail}`,
        );
      }
      const checked = `${plural(Object.keys(INVARIANTS).length, 'invariante', 'invariantes')} em ${
        only ? `"${only.slug}"` : plural(organizations.length, 'organização', 'organizações')
      } (${opened.source})`;
      if (problems.length === 0) {
        console.log(`Livros conferem: ${checked}, nenhum problema.`);
        return;
      }
      const affected = new Set(problems.map((p) => p.organizationId)).size;
      const counts = new Map<string, number>();
      for (const p of problems) counts.set(p.invariant, (counts.get(p.invariant) ?? 0) + 1);
      const byInvariant = [...counts].map(([invariant, n]) => `${invariant} ${n}`);
      console.log(
        `Livros com ${plural(problems.length, 'problema', 'problemas')} em ${plural(affected, 'organização', 'organizações')} (${byInvariant.join(', ')}): ${checked}.`,
      );
      process.exitCode = 1;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
} finally {
  await opened.close();
}
