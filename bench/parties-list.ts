// The suppliers list with 100,000 parties: how long a page takes through the API procedure (authorization,
// row-level security, count and page), for the queries a person makes. PGlite by default; with DATABASE_URL set,
// a fresh database on that PostgreSQL server. Run: npm run bench
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { seedDemo } from '../apps/server/src/modules/demo';
import { parties } from '../apps/server/src/modules/registries/schema';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';
import { cnpjNumber } from '../apps/server/src/test/documents';
import { organizations, units } from '../apps/server/src/modules/tenancy/schema';

const PARTIES = 100_000;
const RUNS = 15;
const CITIES = ['São Paulo', 'Campinas', 'Belo Horizonte', 'Curitiba', 'Recife', 'Porto Alegre', 'Goiânia'];

const t = await createTestApp();
try {
  await seedDemo(t.database.db);
  const [organization] = await t.database.db.select().from(organizations);
  const [unit] = await t.database.db.select().from(units);
  const organizationId = organization?.id ?? '';
  const started = performance.now();
  for (let i = 0; i < PARTIES; i += 1_000) {
    await t.database.db.insert(parties).values(
      Array.from({ length: 1_000 }, (_, j) => {
        const n = i + j;
        return {
          id: uuidv7(),
          organizationId,
          roles: n % 3 === 0 ? ['customer' as const, 'supplier' as const] : ['supplier' as const],
          personType: 'PJ' as const,
          document: cnpjNumber(10_000 + n),
          name: `Fornecedor ${String(n).padStart(6, '0')} Comércio Ltda`,
          city: CITIES[n % CITIES.length] ?? null,
          uf: 'SP',
        };
      }),
    );
  }
  // As autovacuum does on a server (and the app does at start on PGlite): statistics for the planner.
  await t.database.db.execute(sql`VACUUM ANALYZE parties`);
  console.log(
    `${PARTIES.toLocaleString('pt-BR')} parties inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const caller = await callersFor(t)('financeiro', { organizationId, unitId: unit?.id ?? '' });
  const queries: [string, Parameters<typeof caller.registries.suppliers.list>[0]][] = [
    ['first page, by name', {}],
    ['page 500, by name (the last the capped count offers)', { page: 500 }],
    ['page 2,000, by name (typed into the address)', { page: 2_000 }],
    ['by document, descending', { sort: 'document', direction: 'desc' }],
    ['by city', { sort: 'city' }],
    ['search "Fornecedor 0999"', { search: 'Fornecedor 0999' }],
    ['search by CNPJ digits', { search: cnpjNumber(60_000).slice(0, 8) }],
    ['active only', { status: 'active' }],
  ];
  console.log(`\nsuppliers.list, ${RUNS} runs each (ms)${' '.repeat(22)}median      p95      max`);
  const medians: Record<string, string> = {};
  const p95s: Record<string, string> = {};
  for (const [name, input] of queries) {
    await caller.registries.suppliers.list(input);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await caller.registries.suppliers.list(input);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    console.log(`${name.padEnd(56)}${at(0.5).padStart(8)}${at(0.95).padStart(9)}${at(1).padStart(9)}`);
    medians[name] = at(0.5);
    p95s[name] = at(0.95);
  }
  // The goal (p95 ≤ 20 ms on PostgreSQL, ≤ 80 ms on PGlite) is for the pages the list offers, not one typed in.
  const offered = Object.entries(p95s).filter(([name]) => !name.includes('typed'));
  const p95 = Math.max(...offered.map(([, ms]) => Number(ms)));
  console.log(
    `RESULT parties-list first_page_ms=${medians['first page, by name']} search_ms=${medians['search "Fornecedor 0999"']} document_search_ms=${medians['search by CNPJ digits']} p95_ms=${p95}`,
  );
} finally {
  await t.close();
}
