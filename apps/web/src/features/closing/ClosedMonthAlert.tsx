import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { formatDateTime } from '@financeiro/core';
import { closingMessages as t } from './messages';
import { useClosedMonths } from './use-closed-months';

/**
 * Says, before anything is sent, that a date the form holds falls in a month closed in the unit, who closed it and
 * when: the server would refuse the write. Nothing while every month is open, or while the months cannot be read.
 * `of` says what is refused: a write dated in it (the forms), or reconciling the bank lines dated in it.
 */
export function ClosedMonthAlert({ dates, of = 'write' }: { dates: readonly string[]; of?: 'write' | 'lines' }) {
  const [closed, ...others] = useClosedMonths(dates);
  if (!closed) return null;
  const who = closed.closedByName ?? t.removedUser;
  const when = closed.closedAt ? formatDateTime(new Date(closed.closedAt)) : '';
  return (
    <Alert color="orange" icon={<IconLock size={18} />} p="xs" role="status">
      {of === 'lines'
        ? t.closedLines(
            [closed, ...others].map((m) => m.label),
            who,
            when,
          )
        : t.closedBefore(closed.label, who, when)}
    </Alert>
  );
}
