// A Vitest reporter beside the default one: for each test file, its project, its whole time (import, set-up, tests
// and hooks) and its tests by outcome, written as JSON to the file named by TEST_TIMINGS_FILE when the run ends.
// `scripts/test.mjs` reads it for the slowest files, each project's wall time and the closing line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  project: string;
  file: string;
  /** Import, set-up, tests and hooks, in seconds. */
  seconds: number;
  /** When the file started and ended, in milliseconds since the epoch. */
  startedAt: number;
  endedAt: number;
  passed: number;
  failed: number;
  skipped: number;
  /** The file itself failed (an error outside any test, such as an import that throws). */
  broken: boolean;
}

export default class TestTimings implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly files: FileTiming[] = [];

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const count = (state: 'passed' | 'failed' | 'skipped') => [...module.children.allTests(state)].length;
    const endedAt = Date.now();
    this.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      seconds:
        (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000,
      startedAt: this.started.get(module.moduleId) ?? endedAt,
      endedAt,
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped') + [...module.children.allTests('pending')].length,
      broken: module.state() === 'failed' && count('failed') === 0,
    });
  }

  onTestRunEnd(): void {
    const path = process.env.TEST_TIMINGS_FILE;
    if (!path) return;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(this.files, null, 2));
  }
}
