/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/** A serious or critical rule violation that axe-core found on one screen. */
export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** The offending elements: a CSS selector and the start of the element's HTML. */
  targets: string[];
  /** The screen's path, and the title of the dialog or drawer open over it, if any. */
  screen: string;
}

declare global {
  interface Window {
    axe: { run(context: Document, options: { resultTypes: string[] }): Promise<AxeResults> };
    a11yReport(found: Violation[]): Promise<void>;
    a11yFlush(): Promise<void>;
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs in every document of the app: once the screen has settled (no request under way and no change to the page for
 * a moment), axe-core checks it again, so every screen a journey visits, every dialog it opens and every message a
 * form shows is checked as a person would see it. Serious and critical violations are handed to the test.
 */
function watchInPage(appOrigin: string): void {
  if (location.origin !== appOrigin) return;
  // Long enough for Mantine's transitions (up to about 300 ms) to end, so nothing is checked half faded in.
  const quietMs = 400;
  let inFlight = 0;
  let lastChange = Date.now();
  let changedSinceCheck = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();

  const screenName = () => {
    const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
    const dialog = dialogs.at(-1);
    const labelId = dialog?.getAttribute('aria-labelledby');
    const title = dialog?.getAttribute('aria-label') ?? (labelId ? document.getElementById(labelId)?.textContent : '');
    return title ? `${location.pathname} › ${title}` : location.pathname;
  };
  const check = () => {
    running = running.then(async () => {
      if (!changedSinceCheck) return;
      changedSinceCheck = false;
      const screen = screenName();
      const results = await window.axe.run(document, { resultTypes: ['violations'] });
      // A select's open list scrolls while focus stays in its input (aria-activedescendant: the arrow keys move
      // through the options and scroll them), so the list itself need not take focus; axe cannot see that pattern.
      const isSelectList = (rule: string, target: unknown) =>
        rule === 'scrollable-region-focusable' &&
        typeof target === 'string' &&
        document.querySelector(target)?.closest('[role="listbox"]') != null;
      const found = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ ...v, nodes: v.nodes.filter((node) => !isSelectList(v.id, node.target.at(-1))) }))
        .filter((v) => v.nodes.length > 0)
        .map((v) => ({
          rule: v.id,
          impact: v.impact ?? '',
          help: v.help,
          targets: v.nodes.map((node) => {
            const why = [...node.any, ...node.all, ...node.none][0]?.message ?? '';
            return `${node.target.join(' ')}  ${node.html.slice(0, 160)}\n      ${why}`;
          }),
          screen,
        }));
      if (found.length > 0) await window.a11yReport(found);
    });
    return running;
  };
  // A request under way, a spinner (a screen's code still loading) or a transition still running (a menu or dialog
  // fading in or out: on a loaded machine it may outlast the quiet moment) means the screen is not what a person
  // reads yet.
  const busy = () =>
    inFlight > 0 ||
    document.querySelector('.mantine-Loader-root') !== null ||
    document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A transition ends without changing the page: look again rather than wait for the next change.
      if (busy()) schedule();
      else void check();
    }, quietMs);
  };

  const baseFetch = window.fetch.bind(window);
  window.fetch = (...args) => {
    inFlight++;
    return baseFetch(...args).finally(() => {
      inFlight--;
      schedule();
    });
  };
  new MutationObserver(() => {
    lastChange = Date.now();
    changedSinceCheck = true;
    schedule();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  window.a11yFlush = async () => {
    const giveUpAt = Date.now() + 5_000;
    while ((busy() || Date.now() - lastChange < quietMs) && Date.now() < giveUpAt)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await check();
  };
}

/**
 * Checks with axe-core every screen that the pages of this context show, and hands serious and critical violations
 * to `report`, each element once. Closing the context first checks the screen that is open.
 */
export async function watchAccessibility(
  context: BrowserContext,
  appUrl: string,
  report: (violation: Violation) => void,
): Promise<void> {
  const seen = new Set<string>();
  await context.exposeFunction('a11yReport', (found: Violation[]) => {
    // The same element (the header, the menu) is on many screens: it is reported once, on the first.
    for (const violation of found) {
      const targets = violation.targets.filter((target) => !seen.has(`${violation.rule} ${target}`));
      for (const target of targets) seen.add(`${violation.rule} ${target}`);
      if (targets.length > 0) report({ ...violation, targets });
    }
  });
  await context.addInitScript({ content: axeSource });
  await context.addInitScript(watchInPage, new URL(appUrl).origin);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await Promise.all(context.pages().map(flushAccessibility));
    await close(options);
  };
}

/** Waits for the page to settle and checks what it shows, if that was not checked yet. */
export async function flushAccessibility(page: Page): Promise<void> {
  if (page.isClosed()) return;
  // A page that is navigating away has nothing settled to check; the next document checks itself.
  await page.evaluate(() => window.a11yFlush?.()).catch(() => undefined);
}

/** One line per violation, grouped as a person fixing them would read it. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => `[${v.impact}] ${v.rule} on ${v.screen}: ${v.help}\n    ${v.targets.join('\n    ')}`)
    .join('\n');
}
