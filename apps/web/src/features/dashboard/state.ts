import type { Dashboard } from '@financeiro/core';

/** What the dashboard shows: the figures, a new book's first steps, or a note that the profile reads none of it. */
export type DashboardState = 'figures' | 'empty' | 'nothingToRead';

export function dashboardState(data: Dashboard): DashboardState {
  const figures = [
    data.toPayToday,
    data.toReceiveToday,
    data.toPayThisWeek,
    data.toReceiveThisWeek,
    data.overduePayables,
    data.overdueReceivables,
    data.balances,
    data.ordersAwaitingMe,
    data.unreconciledLines,
  ];
  // A member who reads none of the unit's money (a requester, say) is told so, rather than shown an empty book.
  if (figures.every((f) => f === null)) return 'nothingToRead';
  // Nothing booked yet: no installment open or overdue, no money in or out over the year, no bill ahead.
  const cells = [
    data.toPayToday,
    data.toReceiveToday,
    data.toPayThisWeek,
    data.toReceiveThisWeek,
    data.overduePayables,
    data.overdueReceivables,
  ];
  const empty =
    cells.every((c) => c === null || c.count === 0) &&
    (data.monthly ?? []).every((m) => m.inflows === 0 && m.outflows === 0) &&
    (data.nextBills ?? []).length === 0 &&
    (data.projection?.points ?? []).every((p) => p.inflows === 0 && p.outflows === 0);
  return empty ? 'empty' : 'figures';
}
