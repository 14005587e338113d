import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@financeiro/core';
import { dashboardState } from './state';

const zero = { count: 0, amount: 0 };
const point = { date: '2026-03-10', inflows: 0, outflows: 0, balance: 0 };
/** A new organization's answer: every figure readable and nothing booked. */
const fresh: Dashboard = {
  today: '2026-03-10',
  toPayToday: zero,
  toReceiveToday: zero,
  overduePayables: zero,
  overdueReceivables: zero,
  week: { from: '2026-03-09', to: '2026-03-15' },
  toPayThisWeek: zero,
  toReceiveThisWeek: zero,
  balances: { available: 0, investments: 0, providers: 0 },
  ordersAwaitingMe: null,
  unreconciledLines: 0,
  monthly: [{ month: '2026-03-01', inflows: 0, outflows: 0 }],
  projection: {
    today: '2026-03-10',
    opening: 0,
    balances: { available: 0, investments: 0, providers: 0 },
    overdueIn: 0,
    overdueOut: 0,
    points: [point],
    lowest: point,
  },
  nextBills: [],
};

describe('what the dashboard shows', () => {
  it('a new organization: the first steps', () => {
    expect(dashboardState(fresh)).toBe('empty');
    // Money in the accounts alone (an opening balance) is not a book begun.
    expect(dashboardState({ ...fresh, balances: { available: 150_000, investments: 0, providers: 0 } })).toBe('empty');
  });

  it('the figures as soon as one installment is open, one month moved money or a bill lies ahead', () => {
    expect(dashboardState({ ...fresh, overdueReceivables: { count: 1, amount: 1 } })).toBe('figures');
    // A bill due later this week is a book begun too.
    expect(dashboardState({ ...fresh, toPayThisWeek: { count: 1, amount: 1 } })).toBe('figures');
    expect(dashboardState({ ...fresh, monthly: [{ month: '2026-03-01', inflows: 0, outflows: 10 }] })).toBe('figures');
    const bill = {
      installmentId: 'i',
      documentId: 'd',
      dueDate: '2026-03-20',
      partyName: 'P',
      description: 'D',
      open: 1,
    };
    expect(dashboardState({ ...fresh, nextBills: [bill] })).toBe('figures');
  });

  it('a profile that reads none of the unit’s money: a note, not an empty book', () => {
    const none: Dashboard = {
      ...fresh,
      toPayToday: null,
      toReceiveToday: null,
      overduePayables: null,
      overdueReceivables: null,
      toPayThisWeek: null,
      toReceiveThisWeek: null,
      balances: null,
      ordersAwaitingMe: null,
      unreconciledLines: null,
      monthly: null,
      projection: null,
      nextBills: null,
    };
    expect(dashboardState(none)).toBe('nothingToRead');
    // An approver who reads nothing else still sees the orders waiting for them.
    expect(dashboardState({ ...none, ordersAwaitingMe: 3 })).toBe('empty');
  });
});
