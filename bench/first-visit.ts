// What a first visit downloads: the built web app (apps/web/dist, `npm run build` first) served by the real server,
// opened in Chromium with an empty cache at the sign-in screen. Prints the bytes that crossed the network for the
// screen itself and, separately, for what the service worker then stores for offline use. Run: npm run bench:first-visit
// (an argument names another build folder, e.g. a copy without the .br and .gz files, to compare).
import { fileURLToPath } from 'node:url';
import type { Request } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { createTestApp } from '../apps/server/src/test/app';

const dist = process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const t = await createTestApp({ WEB_DIST: dist });
const browser = await launchBrowser();
try {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const context = await browser.newContext({ locale: 'pt-BR' });
  const finished: Request[] = [];
  context.on('requestfinished', (request) => finished.push(request));
  const page = await context.newPage();
  await page.goto(`${url}/auth/sign-in`);
  await page.getByLabel('Senha', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  // The service worker's precache runs after the screen is up; give it time to finish.
  await page.waitForTimeout(3_000);

  const total = async (requests: Request[]) => {
    let sum = 0;
    for (const request of requests) {
      const response = await request.response();
      // A 304 or a response served from the cache carried no body over the network.
      if (response && response.status() === 200 && !response.fromServiceWorker())
        sum += (await request.sizes()).responseBodySize;
    }
    return sum;
  };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const bySw = finished.filter((request) => request.serviceWorker() !== null);
  const byPage = finished.filter((request) => request.serviceWorker() === null);
  const [screen, precache] = [await total(byPage), await total(bySw)];
  console.log(`sign-in screen: ${byPage.length} requests, ${kb(screen)} transferred`);
  console.log(`service worker precache: ${bySw.length} requests, ${kb(precache)} transferred`);
  console.log(
    `RESULT first-visit screen_kib=${(screen / 1024).toFixed(0)} precache_kib=${(precache / 1024).toFixed(0)}`,
  );
} finally {
  await browser.close();
  await t.close();
}
