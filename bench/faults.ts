// Faults (issue 18): the real server killed with SIGKILL (`kill -9`) at random moments of money work, then started
// again on the same data: a batch settlement of 1,000 installments, an OFX import of 3,000 lines, a Mercado Pago
// settlement report of 3,000 sales and a purchase order's conclusion. After each restart the books check must find
// nothing, the work must be whole or absent, and the same request sent again with its idempotency key must leave it
// whole exactly once (apps/server/src/test/faults.ts). Prints per kind the kills (and how many landed before the
// answer), whole, absent, torn, doubled, lost (answered, then gone) and the books' problems; exits 1 unless torn,
// doubled, lost and problems are all 0.
//
// PGlite by default (a temporary folder); PostgreSQL when DATABASE_URL names an EMPTY database (left for inspection).
// `--kills=N` per kind (20 by default). Run: npm run bench:faults
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runFaults } from '../apps/server/src/test/faults';
import { benchFolderOrEmptyDatabase } from './support/target';

const DATABASE_URL = process.env.DATABASE_URL;
const kills = Number(process.argv.find((a) => a.startsWith('--kills='))?.split('=')[1] ?? 20);

const folder = await benchFolderOrEmptyDatabase('financeiro-faults-');

const started = Date.now();
try {
  const tallies = await runFaults({
    kills,
    database: DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: join(folder ?? '', 'data') },
    log: (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`),
  });
  const columns = ['kills', 'in flight', 'whole', 'absent', 'torn', 'doubled', 'lost', 'books'] as const;
  console.log(
    `\n${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${kills} kills per kind, ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  );
  console.log(`${'kind'.padEnd(12)}${'run (ms)'.padStart(9)}${columns.map((c) => c.padStart(10)).join('')}`);
  for (const t of tallies) {
    const values = [t.kills, t.inFlight, t.whole, t.absent, t.torn, t.doubled, t.lost, t.booksProblems];
    console.log(
      `${t.kind.padEnd(12)}${t.measuredMs.toFixed(0).padStart(9)}${values.map((v) => String(v).padStart(10)).join('')}`,
    );
  }
  const sum = (pick: (t: (typeof tallies)[number]) => number) => tallies.reduce((n, t) => n + pick(t), 0);
  const torn = sum((t) => t.torn);
  const doubled = sum((t) => t.doubled);
  const lost = sum((t) => t.lost);
  const problems = sum((t) => t.booksProblems);
  console.log(
    `RESULT faults kills=${sum((t) => t.kills)} torn=${torn} doubled=${doubled} books_problems=${problems} lost=${lost}`,
  );
  if (torn + doubled + lost + problems > 0) process.exitCode = 1;
} finally {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
