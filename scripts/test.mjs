// `npm test`: every Vitest project, in two runs side by side, so that the browser journeys (e2e) overlap the rest
// (core, web, server) instead of following it. The journeys drive the built web app: it is built beside the rest, and
// the journeys start when it is. It closes with the slowest test files,
// each project's wall time and one plain line `N passed, N failed, N skipped`; test-results/summary.json keeps the
// same figures for CI's table.
//
//   npm test                          everything (PGlite, or PostgreSQL when DATABASE_URL is set)
//   npm test -- --project server      one project (CI runs the server project again on PostgreSQL)
//   npm test -- e2e/ledger.test.ts    files matching a filter, in whichever run holds them
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const RUNS = [
  { name: 'journeys', projects: ['e2e'] },
  { name: 'rest', projects: ['core', 'web', 'server'] },
];
const SLOWEST = 10;

const args = process.argv.slice(2);
const asked = [];
const passThrough = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--project') asked.push(args[++i]);
  else if (arg.startsWith('--project=')) asked.push(arg.slice('--project='.length));
  else passThrough.push(arg);
}
const unknown = asked.filter((p) => !RUNS.some((run) => run.projects.includes(p)));
if (unknown.length > 0) {
  console.error(`Projeto desconhecido: ${unknown.join(', ')}. Os projetos são core, web, server e e2e.`);
  process.exit(2);
}
const runs = RUNS.map((run) => ({
  ...run,
  projects: asked.length === 0 ? run.projects : run.projects.filter((p) => asked.includes(p)),
})).filter((run) => run.projects.length > 0);

/** Runs a command, its output line by line onto ours (whole lines, so that two runs side by side never mix one). */
function run(command, commandArgs, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    for (const [stream, target] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = '';
      stream.on('data', (chunk) => {
        const text = pending + chunk.toString();
        const end = text.lastIndexOf('\n') + 1;
        target.write(text.slice(0, end));
        pending = text.slice(end);
      });
      stream.on('end', () => pending && target.write(`${pending}\n`));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

mkdirSync('test-results', { recursive: true });
// The journeys drive the built app: they start once it is built; the rest starts at once, beside the build.
let buildSeconds = null;
const built = runs.some((r) => r.projects.includes('e2e'))
  ? run('npm', ['run', 'build', '-w', 'apps/web']).then((build) => {
      buildSeconds = build.seconds;
      return build.code;
    })
  : Promise.resolve(0);

const timingsFile = (name) => `test-results/timings-${name}.json`;
const results = await Promise.all(
  runs.map(async (r) => {
    rmSync(timingsFile(r.name), { force: true });
    if (r.projects.includes('e2e')) {
      const code = await built;
      if (code !== 0) return { code, seconds: 0 };
    }
    return run(
      'npx',
      [
        'vitest',
        'run',
        ...r.projects.flatMap((p) => ['--project', p]),
        '--reporter=default',
        '--reporter=./scripts/test-timings.ts',
        // A filter may name files of one run only: the other then has nothing to do, which is no failure.
        ...(passThrough.length > 0 ? ['--passWithNoTests'] : []),
        ...passThrough,
      ],
      { TEST_TIMINGS_FILE: timingsFile(r.name) },
    );
  }),
);

const files = runs.flatMap((r) =>
  existsSync(timingsFile(r.name)) ? JSON.parse(readFileSync(timingsFile(r.name), 'utf8')) : [],
);
const pad = (text, width) => String(text).padEnd(width);
const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;

if (files.length > 0) {
  console.log(`\nThe ${Math.min(SLOWEST, files.length)} slowest test files:`);
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
    console.log(`${seconds(f.seconds)}  ${pad(f.project, 7)} ${f.file}`);
}

const projects = {};
for (const f of files) {
  const p = (projects[f.project] ??= { files: 0, passed: 0, failed: 0, skipped: 0, startedAt: Infinity, endedAt: 0 });
  p.files += 1;
  p.passed += f.passed;
  p.failed += f.failed + (f.broken ? 1 : 0);
  p.skipped += f.skipped;
  p.startedAt = Math.min(p.startedAt, f.startedAt);
  p.endedAt = Math.max(p.endedAt, f.endedAt);
}
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\nProjects on ${database} (wall time from the first file's start to the last one's end):`);
for (const [name, p] of Object.entries(projects)) {
  p.wallSeconds = (p.endedAt - p.startedAt) / 1000;
  console.log(
    `  ${pad(name, 7)}${seconds(p.wallSeconds)}  ${p.files} files, ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped`,
  );
}
const total = (key) => Object.values(projects).reduce((sum, p) => sum + p[key], 0);
writeFileSync(
  'test-results/summary.json',
  JSON.stringify(
    { database, buildSeconds, runs: runs.map((r, i) => ({ ...r, seconds: results[i].seconds })), projects },
    null,
    2,
  ),
);
const failedRun = results.find((r) => r.code !== 0);
if (files.length === 0) console.log('\nNo test report was written.');
else console.log(`\n${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(failedRun ? failedRun.code : 0);
