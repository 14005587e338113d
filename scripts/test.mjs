// `npm test`: builds the web app (the end-to-end suite drives the built app), runs every Vitest project and
// closes with one plain summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });

const build = run('npm', ['run', 'build', '-w', 'apps/web']);
if (build.status !== 0) process.exit(build.status ?? 1);

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const tests = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = result.numPendingTests + result.numTodoTests;
  console.log(`\n${result.numPassedTests} passed, ${result.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.log('\nNo test report was written.');
}
process.exit(tests.status ?? 1);
