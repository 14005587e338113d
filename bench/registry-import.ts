// A 20,000-line suppliers import while another person keeps using the app: how long the import takes and the
// slowest `getMe` answered meanwhile (one call every 50 ms, each waiting for the previous). PGlite by default; with
// DATABASE_URL set, a fresh database on that PostgreSQL server. Run: npm run bench:import
import { performance } from 'node:perf_hooks';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';
import { cnpjNumber } from '../apps/server/src/test/documents';
import { seedDemo } from '../apps/server/src/modules/demo';
import { organizations, units } from '../apps/server/src/modules/tenancy/schema';

const ROWS = 20_000;
const PAUSE_MS = 50;

const t = await createTestApp();
try {
  await seedDemo(t.database.db);
  const [organization] = await t.database.db.select().from(organizations);
  const [unit] = await t.database.db.select().from(units);
  const selection = { organizationId: organization?.id ?? '', unitId: unit?.id ?? '' };
  const importer = await callersFor(t)('financeiro', selection);
  const other = await callersFor(t)('admin');
  await other.tenants.getMe();

  const rows = Array.from({ length: ROWS }, (_, i) => ({
    roles: ['supplier'],
    personType: 'PJ',
    document: cnpjNumber(1_000 + i),
    name: `Fornecedor ${i + 1} Comércio Ltda`,
    city: 'São Paulo',
    uf: 'SP',
  }));

  let importing = true;
  const getMeTimes: number[] = [];
  const otherUser = (async () => {
    // Each call is due PAUSE_MS after the previous answer; a late timer (the event loop held by the import) counts
    // as waiting, as a request arriving then would have waited.
    let due = performance.now();
    for (;;) {
      await other.tenants.getMe();
      getMeTimes.push(performance.now() - due);
      if (!importing) break;
      due = performance.now() + PAUSE_MS;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  })();
  const started = performance.now();
  const result = await importer.registries.suppliers.import({ rows });
  const importMs = performance.now() - started;
  importing = false;
  await otherUser;
  if (result.imported !== ROWS) throw new Error(`imported ${result.imported}: ${JSON.stringify(result.problems)}`);

  const sorted = [...getMeTimes].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(`database: ${t.database.kind}`);
  console.log(
    `getMe during the import: ${sorted.length} calls, median ${at(0.5).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`,
  );
  console.log(`RESULT import rows=${ROWS} ms=${importMs.toFixed(0)} getme_max_ms=${at(1).toFixed(0)}`);
} finally {
  await t.close();
}
