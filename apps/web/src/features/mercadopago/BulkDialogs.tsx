import { Button, Group, Loader, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_MERCADOPAGO_THRESHOLD } from '@financeiro/core';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useKeyFor } from '../reconciliation/use-key-for';
import { mercadoPagoMessages } from './messages';
import { monthLabel } from './period';

const t = mercadoPagoMessages;
const COUNT_PAGE = 100;

interface Period {
  accountId: string;
  from: string;
  to: string;
}

/**
 * The scores of every sale of the period with a suggestion, read page by page: a page is asked for once the one before
 * it is in the cache and says there are more.
 */
function useSuggestionScores(period: Period) {
  const queryClient = useQueryClient();
  const page = (n: number) =>
    trpc.mercadopago.overview.payments.queryOptions({ ...period, status: 'suggested', page: n, pageSize: COUNT_PAGE });
  const more = (n: number) => {
    const result = queryClient.getQueryData(page(n).queryKey);
    return result !== undefined && result.rows.length === COUNT_PAGE && n * COUNT_PAGE < result.total;
  };
  let count = 1;
  while (more(count)) count += 1;
  const pages = useQueries({ queries: Array.from({ length: count }, (_, index) => page(index + 1)) });
  const isPending = pages.some((p) => p.isPending);
  const read = pages.every((p) => p.isSuccess);
  const scores = pages.flatMap((p) =>
    (p.data?.rows ?? []).flatMap((row) => (row.suggestion ? [row.suggestion.score] : [])),
  );
  return { isPending, data: read ? scores : undefined };
}

/**
 * "Conciliar sugestões": every suggestion of the month scoring at least the minimum, with how many that is before
 * confirming; the refunds of sales already reconciled are booked with them.
 */
export function AcceptAllDialog(props: {
  period: Period;
  month: string;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { keyFor } = useKeyFor();
  const [minScore, setMinScore] = useState(DEFAULT_MERCADOPAGO_THRESHOLD);
  const scores = useSuggestionScores(props.period);
  const count = (scores.data ?? []).filter((s) => s >= minScore).length;
  const a = t.acceptAll;
  const acceptAll = useMutation({
    // A retry of the same request in this opening repeats its key, and the server acts once: the call is made here.
    mutationFn: () => {
      const request = { ...props.period, minScore };
      return apiClient.mercadopago.reconciliation.acceptAll.mutate({ ...request, idempotencyKey: keyFor(request) });
    },
    onSuccess: async (result) => {
      props.onClose();
      await props.onDone();
      notifySuccess(a.done(result.reconciled, result.reversals));
    },
    onError: notifyApiError,
  });
  return (
    <Modal opened onClose={props.onClose} title={a.title} centered>
      <Stack gap="sm">
        <NumberInput
          label={a.minScore}
          description={a.minScoreHelp}
          value={minScore}
          onChange={(v) => setMinScore(typeof v === 'number' ? Math.min(100, Math.max(1, Math.round(v))) : minScore)}
          min={1}
          max={100}
          clampBehavior="strict"
          allowDecimal={false}
          w={220}
          data-autofocus
        />
        {scores.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{a.counting}</Text>
          </Group>
        ) : (
          <Text size="sm" role="status">
            {a.message(count, monthLabel(props.month))}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {appMessages.common.cancel}
          </Button>
          <Button loading={acceptAll.isPending} disabled={scores.isPending} onClick={() => acceptAll.mutate()}>
            {a.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Lançar liberações": the release report's days of the month booked as transfers, after a confirmation. */
export function BookReleasesDialog(props: {
  period: Period;
  month: string;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const idempotencyKey = useIdempotencyKey();
  const r = t.releases;
  const book = useMutation(
    trpc.mercadopago.releases.book.mutationOptions({
      onSuccess: async (result) => {
        props.onClose();
        await props.onDone();
        notifySuccess(r.done(result.days));
      },
      onError: notifyApiError,
    }),
  );
  return (
    <Modal opened onClose={props.onClose} title={r.title} centered>
      <Stack gap="sm">
        <Text size="sm">{r.message(monthLabel(props.month))}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {appMessages.common.cancel}
          </Button>
          <Button
            loading={book.isPending}
            onClick={() => book.mutate({ ...props.period, idempotencyKey })}
            data-autofocus
          >
            {r.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
