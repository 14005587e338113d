import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { DEFAULT_MATCH_THRESHOLD, formatBRL, formatCalendarDate, suggestionRequest } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { apiClient, type trpc } from '../../api/trpc';
import { reconciliationMessages } from '../../i18n/reconciliation';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import type { AppItem, Line } from './lines';
import { useKeyFor } from './use-key-for';

const t = reconciliationMessages.suggestions;
const m = reconciliationMessages;

type Suggestion = inferOutput<typeof trpc.banking.reconciliation.suggest>[number];
interface Period {
  accountId: string;
  from: string;
  to: string;
}

const scoreColor = (score: number) => (score >= 85 ? 'green' : score >= DEFAULT_MATCH_THRESHOLD ? 'teal' : 'yellow');

/** One suggestion: its bank lines beside the app's items, the score and the reasons; Enter accepts it. */
function SuggestionCard(props: {
  suggestion: Suggestion;
  lines: Map<string, Line>;
  items: Map<string, AppItem>;
  busy: boolean;
  onAccept: () => void;
}) {
  const s = props.suggestion;
  const lineMemo = s.lineIds.map((id) => props.lines.get(id)?.memo ?? '').join(' + ') || '—';
  const amountOfLine = (id: string) => s.allocations.filter((a) => a.lineId === id).reduce((x, a) => x + a.amount, 0);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget && !props.busy) props.onAccept();
  };
  return (
    <Paper
      withBorder
      p="sm"
      tabIndex={0}
      role="group"
      aria-label={t.item(lineMemo, s.score)}
      onKeyDown={onKey}
      style={{ outlineOffset: 2 }}
    >
      <Stack gap={6}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t.bank}
            </Text>
            {s.lineIds.map((id) => {
              const line = props.lines.get(id);
              return (
                <Text key={id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line ? `${formatCalendarDate(line.date)} · ${line.memo} · ` : ''}
                  <b style={{ whiteSpace: 'nowrap' }}>{m.amount(line?.amount ?? amountOfLine(id))}</b>
                </Text>
              );
            })}
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t.app}
            </Text>
            {s.candidates.map((c) => {
              const item = props.items.get(c.id);
              const part = s.allocations.filter((a) => a.candidateId === c.id).reduce((x, a) => x + a.amount, 0);
              return (
                <Text key={c.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {item
                    ? `${formatCalendarDate(item.date)} · ${
                        item.partyName && !item.description.includes(item.partyName)
                          ? `${item.partyName} — ${item.description}`
                          : item.description
                      } · `
                    : ''}
                  <b style={{ whiteSpace: 'nowrap' }}>{formatBRL(part)}</b>
                </Text>
              );
            })}
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" align="flex-end" gap="xs">
          <Group gap={6}>
            <Badge color={scoreColor(s.score)} variant="filled" aria-label={t.scoreLabel(s.score)}>
              {t.score(s.score)}
            </Badge>
            {s.reasons.map((r) => (
              <Badge
                key={`${r.code}-${r.text}`}
                variant="light"
                color={r.code === 'ambiguous' || r.code === 'other_party_in_memo' ? 'orange' : 'gray'}
                tt="none"
                fw={500}
                style={{ whiteSpace: 'normal', height: 'auto' }}
              >
                {r.text}
              </Badge>
            ))}
          </Group>
          <Button size="compact-sm" loading={props.busy} aria-label={t.acceptLabel(lineMemo)} onClick={props.onAccept}>
            {t.accept}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The matcher's suggestions for the period's open lines; accept one, or all above a score in one click. */
export function Suggestions(props: {
  period: Period;
  query: { data?: Suggestion[]; isPending: boolean; isError: boolean };
  lines: Line[];
  items: AppItem[];
  enabled: boolean;
  onChanged: () => Promise<void>;
}) {
  const [threshold, setThreshold] = useState(DEFAULT_MATCH_THRESHOLD);
  const { keyFor, done } = useKeyFor();
  // Each request's key is derived from it (the same request retried keeps its key), so the calls are made here.
  const accept = useMutation({
    mutationFn: (request: ReturnType<typeof suggestionRequest>) =>
      apiClient.banking.reconciliation.reconcile.mutate({ ...request, idempotencyKey: keyFor(request) }),
    onSuccess: async (_result, request) => {
      done(request);
      await props.onChanged();
      notifySuccess(t.accepted);
    },
    onError: notifyApiError,
  });
  const acceptAll = useMutation({
    mutationFn: (request: Period & { threshold: number }) =>
      apiClient.banking.reconciliation.acceptAll.mutate({ ...request, idempotencyKey: keyFor(request) }),
    onSuccess: async (result, request) => {
      done(request);
      await props.onChanged();
      notifySuccess(t.acceptedAll(result.reconciled));
    },
    onError: notifyApiError,
  });
  const lines = new Map(props.lines.map((l) => [l.id, l]));
  const items = new Map(props.items.map((i) => [i.id, i]));
  const suggestions = props.query.data ?? [];
  const above = suggestions.filter((s) => s.score >= threshold).length;
  return (
    <Stack gap="xs" role="region" aria-label={t.title}>
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h5">
          {t.title}
        </Title>
        <Group gap="xs" align="flex-end">
          <NumberInput
            label={t.threshold}
            value={threshold}
            onChange={(v) => setThreshold(typeof v === 'number' ? Math.min(100, Math.max(1, v)) : threshold)}
            min={1}
            max={100}
            w={180}
          />
          <Button
            variant="light"
            disabled={!props.enabled || above === 0}
            loading={acceptAll.isPending}
            onClick={() => acceptAll.mutate({ ...props.period, threshold })}
          >
            {t.acceptAll(threshold)}
          </Button>
        </Group>
      </Group>
      {props.query.isPending && props.enabled ? (
        <Skeleton h={72} />
      ) : suggestions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t.keyboard}
          </Text>
          {suggestions.map((s) => {
            const request = suggestionRequest(props.period.accountId, s);
            return (
              <SuggestionCard
                key={s.lineIds.join() + s.candidateIds.join()}
                suggestion={s}
                lines={lines}
                items={items}
                busy={accept.isPending && JSON.stringify(accept.variables) === JSON.stringify(request)}
                onAccept={() => accept.mutate(request)}
              />
            );
          })}
        </>
      )}
    </Stack>
  );
}
