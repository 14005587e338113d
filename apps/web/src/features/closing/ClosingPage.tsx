import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, resolveSelection, todayInSaoPaulo } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { useTenantStore } from '../../stores/tenant';
import { useSessionStore } from '../../stores/session';
import { notifyApiError } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import { useUrlState } from '../../ui/use-url-state';
import { ReasonDialog } from '../ledger/ReasonDialog';
import { closingMessages as t } from './messages';

type Month = inferOutput<typeof trpc.ledger.closing.list>[number];

/** The selected unit's name, as the confirmation names it. */
function useUnitName(): string {
  const memberships = useSessionStore((s) => s.tenants);
  const organizationId = useTenantStore((s) => s.selectedOrganization);
  const unitId = useTenantStore((s) => s.selectedUnit);
  return resolveSelection(memberships, { organizationId, unitId })?.unit?.name ?? '';
}

/** Closing (with a confirmation) and reopening (with a reason) one month; mounted for the month chosen. */
function MonthAction(props: { month: Month; action: 'close' | 'reopen'; onClose: () => void }) {
  const queryClient = useQueryClient();
  const unit = useUnitName();
  const done = (message: string) => {
    notifySuccess(message);
    void queryClient.invalidateQueries(trpc.ledger.pathFilter());
    props.onClose();
  };
  const close = useMutation(
    trpc.ledger.closing.close.mutationOptions({
      onSuccess: () => done(t.closedNotice(props.month.label)),
      onError: notifyApiError,
    }),
  );
  const reopen = useMutation(
    trpc.ledger.closing.reopen.mutationOptions({
      onSuccess: () => done(t.reopenedNotice(props.month.label)),
      onError: notifyApiError,
    }),
  );
  if (props.action === 'close') {
    return (
      <ConfirmDialog
        opened
        title={t.confirmCloseTitle(props.month.label)}
        message={t.confirmCloseMessage(props.month.label, unit)}
        confirmLabel={t.close}
        busy={close.isPending}
        onConfirm={() => close.mutate({ month: props.month.month })}
        onClose={props.onClose}
      />
    );
  }
  return (
    <ReasonDialog
      opened
      title={t.reopenTitle(props.month.label)}
      message={t.reopenMessage}
      label={t.reopenReason}
      confirmLabel={t.reopen}
      busy={reopen.isPending}
      onConfirm={(reason) => reopen.mutate({ month: props.month.month, reason })}
      onClose={props.onClose}
    />
  );
}

/** One month's row: its state, who closed it and when, and the act it allows. */
function MonthRow(props: { month: Month; started: boolean; onAct: (action: 'close' | 'reopen') => void }) {
  const { month } = props;
  return (
    <Table.Tr>
      <Table.Td>{month.label}</Table.Td>
      <Table.Td>
        <Badge color={month.closed ? 'gray' : 'green'} variant="light">
          {month.closed ? t.closed : t.open}
        </Badge>
      </Table.Td>
      <Table.Td>{month.closed ? (month.closedByName ?? t.removedUser) : ''}</Table.Td>
      <Table.Td>{month.closedAt ? formatDateTime(new Date(month.closedAt)) : ''}</Table.Td>
      <Table.Td>
        {month.closed ? (
          <Button size="xs" variant="default" onClick={() => props.onAct('reopen')}>
            {t.reopen}
          </Button>
        ) : props.started ? (
          <Button size="xs" color="red" variant="light" onClick={() => props.onAct('close')}>
            {t.close}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t.notStarted}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The months of a year in the selected unit, each closed or open, closed and reopened here (decision 0036). */
export function ClosingPage() {
  const today = todayInSaoPaulo();
  const [filters, setFilters] = useUrlState({ year: Number(today.slice(0, 4)) });
  const year = filters.year;
  const months = useQuery(trpc.ledger.closing.list.queryOptions({ year }));
  const [acting, setActing] = useState<{ month: Month; action: 'close' | 'reopen' } | null>(null);
  const thisMonth = `${today.slice(0, 7)}-01`;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <Group gap="xs">
        <ActionIcon variant="default" aria-label={t.previousYear} onClick={() => setFilters({ year: year - 1 })}>
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Title order={3}>{year}</Title>
        <ActionIcon variant="default" aria-label={t.nextYear} onClick={() => setFilters({ year: year + 1 })}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      {months.isError ? (
        <Alert color="red" title={t.loadError}>
          <Button size="xs" variant="default" onClick={() => void months.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : (
        <Paper withBorder>
          <Table striped aria-label={String(year)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.month}</Table.Th>
                <Table.Th>{t.state}</Table.Th>
                <Table.Th>{t.closedBy}</Table.Th>
                <Table.Th>{t.closedAt}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(months.data ?? []).map((month) => (
                <MonthRow
                  key={month.month}
                  month={month}
                  started={month.month <= thisMonth}
                  onAct={(action) => setActing({ month, action })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {acting && <MonthAction month={acting.month} action={acting.action} onClose={() => setActing(null)} />}
    </Stack>
  );
}
