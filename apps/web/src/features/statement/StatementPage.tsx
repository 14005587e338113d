import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowsExchange, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import {
  addDays,
  addMonths,
  formatBRL,
  formatCalendarDate,
  todayInSaoPaulo,
  type MovementKind,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { statementMessages } from '../../i18n/statement';
import { notifyApiError } from '../../ui/api-error';
import { DataTable, type Column } from '../../ui/DataTable';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useUrlState } from '../../ui/use-url-state';
import { ReasonDialog } from '../ledger/ReasonDialog';
import { Figure, RowTitle } from '../registries/cells';
import { useCan } from '../tenants/use-can';
import { EntryModal, TransferModal } from './MovementForms';
import { PeriodEnd } from '../../ui/PeriodEnd';

const t = statementMessages;
const PAGE_SIZE = 50;

type Statement = inferOutput<typeof trpc.ledger.statement.get>;
type Row = Statement['rows'][number];

const KIND_COLORS: Record<MovementKind, string> = {
  payment: 'blue',
  reversal: 'gray',
  fee: 'orange',
  fee_reversal: 'gray',
  transfer: 'violet',
  manual: 'teal',
  transfer_reversal: 'gray',
  manual_reversal: 'gray',
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => addDays(addMonths(monthStart(date), 1), -1);

/** A figure of the period in a card: its label over its amount. */
function Card(props: { label: string; amount: number | undefined; tone?: 'in' | 'out' }) {
  const color = props.tone === 'in' ? 'green' : props.tone === 'out' ? 'red' : undefined;
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} size="lg" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {props.amount === undefined ? '—' : formatBRL(props.amount)}
      </Text>
    </Paper>
  );
}

/** Undoes a transfer (both legs) or a manual entry, after its reason. Mounted for one movement at a time. */
function ReverseMovement(props: { row: Row; onClose: () => void }) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const reverse = useMutation(
    trpc.ledger.movements.reverse.mutationOptions({
      onSuccess: async () => {
        props.onClose();
        await queryClient.invalidateQueries(trpc.ledger.statement.pathFilter());
        notifySuccess(t.reversal.done);
      },
      onError: notifyApiError,
    }),
  );
  const amount = formatBRL(Math.abs(props.row.amount));
  const date = formatCalendarDate(props.row.date);
  return (
    <ReasonDialog
      opened
      title={t.reversal.title}
      message={props.row.kind === 'transfer' ? t.reversal.transfer(amount, date) : t.reversal.manual(amount, date)}
      label={t.reversal.reason}
      confirmLabel={t.reversal.confirm}
      busy={reverse.isPending}
      onConfirm={(reason) => reverse.mutate({ movementId: props.row.id, reason, idempotencyKey })}
      onClose={props.onClose}
    />
  );
}

/** What a movement is: its document, the other account of a transfer, or its classification. */
function Description({ row }: { row: Row }) {
  const navigate = useNavigate();
  const path = row.document?.kind === 'payable' ? '/contas/pagar' : '/contas/receber';
  const documentPath = `${path}?doc=${row.document?.id ?? ''}`;
  // The document opens in its list's drawer, without reloading the app.
  const openDocument = (event: MouseEvent) => {
    event.preventDefault();
    void navigate({ to: path, search: { doc: row.document?.id } });
  };
  const sub = row.document ? (
    <>
      {row.partyName && `${row.partyName} · `}
      <Anchor href={documentPath} onClick={openDocument} fz="xs" underline="always">
        {t.document(row.document.number)}
      </Anchor>
    </>
  ) : row.counterpartAccountName ? (
    row.amount < 0 ? (
      t.toAccount(row.counterpartAccountName)
    ) : (
      t.fromAccount(row.counterpartAccountName)
    )
  ) : (
    row.partyName
  );
  return <RowTitle sub={sub}>{row.description}</RowTitle>;
}

