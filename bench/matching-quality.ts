// How well the bank matcher does on the labelled set of bench/data (see bench/matching-set.ts): precision of its
// automatic suggestions, recall over the lines that truly have a match, and how long 10,000 lines against 100,000
// candidates take. Run: npx tsx bench/matching-quality.ts
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MATCH_THRESHOLD, matchStatement, type MatchOptions } from '@financeiro/core';
import { LABELLED_SET_FILE, makeLabelledSet, type LabelledSet, type LabelledSetFile } from './matching-set';

export interface MatchQuality {
  /** Correct automatic suggestions over all automatic suggestions. */
  precision: number;
  /** Lines with a true match that a correct automatic suggestion covers, over all lines with a true match. */
  recall: number;
  suggested: number;
  correct: number;
  /** Lines with a true match left without their correct automatic suggestion. */
  missed: number;
}

export function loadLabelledSet(): LabelledSet {
  const file = JSON.parse(readFileSync(LABELLED_SET_FILE, 'utf8')) as LabelledSetFile;
  return { lines: file.lines, candidates: file.candidates, truth: new Map(Object.entries(file.truth)) };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function measureQuality(set: LabelledSet, options: MatchOptions = {}): MatchQuality {
  const automatic = matchStatement(set.lines, set.candidates, options).filter((s) => s.automatic);
  // A suggestion is correct when each of its lines truly pays exactly its candidates, and no other line pays them too.
  const linesPaying = new Map<string, string[]>();
  for (const [lineId, ids] of set.truth) {
    for (const id of ids ?? []) linesPaying.set(id, [...(linesPaying.get(id) ?? []), lineId]);
  }
  let correct = 0;
  let covered = 0;
  for (const s of automatic) {
    const right =
      s.lineIds.every((id) => sameSet(set.truth.get(id) ?? [], s.candidateIds)) &&
      s.candidateIds.every((id) => sameSet(linesPaying.get(id) ?? [], s.lineIds));
    if (right) {
      correct += 1;
      covered += s.lineIds.length;
    }
  }
  const matchable = [...set.truth.values()].filter((ids) => ids !== null).length;
  return {
    precision: automatic.length === 0 ? 1 : correct / automatic.length,
    recall: matchable === 0 ? 1 : covered / matchable,
    suggested: automatic.length,
    correct,
    missed: matchable - covered,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
  const set = loadLabelledSet();
  const matchable = [...set.truth.values()].filter((ids) => ids !== null).length;
  console.log(
    `Labelled set: ${set.lines.length} lines (${matchable} with a true match), ${set.candidates.length} candidates`,
  );
  for (const threshold of [...new Set([50, 55, 60, DEFAULT_MATCH_THRESHOLD, 70, 75, 80, 90])].sort((a, b) => a - b)) {
    const q = measureQuality(set, { threshold });
    console.log(
      `threshold ${threshold}${threshold === DEFAULT_MATCH_THRESHOLD ? ' (default)' : ''}: precision ${percent(q.precision)}, recall ${percent(q.recall)}; ${q.suggested} automatic, ${q.correct} correct, ${q.missed} lines missed`,
    );
  }

  const big = makeLabelledSet(7, 10_000, { candidates: 100_000 });
  const bigQuality = measureQuality(big);
  console.log(
    `10,000 lines × ${big.candidates.length} candidates (seed 7): precision ${percent(bigQuality.precision)}, recall ${percent(bigQuality.recall)}`,
  );
  // Wall time and the process's CPU time: on a shared machine the second says what the work costs.
  const runs: { wall: number; cpu: number }[] = [];
  for (let run = 0; run < 7; run += 1) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    matchStatement(big.lines, big.candidates);
    const used = process.cpuUsage(cpu);
    runs.push({ wall: performance.now() - started, cpu: (used.user + used.system) / 1000 });
  }
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `matchStatement over ${big.lines.length} × ${big.candidates.length}: first run ${runs[0]?.wall.toFixed(0)} ms, ` +
      `median of 7 ${median(runs.map((r) => r.wall)).toFixed(0)} ms wall, ${median(runs.map((r) => r.cpu)).toFixed(0)} ms CPU`,
  );
}
