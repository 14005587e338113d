import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { formatDateTime } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { monthsOfTyped } from './closed-month';
import { closingMessages as t } from './messages';

/**
 * Says, before anything is sent, that a date the form holds falls in a month closed in the unit, who closed it and
 * when: the server would refuse the write. Nothing while every month is open, or while the months cannot be read.
 */
export function ClosedMonthAlert({ dates }: { dates: readonly string[] }) {
  const { months, years } = monthsOfTyped(dates);
  const lists = useQueries({
    queries: years.map((year) => trpc.ledger.closing.list.queryOptions({ year }, { staleTime: 60_000, retry: false })),
  });
  const closed = lists.flatMap((list) => list.data ?? []).find((m) => m.closed && months.includes(m.month));
  if (!closed) return null;
  return (
    <Alert color="orange" icon={<IconLock size={18} />} p="xs" role="status">
      {t.closedBefore(
        closed.label,
        closed.closedByName ?? t.removedUser,
        closed.closedAt ? formatDateTime(new Date(closed.closedAt)) : '',
      )}
    </Alert>
  );
}
