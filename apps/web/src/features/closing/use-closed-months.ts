import { useQueries } from '@tanstack/react-query';
import { trpc } from '../../api/trpc';
import { lateLine, monthsOfTyped } from './closed-month';

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

/**
 * For the latest of a bank line's dates in a closed month: the first open day its settlement may be booked on, with
 * the sentence naming both dates (the closed months of its year and the next read as above); null while open.
 */
export function useLateLine(date: string | null) {
  const year = date ? Number(date.slice(0, 4)) : null;
  const lists = useQueries({
    queries: (year ? [year, year + 1] : []).map((y) =>
      trpc.ledger.closing.list.queryOptions({ year: y }, { staleTime: 60_000, retry: false }),
    ),
  });
  const closed = new Set(
    lists
      .flatMap((list) => list.data ?? [])
      .filter((m) => m.closed)
      .map((m) => m.month),
  );
  return date ? lateLine(date, closed) : null;
}
