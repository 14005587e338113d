import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, formatDateTime, todayInSaoPaulo, weekOf } from './dates';

describe('formatDateTime', () => {
  it('shows São Paulo time, whatever zone the machine is in', () => {
    expect(formatDateTime(new Date('2026-11-22T15:08:00Z'))).toBe('22/11/2026 às 12:08');
  });

  it('rolls the date back when it is still the previous day in São Paulo', () => {
    expect(formatDateTime(new Date('2026-01-01T02:30:00Z'))).toBe('31/12/2025 às 23:30');
  });
});

describe('calendar dates', () => {
  it('reads today in São Paulo, a day behind UTC late at night', () => {
    expect(todayInSaoPaulo(new Date('2026-01-01T02:30:00Z'))).toBe('2025-12-31');
    expect(todayInSaoPaulo(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
  });

  it('adds months keeping the day, clamped to the end of shorter months', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 2)).toBe('2025-03-31');
    expect(addMonths('2025-02-28', 1, 31)).toBe('2025-03-31');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
  });

  it('adds days and counts the days between two dates', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2026-01-10', '2026-01-01')).toBe(-9);
  });
});

describe('weekOf', () => {
  it('runs Monday to Sunday, across a month and a year', () => {
    expect(weekOf('2026-12-07')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(weekOf('2026-12-13')).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(weekOf('2026-12-31')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(weekOf('2024-03-01')).toEqual({ from: '2024-02-26', to: '2024-03-03' });
  });
});
