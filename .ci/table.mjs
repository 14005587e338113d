// The table that ends a CI run: each stage's wall time, and inside the test stages each project on each database
// (from the summaries `npm test` writes). Usage: node .ci/table.mjs <stages file> <total seconds>
import { existsSync, readFileSync } from 'node:fs';

const [stagesFile, totalSeconds] = process.argv.slice(2);
const summary = (database) => {
  const path = `test-results/summary-${database}.json`;
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
};
const pglite = summary('pglite');
const postgresql = summary('postgresql');

const rows = [];
const projectRows = (s, database) => {
  if (!s) return;
  for (const [name, p] of Object.entries(s.projects))
    rows.push([
      `  ${name} on ${database}`,
      p.wallSeconds,
      `${p.files} files, ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`,
    ]);
};
for (const line of readFileSync(stagesFile, 'utf8').split('\n').filter(Boolean)) {
  const [name, seconds, mode] = line.split('|');
  rows.push([name, Number(seconds), mode === 'parallel' ? 'in parallel with the other stages so marked' : '']);
  if (name === 'npm test (PGlite)') {
    if (pglite?.buildSeconds != null) rows.push(['  web build', pglite.buildSeconds, 'npm run build, inside npm test']);
    projectRows(pglite, 'PGlite');
  }
  if (name === 'server on PostgreSQL') projectRows(postgresql, 'PostgreSQL');
}
rows.push(['whole run', Number(totalSeconds), '']);

const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
const width = Math.max(...rows.map((r) => r[0].length));
console.log('\n== CI stages (wall time, m:ss)');
for (const [name, seconds, note] of rows)
  console.log(`${name.padEnd(width)}  ${clock(seconds).padStart(6)}${note ? `  ${note}` : ''}`);
