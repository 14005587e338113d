import { useQueries } from '@tanstack/react-query';
import { trpc } from '../../api/trpc';
import { monthsOfTyped } from './closed-month';

/**
 * The months closed in the unit among those of `dates` (typed, stored or competences), as `ledger.closing.list`
 * reads them: one read per year, kept a minute. None while they cannot be read (the server still refuses).
 */
export function useClosedMonths(dates: readonly string[]) {
  const { months, years } = monthsOfTyped(dates);
  const lists = useQueries({
    queries: years.map((year) => trpc.ledger.closing.list.queryOptions({ year }, { staleTime: 60_000, retry: false })),
  });
  return lists.flatMap((list) => list.data ?? []).filter((m) => m.closed && months.includes(m.month));
}
