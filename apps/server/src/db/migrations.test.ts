import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('migrations', () => {
  it('agree with the Drizzle schema', () => {
    const run = spawnSync('npx', ['tsx', 'scripts/check-migrations.ts'], {
      cwd: new URL('../..', import.meta.url),
      encoding: 'utf8',
    });
    expect(run.stderr + run.stdout).toContain('Schema e migrações conferem.');
    expect(run.status).toBe(0);
  });
});
