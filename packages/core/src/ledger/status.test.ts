import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { installmentStatus, isOverdue } from './status';

describe('installmentStatus', () => {
  it('is open, partial or paid by what was settled, and cancelled above all', () => {
    expect(installmentStatus({ amount: 1_000, settled: 0, cancelled: false })).toBe('open');
    expect(installmentStatus({ amount: 1_000, settled: 1, cancelled: false })).toBe('partial');
    expect(installmentStatus({ amount: 1_000, settled: 999, cancelled: false })).toBe('partial');
    expect(installmentStatus({ amount: 1_000, settled: 1_000, cancelled: false })).toBe('paid');
    expect(installmentStatus({ amount: 1_000, settled: 0, cancelled: true })).toBe('cancelled');
  });

  it('is paid exactly when nothing is left open', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), fc.nat(), (amount, seed) => {
        const settled = seed % (amount + 1);
        const status = installmentStatus({ amount, settled, cancelled: false });
        expect(status === 'paid').toBe(settled === amount);
        expect(status === 'open').toBe(settled === 0);
      }),
    );
  });
});

describe('isOverdue', () => {
  it('is overdue only when unpaid and due before today', () => {
    expect(isOverdue('2026-03-09', 'open', '2026-03-10')).toBe(true);
    expect(isOverdue('2026-03-09', 'partial', '2026-03-10')).toBe(true);
    expect(isOverdue('2026-03-10', 'open', '2026-03-10')).toBe(false);
    expect(isOverdue('2026-03-09', 'paid', '2026-03-10')).toBe(false);
    expect(isOverdue('2026-03-09', 'cancelled', '2026-03-10')).toBe(false);
    expect(isOverdue('2025-12-31', 'open', '2026-01-01')).toBe(true);
  });
});
