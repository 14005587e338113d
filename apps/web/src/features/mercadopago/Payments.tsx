import { Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { DEFAULT_MERCADOPAGO_THRESHOLD, formatBRL, formatCalendarDate } from '@financeiro/core';
import { apiClient, trpc } from '../../api/trpc';
import { notifyApiError } from '../../ui/api-error';
import { DataTable, type Column } from '../../ui/DataTable';
import { notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/SearchInput';
import { useKeyFor } from '../reconciliation/use-key-for';
import type { PaymentRow, Settings } from './api';
import { Fees, Money } from './cells';
import { mercadoPagoMessages } from './messages';
import { CreateReceivableDialog, MatchDialog, UndoDialog } from './PaymentDialogs';
import { formatInstant } from './period';

const t = mercadoPagoMessages.payments;
const RECEIVABLE_PATH = '/contas/receber';
export const PAGE_SIZE = 25;
export const PAYMENT_TABS = ['all', 'suggested', 'open', 'reconciled', 'reversal'] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];

const STATUS_COLOR = { reconciled: 'green', suggested: 'blue', open: 'orange', reversal: 'grape' } as const;
const scoreColor = (score: number) =>
  score >= 85 ? 'green' : score >= DEFAULT_MERCADOPAGO_THRESHOLD ? 'teal' : 'yellow';
const typeLabel = (type: string) => t.types[type] ?? type;

interface Filters {
  day: string;
  status: PaymentTab;
  search: string;
  page: number;
}

/** What the sale's suggestion would settle: each installment with its amount, the score and the reasons as chips. */
function SuggestionCell(props: { payment: PaymentRow; busy: boolean; onAccept: () => void; onChoose: () => void }) {
  const s = props.payment.suggestion;
  if (!s) return null;
  return (
    <Stack gap={4} align="flex-start">
      {s.allocations.map((a) => (
        <Text key={a.installmentId} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {[
            t.receivable(a.documentNumber, a.partyName ?? ''),
            a.number && a.count ? t.installmentOf(a.number, a.count) : null,
            a.dueDate ? t.due(formatCalendarDate(a.dueDate)) : null,
          ]
            .filter(Boolean)
            .join(' · ')}{' '}
          · <b style={{ whiteSpace: 'nowrap' }}>{formatBRL(a.amount)}</b>
        </Text>
      ))}
      <Group gap={4}>
        <Badge color={scoreColor(s.score)} variant="filled" aria-label={t.scoreLabel(s.score)}>
          {t.score(s.score)}
        </Badge>
        {s.reasons.map((r) => (
          <Badge
            key={`${r.code}-${r.text}`}
            variant="light"
            color={r.code === 'ambiguous' ? 'orange' : 'gray'}
            tt="none"
            fw={500}
            style={{ whiteSpace: 'normal', height: 'auto' }}
          >
            {r.text}
          </Badge>
        ))}
      </Group>
      <Group gap={4}>
        <Button
          size="compact-sm"
          loading={props.busy}
          aria-label={t.acceptLabel(props.payment.sourceId)}
          onClick={props.onAccept}
        >
          {t.accept}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={t.chooseLabel(props.payment.sourceId)}
          onClick={props.onChoose}
        >
          {t.choose}
        </Button>
      </Group>
    </Stack>
  );
}

/** The receivables a reconciled sale settled, each a link to its drawer in contas a receber. */
function ReconciledCell(props: { payment: PaymentRow; onUndo?: () => void }) {
  const navigate = useNavigate();
  const r = props.payment.reconciliation;
  if (!r) return null;
  return (
    <Stack gap={4} align="flex-start">
      {r.documents.map((d) => {
        const label = t.receivable(d.documentNumber, d.partyName ?? d.description);
        return (
          <Anchor
            key={d.id}
            href={`${RECEIVABLE_PATH}?doc=${d.id}`}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              void navigate({ to: RECEIVABLE_PATH, search: { doc: d.id } });
            }}
            size="sm"
            aria-label={t.openReceivable(label)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {label}
          </Anchor>
        );
      })}
      <Text size="xs" c="dimmed">
        {r.createdAt ? t.reconciledAt(t.origins[r.origin] ?? '', formatInstant(r.createdAt)) : t.origins[r.origin]}
      </Text>
      {props.onUndo && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          aria-label={t.undoLabel(props.payment.sourceId)}
          onClick={props.onUndo}
        >
          {t.undo}
        </Button>
      )}
    </Stack>
  );
}

