import { defineConfig } from 'vitest/config';

// Timeouts here guard against a test that hangs; they are no measure of speed. A test is bounded by the work it
// does (a property test by its number of runs), so each is set well above what a loaded machine takes. Speed is
// measured by the benchmarks under bench/, and `npm test` lists the slowest files at its end.
// `npm test` (scripts/test.mjs) runs e2e in one Vitest process and the other projects in another, side by side.

// expect.poll gives up after 1 s by default, which a loaded machine can pass before a list has answered; a poll
// returns as soon as it holds, so its limit, like Playwright's 30 s for a locator, only ends one that never will.
const POLL = { timeout: 30_000, interval: 50 };

// Vitest's default is one worker fewer than the machine's cores: one on a 2-core machine, which left a core idle
// while the server project ran its files one by one. Two files at a time per run keep both cores busy.
const WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          // The project's own lint rules are pure code too.
          include: ['packages/core/src/**/*.test.ts', 'eslint/**/*.test.js'],
          testTimeout: 120_000,
          maxWorkers: WORKERS,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], testTimeout: 120_000, maxWorkers: WORKERS } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: POLL },
          maxWorkers: WORKERS,
          // The files share their worker's loaded modules instead of loading the server's anew each (some 3 s of
          // a core per file). Each builds its own database and app, and none mocks a module; a test that moves the
          // clock puts it back (clock.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          expect: { poll: POLL },
          maxWorkers: WORKERS,
          // Run alone (`npx vitest run` of every project), after the others; `npm test` runs it in a process of its own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
