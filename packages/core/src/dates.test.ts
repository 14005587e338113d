import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';

describe('formatDateTime', () => {
  it('shows São Paulo time, whatever zone the machine is in', () => {
    expect(formatDateTime(new Date('2026-11-22T15:08:00Z'))).toBe('22/11/2026 às 12:08');
  });

  it('rolls the date back when it is still the previous day in São Paulo', () => {
    expect(formatDateTime(new Date('2026-01-01T02:30:00Z'))).toBe('31/12/2025 às 23:30');
  });
});
