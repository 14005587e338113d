import { describe, expect, it } from 'vitest';
import { taxTypeInput } from '../registries/parameters';
import { collectionDueDate, collectionMonths, DARF_MINIMUM, isFederalCollection } from './tax-collections';

const month = (period: string, withheld: number, collected = 0, collectedIn: string | null = null) => ({
  period,
  withheld,
  collected,
  collectedIn,
});

describe('withheld tax collections', () => {
  it('dates a DARF on the 20th of the next month, brought forward to the previous bank day', () => {
    // 20/12/2026 is a Sunday: November's IRRF is due on Friday 18/12.
    expect(collectionDueDate('2026-11-01', 20, ['IRRF'])).toBe('2026-12-18');
    expect(collectionDueDate('2026-09-01', 20, ['PIS', 'COFINS', 'CSLL'])).toBe('2026-10-20');
    // 20/11/2026 is Consciência Negra (a Friday): October's IRRF is brought forward to Thursday 19/11.
    expect(collectionDueDate('2026-10-01', 20, ['IRRF'])).toBe('2026-11-19');
  });

  it('puts a city ISS due date off to the next bank day, and keeps a short month on its last day', () => {
    // 10/01/2027 is a Sunday: December's ISS is due on Monday 11/01.
    expect(collectionDueDate('2026-12-01', 10, ['ISS'])).toBe('2027-01-11');
    // The 31st of February is the 28th (a Sunday in 2027): the next bank day is Monday 01/03.
    expect(collectionDueDate('2027-01-01', 31, ['ISS'])).toBe('2027-03-01');
  });

  it('binds only federal collections to the DARF minimum', () => {
    expect(isFederalCollection(['PIS', 'COFINS', 'CSLL'])).toBe(true);
    expect(isFederalCollection(['ISS'])).toBe(false);
    expect(isFederalCollection([])).toBe(false);
  });

  it('carries a DARF below R$ 10,00 to the next month until the sum reaches it', () => {
    const months = collectionMonths(
      [month('2026-03-01', 400), month('2026-01-01', 450), month('2026-02-01', 300), month('2026-04-01', 5_000)],
      DARF_MINIMUM,
    );
    expect(months.map((m) => [m.period, m.state, m.carriedIn, m.total])).toEqual([
      ['2026-01-01', 'carried', 0, 450],
      ['2026-02-01', 'carried', 450, 750],
      ['2026-03-01', 'due', 750, 1_150],
      ['2026-04-01', 'due', 0, 5_000],
    ]);
  });

  it('collects a municipal tax whatever its size', () => {
    const [only] = collectionMonths([month('2026-03-01', 5)], 0);
    expect(only).toMatchObject({ state: 'due', total: 5 });
  });

  it('shows a collected month with what a later month took, and leaves to the next what arrived after', () => {
    const months = collectionMonths(
      [
        month('2026-01-01', 450, 450, '2026-02-01'),
        month('2026-02-01', 2_000, 1_500, '2026-02-01'),
        month('2026-03-01', 300),
      ],
      DARF_MINIMUM,
    );
    expect(months.map((m) => [m.state, m.carriedIn, m.total])).toEqual([
      ['carried', 0, 450],
      ['collected', 0, 1_500],
      // February's R$ 5,00 withheld after its DARF was made join March's R$ 3,00: still below the minimum.
      ['carried', 500, 800],
    ]);
  });

  it('reads a tax type with its collection code, due day and collector, and refuses a malformed code', () => {
    const base = { name: 'IRRF', kind: 'IRRF', rate: '1,5', withheld: true };
    expect(taxTypeInput.parse({ ...base, collectionCode: '1708', dueDay: '20', collectorPartyId: '' })).toMatchObject({
      collectionCode: '1708',
      dueDay: 20,
      collectorPartyId: null,
    });
    expect(taxTypeInput.parse(base)).toMatchObject({ collectionCode: null, dueDay: null });
    expect(taxTypeInput.safeParse({ ...base, collectionCode: '17A8' }).error?.issues[0]?.message).toMatch(
      /Código de receita inválido/,
    );
    expect(taxTypeInput.safeParse({ ...base, dueDay: 32 }).success).toBe(false);
  });
});