/** The balance of every account the unit works with at one date, and their total. */
function Balances(props: { date: string; onDate: (iso: string) => void; onOpen: (accountId: string) => void }) {
  const today = todayInSaoPaulo();
  const date = props.date || today;
  const balances = useQuery(
    trpc.ledger.statement.balances.queryOptions({ date }, { placeholderData: keepPreviousData }),
  );
  const b = t.balances;
  return (
    <Stack>
      <Group align="flex-end">
        <PeriodEnd label={b.date} value={date} onChange={props.onDate} />
      </Group>
      <DataTable
        query={balances}
        rows={balances.data?.accounts}
        rowKey={(a) => a.id}
        empty={t.noAccounts}
        minWidth={480}
        onOpen={(a) => props.onOpen(a.id)}
        columns={[
          {
            key: 'name',
            header: b.account,
            card: 'title',
            render: (a) => (
              <RowTitle sub={a.status === 'inactive' ? b.inactive : undefined}>
                <Anchor component="button" type="button" fw={600} fz="sm" aria-label={b.open(a.name)}>
                  {a.name}
                </Anchor>
              </RowTitle>
            ),
          },
          { key: 'kind', header: b.kind, card: 'detail', render: (a) => t.accountKinds[a.kind] },
          {
            key: 'balance',
            header: b.balance,
            align: 'right',
            card: 'figure',
            render: (a) => <Figure negative={a.balance < 0}>{formatBRL(a.balance)}</Figure>,
          },
        ]}
      />
      {balances.data && (
        <Paper withBorder p="sm" role="status" aria-label={b.label}>
          <Group justify="space-between">
            <Text fw={700}>{b.total}</Text>
            <Text
              fw={700}
              c={balances.data.total < 0 ? 'red' : undefined}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatBRL(balances.data.total)}
            </Text>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

/** The statement's columns; with `onReverse` (for whoever may edit), a last one undoing a transfer or manual entry. */
function statementColumns(onReverse: ((row: Row) => void) | null): Column<Row>[] {
  const c = t.columns;
  return [
    {
      key: 'date',
      header: c.date,
      card: 'figure',
      width: 110,
      render: (row) => <Text size="sm">{formatCalendarDate(row.date)}</Text>,
    },
    { key: 'description', header: c.description, card: 'title', render: (row) => <Description row={row} /> },
    {
      key: 'kind',
      header: c.kind,
      card: 'status',
      width: 200,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Badge variant="light" color={KIND_COLORS[row.kind]} style={{ whiteSpace: 'nowrap' }}>
            {t.kinds[row.kind]}
          </Badge>
          {row.reversed && (
            <Text size="xs" c="dimmed">
              {t.reversed}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'classification',
      header: c.classification,
      card: 'detail',
      // Only manual entries have one: a phone's card leaves the line out for the others.
      render: (row) => (row.classificationName ? <Text size="sm">{row.classificationName}</Text> : null),
    },
    {
      key: 'amount',
      header: c.amount,
      align: 'right',
      card: 'figure',
      render: (row) => (
        <Text
          size="sm"
          fw={600}
          c={row.amount < 0 ? 'red' : 'green'}
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {row.amount > 0 ? `+${formatBRL(row.amount)}` : formatBRL(row.amount)}
        </Text>
      ),
    },
    {
      key: 'balance',
      header: c.balance,
      align: 'right',
      card: 'figure',
      render: (row) => <Figure negative={row.balance < 0}>{formatBRL(row.balance)}</Figure>,
    },
    {
      key: 'reconciled',
      header: c.reconciled,
      card: 'detail',
      render: (row) => {
        const state = row.reconciled === 0 ? 'no' : row.reconciled >= Math.abs(row.amount) ? 'yes' : 'partial';
        return (
          <Badge
            variant="light"
            color={state === 'yes' ? 'green' : state === 'partial' ? 'yellow' : 'gray'}
            tt="none"
            style={{ whiteSpace: 'nowrap' }}
          >
            {t.reconciliation[state]}
          </Badge>
        );
      },
    },
    ...(onReverse
      ? [
          {
            key: 'actions',
            header: c.actions,
            card: 'actions' as const,
            width: 110,
            render: (row: Row) =>
              (row.kind === 'transfer' || row.kind === 'manual') && !row.reversed ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={t.reverseLabel(row.description)}
                  onClick={(e) => {
                    e.stopPropagation();
                    onReverse(row);
                  }}
                >
                  {t.reverse}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
}

/**
 * contas/extrato: one account's movements over a period with the balance after each, the period's opening and
 * closing balances and totals; or every account's balance at a date. Account, period and view live in the address.
 */
export function StatementPage() {
  const canEdit = useCan('editar_transacoes', 'unit');
  const [filters, setFilters] = useUrlState({ view: 'statement', account: '', from: '', to: '', date: '', page: 1 });
  const accounts = useQuery(trpc.ledger.statement.balances.queryOptions({}));
  const list = accounts.data?.accounts ?? [];
  // The first checking account until one is chosen: where a finance team's day starts.
  const accountId =
    filters.account || (list.find((a) => a.kind === 'checking' && a.status === 'active') ?? list[0])?.id || '';
  const statement = useQuery(
    trpc.ledger.statement.get.queryOptions(
      { accountId, from: filters.from || null, to: filters.to || null, page: filters.page, pageSize: PAGE_SIZE },
      { enabled: accountId !== '', placeholderData: keepPreviousData },
    ),
  );
  const data = statement.data;
  const [transferring, setTransferring] = useState(false);
  const [entering, setEntering] = useState(false);
  const [reversing, setReversing] = useState<Row | null>(null);
  const active = list.filter((a) => a.status === 'active');
  const from = filters.from || data?.from || monthStart(todayInSaoPaulo());
  const shiftMonth = (months: number) => {
    const start = addMonths(monthStart(from), months);
    setFilters({ from: start, to: monthEnd(start) });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <SegmentedControl
          aria-label={t.viewsLabel}
          value={filters.view === 'balances' ? 'balances' : 'statement'}
          onChange={(view) => setFilters({ view })}
          data={(['statement', 'balances'] as const).map((v) => ({ value: v, label: t.views[v] }))}
        />
        {canEdit && active.length > 0 && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => setTransferring(true)}
              disabled={active.length < 2}
            >
              {t.newTransfer}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEntering(true)}>
              {t.newEntry}
            </Button>
          </Group>
        )}
      </Group>
      {accounts.isSuccess && list.length === 0 && <Alert color="yellow">{t.noAccounts}</Alert>}
      {filters.view === 'balances' ? (
        <Balances
          date={filters.date}
          onDate={(date) => setFilters({ date })}
          onOpen={(account) => setFilters({ view: 'statement', account })}
        />
      ) : (
        <>
          <Group gap="xs" align="flex-end">
            <Select
              label={t.account}
              data={list.map((a) => ({ value: a.id, label: a.name }))}
              value={accountId || null}
              onChange={(account) => account && setFilters({ account })}
              allowDeselect={false}
              searchable
              w={260}
              maw="100%"
            />
            <Group gap={4} align="flex-end">
              <ActionIcon variant="default" size="lg" aria-label={t.previousMonth} onClick={() => shiftMonth(-1)}>
                <IconChevronLeft size={16} />
              </ActionIcon>
              <PeriodEnd label={t.from} value={from} onChange={(value) => setFilters({ from: value })} />
              <PeriodEnd
                label={t.to}
                value={filters.to || data?.to || monthEnd(from)}
                onChange={(value) => setFilters({ to: value })}
              />
              <ActionIcon variant="default" size="lg" aria-label={t.nextMonth} onClick={() => shiftMonth(1)}>
                <IconChevronRight size={16} />
              </ActionIcon>
            </Group>
          </Group>
          <SimpleGrid
            cols={{ base: 2, sm: 4 }}
            role="region"
            aria-label={t.cards.label}
            aria-busy={statement.isFetching}
          >
            <Card label={t.cards.opening} amount={data?.openingBalance} />
            <Card label={t.cards.entries} amount={data?.totalIn} tone="in" />
            <Card label={t.cards.exits} amount={data?.totalOut} tone="out" />
            <Card label={t.cards.closing} amount={data?.closingBalance} />
          </SimpleGrid>
          <DataTable
            query={accountId ? statement : accounts}
            rows={data?.rows}
            rowKey={(row) => row.id}
            empty={t.empty}
            columns={statementColumns(canEdit ? setReversing : null)}
            minWidth={900}
            pagination={{
              page: filters.page,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              onPage: (page) => setFilters({ page }),
            }}
          />
        </>
      )}
      <TransferModal
        opened={transferring}
        accounts={active}
        accountId={accountId || null}
        onClose={() => setTransferring(false)}
      />
      <EntryModal
        opened={entering}
        accounts={active}
        accountId={accountId || null}
        onClose={() => setEntering(false)}
      />
      {reversing && <ReverseMovement row={reversing} onClose={() => setReversing(null)} />}
    </Stack>
  );
}
