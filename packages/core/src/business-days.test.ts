import { describe, expect, it } from 'vitest';
import { bankHolidays, isBusinessDay, shiftToBusinessDay } from './business-days';

describe('bank business days', () => {
  it('knows the holidays that move with Easter', () => {
    // Easter 2026 is on 5 April: Carnival on 16 and 17 February, Good Friday on 3 April, Corpus Christi on 4 June.
    const days = bankHolidays(2026);
    for (const day of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']) expect(days.has(day)).toBe(true);
    expect(bankHolidays(2027).has('2027-03-26')).toBe(true); // Good Friday 2027 (Easter on 28 March)
  });

  it('counts Consciência Negra from 2024 on', () => {
    expect(isBusinessDay('2023-11-20')).toBe(true);
    expect(isBusinessDay('2026-11-20')).toBe(false);
  });

  it('moves a weekend or holiday back for a federal due date and forward for a municipal one', () => {
    // 20 December 2026 is a Sunday.
    expect(shiftToBusinessDay('2026-12-20', -1)).toBe('2026-12-18');
    expect(shiftToBusinessDay('2026-12-20', 1)).toBe('2026-12-21');
    // 25 December 2026 is a Friday holiday: the next bank day is Monday the 28th.
    expect(shiftToBusinessDay('2026-12-25', 1)).toBe('2026-12-28');
    expect(shiftToBusinessDay('2026-12-10', 1)).toBe('2026-12-10');
  });
});
