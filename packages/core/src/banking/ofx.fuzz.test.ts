import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOfx } from './ofx';
import {
  expectedLine,
  mutatedOfxArbitrary,
  ofxParseProblem,
  statementsArbitrary,
  styleArbitrary,
  writeOfx,
} from './ofx-arbitraries';

describe('parseOfx on generated files', () => {
  it('reads back every line of statements written in every style, with the same keys in every style', () => {
    fc.assert(
      fc.property(statementsArbitrary, styleArbitrary, styleArbitrary, (statements, style, otherStyle) => {
        const file = parseOfx(writeOfx(statements, style));
        expect(file.rejected).toEqual([]);
        expect(file.statements.map((s) => [s.kind, s.bankCode, s.branch, s.account])).toEqual(
          statements.map((s) => [s.kind, s.bankCode, s.branch, s.account]),
        );
        expect(file.statements.map((s) => s.lines.map(({ fileLine: _f, key: _k, ...line }) => line))).toEqual(
          statements.map((s) => s.lines.map(expectedLine)),
        );
        const keys = file.statements.flatMap((s) => s.lines.map((l) => l.key));
        for (const s of file.statements) expect(new Set(s.lines.map((l) => l.key)).size).toBe(s.lines.length);
        const other = parseOfx(writeOfx(statements, otherStyle));
        expect(other.statements.flatMap((s) => s.lines.map((l) => l.key))).toEqual(keys);
      }),
      { numRuns: 500 },
    );
  });

  it('answers mutated files with lines, rejected lines or a Portuguese StatementFileError, never anything else', () => {
    fc.assert(
      fc.property(mutatedOfxArbitrary, (bytes) => {
        expect(ofxParseProblem(bytes)).toBeNull();
      }),
      { numRuns: 1_500 },
    );
  });
});
