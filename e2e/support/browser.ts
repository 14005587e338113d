import { existsSync, mkdirSync } from 'node:fs';
import { expect } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const screenshotDir = 'test-results/screenshots';

/** Saves a full-page screenshot as a test artifact (the harness's picture of the page a journey failed on). */
export async function saveScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage });
}

/**
 * A journey's picture of a screen, for a person to look at: saved when E2E_SCREENSHOTS=1 (`E2E_SCREENSHOTS=1 npm test
 * -- e2e/…`). Encoding a full page costs the browser a tenth of a second or more, some 150 times a run, and the
 * pictures assert nothing, so a plain run takes none.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '1') await saveScreenshot(page, name, fullPage);
}

/** What a signed-in page on Matriz keeps in localStorage (the session and the unit chosen), by server and user. */
const signedIn = new Map<string, [string, string][]>();

/**
 * Signs a demo user in (the administrator unless named) and chooses the Matriz unit; resolves on the dashboard. The
 * first time in a run for a server and a user it goes through the sign-in screen and the unit's choice; later pages
 * (each in a browser context of its own) start from what that page kept, as a person's second tab would, unless that
 * session has ended (signed out everywhere), when it signs in again. The sign-in itself is the subject of its own
 * journeys; elsewhere it is the way in.
 */
export async function signInToMatriz(page: Page, appUrl: string, username = 'admin'): Promise<void> {
  const key = `${appUrl} ${username}`;
  const kept = signedIn.get(key);
  if (kept) {
    // Once per page: a sign-out later in the journey is not undone by the next navigation.
    await page.context().addInitScript((entries) => {
      if (sessionStorage.getItem('e2e.kept-session')) return;
      sessionStorage.setItem('e2e.kept-session', '1');
      for (const [name, value] of entries) localStorage.setItem(name, value);
    }, kept);
    await page.goto(`${appUrl}/dashboard`);
    // The main layout drawn (its shortcuts listening), or the sign-in screen of a session that ended.
    await page
      .locator('main')
      .or(page.getByRole('button', { name: 'Entrar' }))
      .first()
      .waitFor();
    if (new URL(page.url()).pathname === '/dashboard') return;
    signedIn.delete(key);
    await page.evaluate(() => localStorage.clear());
  }
  await page.goto(`${appUrl}/auth/sign-in`);
  await page.getByLabel('Usuário', { exact: true }).fill(username);
  await page.getByLabel('Senha', { exact: true }).fill('Demo@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/select-tenant\/unit/);
  await page.getByText('Matriz').first().click();
  await page.waitForURL(/\/dashboard/);
  await page.locator('main').waitFor();
  signedIn.set(key, await page.evaluate(() => Object.entries(localStorage)));
}

/**
 * Chooses, in the open dialog's reference select labelled `label`, the option found by typing `search`. The list may
 * still be redrawn as its choices arrive: it clicks without waiting for it to be still, and checks that a choice was
 * taken (its whole name in the field), not only the typed search. Once the name is there it stops: typing the search
 * again over a choice whose list was still closing would offer the chosen option again, and a click on the chosen
 * option takes it back. Options arrive from the server: on a busy machine (the whole suite in parallel) that has
 * taken more than 15 seconds.
 */
export async function chooseOption(page: Page, label: string, search: string, nth = 0): Promise<void> {
  const input = page.getByRole('dialog').getByLabel(label).nth(nth);
  const searched = new RegExp(search, 'i');
  // A click that lands while the list is redrawn may take the option drawn there a moment later (the saved one):
  // then the field shows another name, and the choice is made again, as a person seeing it would.
  for (let attempt = 1; ; attempt++) {
    await chooseOnce(input, search, searched);
    try {
      await expect.poll(() => input.inputValue(), { timeout: 5_000 }).toMatch(searched);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function chooseOnce(input: Locator, search: string, searched: RegExp): Promise<void> {
  const page = input.page();
  await input.fill(search);
  const option = page.getByRole('option', { name: searched }).first();
  await expect
    .poll(
      async () => {
        const shown = await input.inputValue();
        if (shown.length > search.length && searched.test(shown)) return shown;
        if ((await input.getAttribute('aria-expanded')) === 'true')
          await option.click({ force: true, timeout: 2_000 }).catch(() => undefined);
        // A form still loading may put its saved choice into the field around the typed search: type it again.
        else if (shown !== search) await input.fill(search);
        else await input.press('ArrowDown');
        return '';
      },
      { timeout: 30_000 },
    )
    .toMatch(searched);
  // The choice is made; a list that a late render opened again is closed by leaving the field, as a person would.
  await expect
    .poll(
      async () => {
        const expanded = await input.getAttribute('aria-expanded');
        if (expanded === 'true') await input.evaluate((field) => (field as HTMLInputElement).blur());
        return expanded;
      },
      { timeout: 10_000 },
    )
    .not.toBe('true');
}

/** Chooses a tab, clicking again while it is not chosen: a click that lands while a drawer still opens may be lost. */
export async function selectTab(tab: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
        return tab.getAttribute('aria-selected');
      },
      { timeout: 15_000 },
    )
    .toBe('true');
}
