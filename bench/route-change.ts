// Route changes in Chromium over the payables bench data set (1,000,000 installments, the demo organization's 10,000
// among them): the finance user signs in to the demo's Matriz unit, then follows the sidebar from the dashboard to
// contas a pagar, contas a receber, extrato and a report, and back to the dashboard, several rounds. Each figure runs
// in the page from the link's click to the next screen's data on screen (a new element of the screen's data, its
// query settled). The first round also loads each screen's code; later rounds show cached data while it refreshes.
// Serves the built web app (apps/web/dist: `npm run build` first). PGlite by default; with DATABASE_URL set, a fresh
// database on that PostgreSQL server. Run: npm run bench:routes (`-- --small` for a quick run on a small data set).
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { launchBrowser, signInToMatriz } from '../e2e/support/browser';
import { freePort } from '../apps/server/src/test/ports';
import { createTestApp } from '../apps/server/src/test/app';
import { callersFor } from '../apps/server/src/test/callers';
import { buildLedgerData, LEDGER_BENCH_SIZE } from './support/ledger-data';

const ROUNDS = 5;
const size = process.argv.includes('--small')
  ? { organizations: 2, parties: 1_000, documents: 1_000 }
  : LEDGER_BENCH_SIZE;

/** A sidebar entry, and what shows its data once it arrived: an element, and the text it then holds. */
const STEPS: { link: string; path: string; data: string; text?: string }[] = [
  {
    link: 'Contas a pagar',
    path: '/contas/pagar',
    data: '[role="status"][aria-label="Totais do filtro"][aria-busy="false"]',
  },
  {
    link: 'Contas a receber',
    path: '/contas/receber',
    data: '[role="status"][aria-label="Totais do filtro"][aria-busy="false"]',
  },
  {
    link: 'Extrato',
    path: '/contas/extrato',
    // The month's figures of the first account (a dash until an account is chosen and its statement arrived).
    data: '[role="region"][aria-label="Resumo do período"][aria-busy="false"]',
    text: 'R\\$',
  },
  {
    link: 'Contas a pagar por status',
    path: '/relatorios/cp_status',
    data: '[role="region"][aria-label="Contas a pagar por status"]',
  },
  {
    link: 'Painel',
    path: '/dashboard',
    // A card of today's money, a link to the list behind its figure.
    data: 'a[data-card="overduePayables"]',
  },
];

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const t = await createTestApp({
  WEB_DIST: fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
  PUBLIC_URL: url,
});
const browser = await launchBrowser();
try {
  const started = performance.now();
  const { organizationId, unitId } = await buildLedgerData(t.database.db, size);
  // The data set moves no money: the statement shows a checking account's month, with no movements in it.
  const admin = await callersFor(t)('admin', { organizationId, unitId });
  const type = await admin.registries.accountTypes.create({ name: 'Conta do benchmark', kind: 'checking' });
  await admin.registries.accounts.create({
    name: 'Banco do benchmark',
    accountTypeId: type.id,
    openingBalance: 100_000_00,
    openingDate: '2024-01-01',
    unitIds: [unitId],
  });
  console.log(`data set ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await t.app.listen({ port, host: '127.0.0.1' });

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await signInToMatriz(page, url, 'financeiro');
  await page
    .locator(STEPS.at(-1)?.data ?? '')
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');

  const times = new Map<string, number[]>(STEPS.map((step) => [step.link, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const step of STEPS) {
      const link = page.getByRole('navigation').getByRole('link', { name: step.link, exact: true });
      await link.waitFor();
      // Marks what shows data now, clicks, and waits for an unmarked element of the next screen's data: the timing
      // is the page's own, with no round trip to the benchmark in it.
      const handle = await link.elementHandle();
      const ms = await page.evaluate(
        ([anchor, path, selector, text]) =>
          new Promise<number>((resolve) => {
            const seen = new WeakSet(document.querySelectorAll(selector));
            const start = performance.now();
            const observer = new MutationObserver(() => {
              const shown = [...document.querySelectorAll(selector)].some(
                (node) => !seen.has(node) && new RegExp(text).test(node.textContent ?? ''),
              );
              if (location.pathname !== path || !shown) return;
              observer.disconnect();
              resolve(performance.now() - start);
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
            setTimeout(() => {
              observer.disconnect();
              resolve(Number.NaN);
            }, 30_000);
            (anchor as HTMLElement).click();
          }),
        [handle, step.path, step.data, step.text ?? ''] as const,
      );
      if (Number.isNaN(ms)) throw new Error(`${step.link}: no data on screen 30 s after the click`);
      times.get(step.link)?.push(ms);
      // The screen's later requests (charts, counts) finish before the next click.
      await page.waitForLoadState('networkidle');
    }
  }

  const all = [...times.values()].flat().sort((a, b) => a - b);
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
  console.log(`\n${(size.organizations * size.documents * 2).toLocaleString('pt-BR')} installments`);
  console.log(`click to the next screen's data (ms), ${ROUNDS} rounds          first   median      max`);
  for (const [name, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${`→ ${name}`.padEnd(52)}${(list[0] ?? 0).toFixed(0).padStart(8)}${at(sorted, 0.5).toFixed(0).padStart(9)}${at(sorted, 1).toFixed(0).padStart(9)}`,
    );
  }
  const firsts = [...times.values()].map((list) => list[0] ?? 0);
  console.log(
    `RESULT routes p95_ms=${at(all, 0.95).toFixed(0)} median_ms=${at(all, 0.5).toFixed(0)} first_max_ms=${Math.max(...firsts).toFixed(0)} installments=${size.organizations * size.documents * 2}`,
  );
} finally {
  await browser.close();
  await t.close();
}
