import { afterAll, describe, expect, it } from 'vitest';
import { heavyNotes, NOTE as note } from '../test/nfe';
import { ParserPool, TOO_MUCH_MEMORY, tooSlow } from './pool';

describe('the parser pool', () => {
  const pools: ParserPool[] = [];
  const pool = (limits: ConstructorParameters<typeof ParserPool>[0]) => {
    const made = new ParserPool(limits);
    pools.push(made);
    return made;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('reads a note in a worker as it is read anywhere', async () => {
    const [read] = await pool({ workers: 1, timeLimitMs: 60_000, memoryMb: 512 }).run('nfe', [note]);
    expect(read?.ok && read.nfe.number).toBe('4521');
  });

  it('refuses in pt-BR a batch that takes longer than its time limit, and the next file is read by a new worker', async () => {
    // 2 s: 150 notes of 540 KB take some ten seconds to read, one note a few milliseconds, even on a busy machine.
    const quick = pool({ workers: 1, timeLimitMs: 2_000, memoryMb: 512 });
    await expect(quick.run('nfe', heavyNotes(150))).rejects.toThrow(tooSlow(2));
    const [read] = await quick.run('nfe', [note]);
    expect(read?.ok).toBe(true);
  });

  it('refuses in pt-BR a batch that needs more memory than its limit, and the next file is read by a new worker', async () => {
    // Four times the notes a request may send, into a quarter of the default heap.
    const small = pool({ workers: 1, timeLimitMs: 120_000, memoryMb: 128 });
    await expect(small.run('nfe', heavyNotes(200))).rejects.toThrow(TOO_MUCH_MEMORY);
    const [read] = await small.run('nfe', [note]);
    expect(read?.ok).toBe(true);
  });
});