/** The payments' columns: the sale, method, amounts, release, status, and what it can do about its receivables. */
function paymentColumns(props: {
  accepting: (row: PaymentRow) => boolean;
  onAccept: (row: PaymentRow) => void;
  onChoose: (row: PaymentRow) => void;
  onCreate: (row: PaymentRow) => void;
  onUndo: (row: PaymentRow) => void;
}): Column<PaymentRow>[] {
  return [
    {
      key: 'payment',
      header: t.columns.payment,
      card: 'title',
      render: (row) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {row.sourceId}
            </Text>
            {row.transactionType !== 'SETTLEMENT' && (
              <Badge size="xs" variant="outline" color="grape" tt="none">
                {typeLabel(row.transactionType)}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.externalReference ? t.reference(row.externalReference) : t.noReference}
          </Text>
          <Text size="xs" c="dimmed">
            {formatInstant(row.transactionAt)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'method',
      header: t.columns.method,
      card: 'figure',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.paymentMethod ?? '—'}
          {row.installments ? (
            <Text span size="xs" c="dimmed">
              {' '}
              {t.installments(row.installments)}
            </Text>
          ) : null}
        </Text>
      ),
    },
    {
      key: 'gross',
      header: t.columns.gross,
      align: 'right',
      card: 'figure',
      render: (row) => <Money value={row.gross} strong />,
    },
    {
      key: 'fees',
      header: t.columns.fees,
      align: 'right',
      card: 'figure',
      render: (row) => <Fees total={row.feesTotal} fees={row.fees} />,
    },
    {
      key: 'net',
      header: t.columns.net,
      align: 'right',
      card: 'figure',
      render: (row) => <Money value={row.net} />,
    },
    {
      key: 'release',
      header: t.columns.release,
      card: 'figure',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.settlementDay ? formatCalendarDate(row.settlementDay) : '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t.columns.status,
      card: 'status',
      width: 112,
      render: (row) => (
        <Badge variant="light" color={STATUS_COLOR[row.status]} tt="none" miw="max-content">
          {t.statuses[row.status]}
        </Badge>
      ),
    },
    {
      key: 'match',
      header: t.columns.match,
      card: 'detail',
      width: '34%',
      render: (row) => {
        if (row.status === 'suggested')
          return (
            <SuggestionCell
              payment={row}
              busy={props.accepting(row)}
              onAccept={() => props.onAccept(row)}
              onChoose={() => props.onChoose(row)}
            />
          );
        if (row.status === 'reconciled') return <ReconciledCell payment={row} onUndo={() => props.onUndo(row)} />;
        if (row.status === 'reversal') return <ReconciledCell payment={row} />;
        return (
          <Group gap={4}>
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t.chooseLabel(row.sourceId)}
              onClick={() => props.onChoose(row)}
            >
              {t.choose}
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={t.createLabel(row.sourceId)}
              onClick={() => props.onCreate(row)}
            >
              {t.create}
            </Button>
          </Group>
        );
      },
    },
  ];
}

