import { describe, expect, it } from 'vitest';
import { competenceToSend, lateLine, lateNote, monthOfTyped, monthsOfTyped } from './closed-month';

describe('the month of a date as a form holds it', () => {
  it('reads a typed date, a stored date and a competence', () => {
    expect(monthOfTyped('15/03/2026')).toBe('2026-03-01');
    expect(monthOfTyped('2026-03-15')).toBe('2026-03-01');
    expect(monthOfTyped('03/2026')).toBe('2026-03-01');
    expect(monthOfTyped('3/2026')).toBe('2026-03-01');
  });

  it('reads nothing from what is not yet a date', () => {
    expect(monthOfTyped('')).toBeNull();
    expect(monthOfTyped('15/03')).toBeNull();
    expect(monthOfTyped('13/2026')).toBeNull();
    expect(monthOfTyped('31/02/2026')).toBeNull();
  });

  it('names each month and year once', () => {
    expect(monthsOfTyped(['15/03/2026', '03/2026', '02/01/2027', ''])).toEqual({
      months: ['2026-03-01', '2027-01-01'],
      years: [2026, 2027],
    });
  });
});

describe('a note issued in a closed month', () => {
  const march = { issueDate: '2026-03-15', competence: '2026-03-01', firstOpenMonth: '2026-04-01' };

  it('names the issue date, the closed month and the first open one', () => {
    expect(lateNote(march)).toEqual({
      message: 'Nota emitida em 15/03/2026; março/2026 está fechado. Será lançada na competência abril/2026.',
      accept: 'Lançar na competência abril/2026',
      competence: '2026-04-01',
    });
  });

  it('says nothing of a note whose month is open, or not yet read', () => {
    expect(lateNote({ ...march, firstOpenMonth: null })).toBeNull();
    expect(lateNote({ issueDate: null, competence: null, firstOpenMonth: null })).toBeNull();
  });

  it('sends the first open month only once accepted, and nothing for a note of an open month', () => {
    expect(competenceToSend(march, null)).toEqual({ ready: false, competence: null });
    // A month accepted before the proposal changed (another month reopened or closed) no longer counts.
    expect(competenceToSend(march, '2026-05-01')).toEqual({ ready: false, competence: null });
    expect(competenceToSend(march, '2026-04-01')).toEqual({ ready: true, competence: '2026-04-01' });
    expect(competenceToSend({ ...march, firstOpenMonth: null }, '2026-04-01')).toEqual({
      ready: true,
      competence: null,
    });
  });
});

describe('a bank line of a closed month', () => {
  it('is booked on the first day of the first open month after a run of closed ones, naming both dates', () => {
    expect(lateLine('2026-06-30', new Set(['2026-06-01', '2026-07-01']))).toEqual({
      bookOn: '2026-08-01',
      label:
        'Lançar a baixa em 01/08/2026, o primeiro dia do primeiro mês aberto (a linha é de 30/06/2026; junho/2026 está fechado).',
    });
  });

  it('keeps its own date while its month is open', () => {
    expect(lateLine('2026-06-30', new Set(['2026-07-01']))).toBeNull();
  });
});
