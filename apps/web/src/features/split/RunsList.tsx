import { Badge, Button, Paper, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBRL, formatDateTime } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { apiErrorMessage } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PayableLink } from './PayableLink';
import { splitMessages as t } from './messages';
import type { SplitRun } from './types';

/** The dialog that undoes a run: a reason is required, and its key is this opening's. */
function UndoDialog(props: { run: SplitRun; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const undo = useMutation(
    trpc.split.reverse.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: 'green', message: t.undone });
        await queryClient.invalidateQueries(trpc.split.pathFilter());
        props.onClose();
      },
      onError: (e) => setError(apiErrorMessage(e)),
    }),
  );
  return (
    <ConfirmDialog
      opened
      title={t.undoTitle}
      message={t.undoMessage(props.run.label)}
      confirmLabel={t.undo}
      busy={undo.isPending}
      confirmDisabled={reason.trim() === ''}
      onConfirm={() => undo.mutate({ runId: props.run.id, reason, idempotencyKey: key })}
      onClose={props.onClose}
    >
      <Textarea
        label={t.undoReason}
        description={t.undoReasonHint}
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
    </ConfirmDialog>
  );
}

/** The unit's earlier runs, with their partners' payables, and "Desfazer split" for those still active. */
export function RunsList(props: { canRun: boolean }) {
  const runs = useQuery(trpc.split.list.queryOptions({}));
  const [undoing, setUndoing] = useState<SplitRun | null>(null);
  const c = t.runColumns;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.runs}
        </Title>
        {runs.isError && <Text c="red">{apiErrorMessage(runs.error)}</Text>}
        {runs.data?.length === 0 && <Text c="dimmed">{t.runsEmpty}</Text>}
        {runs.data && runs.data.length > 0 && (
          <ScrollArea>
            <Table verticalSpacing="xs" aria-label={t.runs}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{c.period}</Table.Th>
                  <Table.Th>{c.config}</Table.Th>
                  <Table.Th ta="right">{c.base}</Table.Th>
                  <Table.Th>{c.partners}</Table.Th>
                  <Table.Th ta="right">{c.retained}</Table.Th>
                  <Table.Th>{c.by}</Table.Th>
                  <Table.Th>{c.status}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.map((run) => (
                  <Table.Tr key={run.id}>
                    <Table.Td>{run.label}</Table.Td>
                    <Table.Td>{run.configName}</Table.Td>
                    <Table.Td ta="right">{formatBRL(run.base)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {run.shares.map((s) =>
                          s.payableId && !run.reversedAt ? (
                            <PayableLink key={s.partyId} size="sm" id={s.payableId}>
                              {s.name}: {formatBRL(s.amount)}
                              {s.payableStatus === 'paid' ? ` (${t.paid})` : ''}
                            </PayableLink>
                          ) : (
                            <Text key={s.partyId} size="sm" c={run.reversedAt ? 'dimmed' : undefined}>
                              {s.name}: {formatBRL(s.amount)}
                            </Text>
                          ),
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right">{formatBRL(run.retained)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{run.createdBy ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(new Date(run.createdAt))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {run.reversedAt ? (
                        <Stack gap={2}>
                          <Badge color="gray" variant="light">
                            {t.reversed}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t.reversedWhy(formatDateTime(new Date(run.reversedAt)), run.reverseReason ?? '')}
                          </Text>
                        </Stack>
                      ) : (
                        <Stack gap={4} align="flex-start">
                          <Badge color="green" variant="light">
                            {t.active}
                          </Badge>
                          {props.canRun && (
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              aria-label={`${t.undo}: ${run.configName}, ${run.label}`}
                              onClick={() => setUndoing(run)}
                            >
                              {t.undo}
                            </Button>
                          )}
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      {undoing && <UndoDialog run={undoing} onClose={() => setUndoing(null)} />}
    </Paper>
  );
}