/** Accepting a sale's suggestion, with an idempotency key per request, and which row's acceptance is under way. */
function useAcceptSuggestion(onChanged: () => Promise<void>) {
  const { keyFor, done } = useKeyFor();
  // The request's key is derived from it (the same request retried keeps its key), so the call is made here.
  const accept = useMutation({
    mutationFn: (request: { accountId: string; settlementIds: string[] }) =>
      apiClient.mercadopago.reconciliation.accept.mutate({ ...request, idempotencyKey: keyFor(request) }),
    onSuccess: async (_result, request) => {
      done(request);
      await onChanged();
      notifySuccess(t.accepted);
    },
    onError: notifyApiError,
  });
  return {
    accept: (accountId: string, row: PaymentRow) => accept.mutate({ accountId, settlementIds: [row.id] }),
    accepting: (row: PaymentRow) => accept.isPending && accept.variables.settlementIds[0] === row.id,
  };
}

/** The list's title (the day's, when one is chosen, with a button to clear it) and the search. */
function PaymentsHeader(props: { filters: Filters; onFilters: (change: Partial<Filters>) => void }) {
  const { filters } = props;
  return (
    <Group justify="space-between" align="center">
      <Group gap="xs">
        <Title order={3} size="h5" id="mp-payments-title">
          {filters.day ? t.titleOfDay(formatCalendarDate(filters.day)) : t.title}
        </Title>
        {filters.day && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconX size={12} />}
            onClick={() => props.onFilters({ day: '' })}
          >
            {t.clearDay}
          </Button>
        )}
      </Group>
      <SearchInput value={filters.search} label={t.search} onSearch={(search) => props.onFilters({ search })} />
    </Group>
  );
}

/**
 * The drill-down: the period's payments (of one approval day, or the whole month), by status in tabs, each with what
 * it can do — accept its suggestion, choose receivables by hand, create one, open the receivables it settled, undo.
 */
export function Payments(props: {
  accountId: string;
  from: string;
  to: string;
  filters: Filters;
  settings: Settings | null;
  onFilters: (change: Partial<Filters>) => void;
  onChanged: () => Promise<void>;
}) {
  const { accountId, from, to, filters } = props;
  const [matching, setMatching] = useState<PaymentRow | null>(null);
  const [creating, setCreating] = useState<PaymentRow | null>(null);
  const [undoing, setUndoing] = useState<PaymentRow | null>(null);
  const query = {
    accountId,
    from,
    to,
    day: filters.day || null,
    status: filters.status,
    search: filters.search || undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  };
  const payments = useQuery(
    trpc.mercadopago.overview.payments.queryOptions(query, {
      enabled: accountId !== '',
      placeholderData: keepPreviousData,
    }),
  );
  const { accept, accepting } = useAcceptSuggestion(props.onChanged);
  const columns = paymentColumns({
    accepting,
    onAccept: (row) => accept(accountId, row),
    onChoose: setMatching,
    onCreate: setCreating,
    onUndo: setUndoing,
  });

  const data = payments.data;
  return (
    <Paper withBorder p="sm" role="region" aria-labelledby="mp-payments-title">
      <Stack gap="sm">
        <PaymentsHeader filters={filters} onFilters={props.onFilters} />
        <Tabs
          value={filters.status}
          onChange={(value) => value && props.onFilters({ status: value as PaymentTab })}
          keepMounted={false}
        >
          <Tabs.List>
            {PAYMENT_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t.tabs[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PAYMENT_TABS.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="sm">
              <DataTable
                query={payments}
                rows={data?.rows}
                rowKey={(row) => row.id}
                columns={columns}
                empty={t.empty[tab]}
                minWidth={980}
                pagination={{
                  page: filters.page,
                  pageSize: PAGE_SIZE,
                  total: data?.total ?? 0,
                  onPage: (page) => props.onFilters({ page }),
                }}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      {matching && (
        <MatchDialog
          accountId={accountId}
          payment={matching}
          onClose={() => setMatching(null)}
          onDone={props.onChanged}
        />
      )}
      {creating && (
        <CreateReceivableDialog
          payment={creating}
          settings={props.settings}
          onClose={() => setCreating(null)}
          onDone={props.onChanged}
        />
      )}
      {undoing && <UndoDialog payment={undoing} onClose={() => setUndoing(null)} onDone={props.onChanged} />}
    </Paper>
  );
}
