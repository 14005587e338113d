import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env';
import { runFaults } from './test/faults';
import { adminQuery } from './test/postgres-admin';

const { DATABASE_URL } = loadEnv();

// The fault rounds of `npm run bench:faults` (apps/server/src/test/faults.ts), one kill per kind on smaller work (the
// bench's 20 per kind take the better part of an hour): on PGlite (a folder of its own) or, in the PostgreSQL stage,
// on a database of its own.
describe('kill -9 during money work', () => {
  const folder = DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'financeiro-faults-'));
  const name = `faults_${randomUUID().replaceAll('-', '')}`;

  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (DATABASE_URL) await adminQuery(DATABASE_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('leaves every settlement, import and conclusion whole or absent, the books clean, and a retry whole once', async () => {
    let database: { databaseUrl: string } | { dataDir: string } = { dataDir: join(folder ?? '', 'data') };
    if (DATABASE_URL) {
      await adminQuery(DATABASE_URL, `CREATE DATABASE ${name}`);
      const url = new URL(DATABASE_URL);
      url.pathname = `/${name}`;
      database = { databaseUrl: url.toString() };
    }
    const tallies = await runFaults({ kills: 1, database, settleBatch: 200, ofxLines: 1_000, reportSales: 1_000 });

    expect(tallies.map((t) => t.kind)).toEqual(['settle', 'ofx', 'mercadopago', 'conclude']);
    for (const t of tallies) {
      expect({ kind: t.kind, kills: t.kills, restartedWholeOrAbsent: t.whole + t.absent }).toEqual({
        kind: t.kind,
        kills: 1,
        restartedWholeOrAbsent: 1,
      });
      expect({ kind: t.kind, torn: t.torn, doubled: t.doubled, lost: t.lost, books: t.booksProblems }).toEqual({
        kind: t.kind,
        torn: 0,
        doubled: 0,
        lost: 0,
        books: 0,
      });
    }
  }, 900_000);
});
