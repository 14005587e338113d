import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { Mailbox } from '../../apps/server/src/test/mailbox';
import { SmsSink } from '../../apps/server/src/test/sms-sink';
import { describeViolations, flushAccessibility, watchAccessibility, type Violation } from './accessibility';
import { launchBrowser, saveScreenshot } from './browser';
import { startApp, type RunningApp } from './server';

export interface Harness {
  readonly mailbox: Mailbox;
  readonly sms: SmsSink;
  readonly app: RunningApp;
  /** A page in a fresh browser context (its own cookies and storage), in pt-BR and São Paulo time. */
  newPage(width?: number, height?: number, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Registers, for the enclosing describe, what a journey needs: a local mailbox and SMS sink, the real server with
 * demo data on a database of its own (a copy of the run's seeded demo), Chromium, and a screenshot of the last page
 * when a journey fails. Every screen a journey's pages show is checked with axe-core; a serious or critical violation
 * fails the journey.
 */
export function useHarness(options: { tls?: boolean; env?: () => Record<string, string> } = {}): Harness {
  let mailbox: Mailbox | undefined;
  let sms: SmsSink | undefined;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let lastPage: Page | undefined;
  let pages: Page[] = [];
  let violations: Violation[] = [];

  beforeAll(async () => {
    mailbox = new Mailbox();
    await mailbox.start();
    sms = new SmsSink();
    await sms.start();
    app = await startApp({
      smtpUrl: mailbox.url,
      smsUrl: sms.url,
      tls: options.tls,
      env: options.env?.(),
      template: inject('demoTemplate'),
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await mailbox?.stop();
    await sms?.stop();
  });

  beforeEach(() => {
    pages = [];
    violations = [];
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && lastPage && !lastPage.isClosed()) {
      const name = `failed-${ctx.task.name.slice(0, 60).replace(/[^a-z0-9]+/gi, '-')}`;
      await saveScreenshot(lastPage, name).catch(() => undefined);
    }
    await Promise.all(pages.map(flushAccessibility));
    if (violations.length > 0)
      throw new Error(`axe-core found serious or critical violations:\n${describeViolations(violations)}`);
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the harness starts in beforeAll');
    return value;
  };
  return {
    get mailbox() {
      return ready(mailbox);
    },
    get sms() {
      return ready(sms);
    },
    get app() {
      return ready(app);
    },
    async newPage(width = 1280, height = 800, contextOptions = {}) {
      const context = await ready(browser).newContext({
        viewport: { width, height },
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        // As someone who asked for less motion: screens appear without transitions, so nothing is checked or
        // clicked half drawn, and the browser draws no frames between (about a tenth of a journey's work).
        reducedMotion: 'reduce',
        ...contextOptions,
      });
      await watchAccessibility(context, ready(app).url, (violation) => violations.push(violation));
      lastPage = await context.newPage();
      pages.push(lastPage);
      return lastPage;
    },
  };
}
