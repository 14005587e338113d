import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileImport, IconListCheck, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays, addMonths, formatBRL, formatCalendarDate, todayInSaoPaulo } from '@financeiro/core';
import { apiClient, trpc } from '../../api/trpc';
import { reconciliationMessages } from '../../i18n/reconciliation';
import { notifyApiError } from '../../ui/api-error';
import { DataTable, type Column } from '../../ui/DataTable';
import { notifySuccess } from '../../ui/notify';
import { useUrlState } from '../../ui/use-url-state';
import { RowTitle } from '../registries/cells';
import { PeriodEnd } from '../../ui/PeriodEnd';
import { monthOfTyped } from '../closing/closed-month';
import { ClosedMonthAlert } from '../closing/ClosedMonthAlert';
import { closingMessages } from '../closing/messages';
import { useClosedMonths, useLateLine } from '../closing/use-closed-months';
import { ImportModal } from './ImportModal';
import { EntryFromLineModal, UndoDialog } from './LineDialogs';
import { RulesDrawer } from './RulesDrawer';
import { Suggestions } from './Suggestions';
import { lineOpen, type AppItem, type Line, type Reconciliation } from './lines';
import { useKeyFor } from './use-key-for';

const t = reconciliationMessages;
const PAGE_SIZE = 50;

type Day = Reconciliation['days'][number];

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => addDays(addMonths(monthStart(date), 1), -1);

function Amount({ value, strong }: { value: number; strong?: boolean }) {
  return (
    <Text
      size="sm"
      fw={strong ? 600 : undefined}
      c={value < 0 ? 'red' : 'green'}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {t.amount(value)}
    </Text>
  );
}

function Figure(props: { label: string; amount: number | null | undefined; sub?: string; alert?: boolean }) {
  return (
    <Paper withBorder p="sm" bg={props.alert ? 'red.0' : undefined}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text
        fw={700}
        size="lg"
        c={props.alert ? 'red.9' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {props.amount === null || props.amount === undefined ? '—' : formatBRL(props.amount)}
      </Text>
      {props.sub && (
        <Text size="xs" c="dimmed">
          {props.sub}
        </Text>
      )}
    </Paper>
  );
}

/** Per day of the period: the bank's balance, the app's, the part the bank confirmed, and the difference. */
function Days({ days }: { days: Day[] }) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const shown = onlyDifferences ? days.filter((d) => d.difference !== null && d.difference !== 0) : days;
  const money = (v: number | null) => (v === null ? '—' : formatBRL(v));
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t.days.title}
        </Title>
        <Switch
          size="xs"
          label={t.days.onlyDifferences}
          checked={onlyDifferences}
          onChange={(e) => setOnlyDifferences(e.currentTarget.checked)}
        />
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.days.none}
        </Text>
      ) : (
        <div tabIndex={0} role="region" aria-label={t.days.label} style={{ maxHeight: 260, overflow: 'auto' }}>
          <Table fz="xs" verticalSpacing={4} miw={420} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.days.day}</Table.Th>
                <Table.Th ta="right">{t.days.bank}</Table.Th>
                <Table.Th ta="right">{t.days.app}</Table.Th>
                <Table.Th ta="right">{t.days.reconciled}</Table.Th>
                <Table.Th ta="right">{t.days.difference}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
              {shown.map((d) => {
                const off = d.difference !== null && d.difference !== 0;
                return (
                  <Table.Tr key={d.date} bg={off ? 'red.0' : undefined} data-difference={off ? 'yes' : 'no'}>
                    <Table.Td>{formatCalendarDate(d.date)}</Table.Td>
                    <Table.Td ta="right">{money(d.bankBalance)}</Table.Td>
                    <Table.Td ta="right">{money(d.appBalance)}</Table.Td>
                    <Table.Td ta="right">{money(d.reconciledBalance)}</Table.Td>
                    <Table.Td ta="right" fw={off ? 700 : undefined} c={off ? 'red.9' : undefined}>
                      {money(d.difference)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}

/** Whether a bank line is dated in a month closed in the unit: the server refuses to reconcile or undo it. */
type IsClosed = (line: Line) => boolean;

/** The months closed among the lines' dates, as a test of each line. */
function useClosedLines(lines: Line[]): IsClosed {
  const closed = new Set(useClosedMonths(lines.map((l) => l.date)).map((m) => m.month));
  return (line) => closed.has(monthOfTyped(line.date) ?? '');
}

/** The sums of a manual match and whether they may be reconciled (lines of a closed month once booked late). */
function matchCheck(lines: Line[], items: AppItem[], isClosed: IsClosed, bookedLate: boolean) {
  const lineSum = lines.reduce((s, l) => s + lineOpen(l), 0);
  const itemSum = items.reduce((s, i) => s + i.open, 0);
  const signs = new Set([...lines.map((l) => Math.sign(l.amount)), ...items.map((i) => Math.sign(i.open))]);
  const shapeOk =
    lines.length > 0 &&
    items.length > 0 &&
    (lines.length === 1 || (items.length === 1 && items[0]?.source === 'movement'));
  const problem =
    lines.some(isClosed) && !bookedLate
      ? t.match.closed
      : !shapeOk
        ? t.match.shape
        : signs.size > 1
          ? t.match.direction
          : lineSum !== itemSum
            ? t.match.mismatch
            : null;
  return { lineSum, itemSum, remaining: lineSum - itemSum, problem };
}

/** The app's movements and open installments of a view, as one list by date. */
function appItems(view: Reconciliation | undefined): AppItem[] {
  return [
    ...(view?.movements ?? []).map((m) => ({
      id: m.id,
      source: 'movement' as const,
      kind: 'movement' as const,
      date: m.date,
      description: m.description,
      partyName: m.partyName,
      documentNumber: null,
      open: m.open,
    })),
    ...(view?.installments ?? []).map((i) => ({
      id: i.id,
      source: 'installment' as const,
      kind: i.kind === 'receivable' ? ('receivable' as const) : ('payable' as const),
      date: i.dueDate,
      description: i.description,
      partyName: i.partyName,
      documentNumber: i.documentNumber,
      open: i.open,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The account and period of the address, with the active accounts and the defaults the address leaves out. */
function useReconciliationPeriod() {
  const today = todayInSaoPaulo();
  const [filters, setFilters] = useUrlState({ account: '', from: '', to: '', page: 1 });
  const accounts = useQuery(trpc.banking.reconciliation.accounts.queryOptions());
  const list = (accounts.data ?? []).filter((a) => a.status === 'active');
  const accountId = filters.account || (list.find((a) => a.kind === 'checking') ?? list[0])?.id || '';
  const from = filters.from || monthStart(today);
  const to = filters.to || (from === monthStart(today) ? today : monthEnd(from));
  return { filters, setFilters, accounts, list, period: { accountId, from, to } };
}

/** The lines and items chosen for a manual match, their sums, and the act reconciling them. */
function useManualMatch(
  accountId: string,
  lines: Line[],
  items: AppItem[],
  refresh: () => Promise<void>,
  isClosed: IsClosed,
) {
  const [selectedLines, setSelectedLines] = useState<string[]>([]);
  const [selectedItems, setSelectedItems] = useState<string[]>([]);
  const [bookLate, setBookLate] = useState(false);
  const { keyFor, done } = useKeyFor();
  const chosenLines = lines.filter((l) => selectedLines.includes(l.id));
  const chosenItems = items.filter((i) => selectedItems.includes(i.id));
  const closedChosen = chosenLines.filter(isClosed);
  const latestClosed = closedChosen.reduce<string | null>((last, l) => (!last || l.date > last ? l.date : last), null);
  const late = useLateLine(latestClosed);
  const bookedLate = bookLate && late !== null && closedChosen.length > 0;
  const clearSelection = () => {
    setSelectedLines([]);
    setSelectedItems([]);
    setBookLate(false);
  };
  const manualRequest = {
    accountId,
    bookOn: bookedLate ? late.bookOn : null,
    lines: chosenLines.map((l) => ({ lineId: l.id, amount: null })),
    movements: chosenItems.filter((i) => i.source === 'movement').map((i) => ({ movementId: i.id, amount: null })),
    installments: chosenItems
      .filter((i) => i.source === 'installment')
      .map((i) => ({ installmentId: i.id, principal: null })),
  };
  // The request's key is derived from it (the same request retried keeps its key), so the call is made here.
  const reconcile = useMutation({
    mutationFn: (request: typeof manualRequest) =>
      apiClient.banking.reconciliation.reconcile.mutate({ ...request, idempotencyKey: keyFor(request) }),
    onSuccess: async (_result, request) => {
      done(request);
      clearSelection();
      await refresh();
      notifySuccess(t.match.done);
    },
    onError: notifyApiError,
  });
  const toggle = (ids: string[], id: string, set: (ids: string[]) => void) =>
    set(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
  return {
    selectedLines,
    selectedItems,
    toggleLine: (id: string) => toggle(selectedLines, id, setSelectedLines),
    toggleItem: (id: string) => toggle(selectedItems, id, setSelectedItems),
    choosing: chosenLines.length > 0 || chosenItems.length > 0,
    check: matchCheck(chosenLines, chosenItems, isClosed, bookedLate),
    late: closedChosen.length > 0 ? late : null,
    bookLate,
    setBookLate,
    clearSelection,
    reconcile: () => reconcile.mutate(manualRequest),
    reconciling: reconcile.isPending,
  };
}

/** The bank lines' columns: a checkbox to choose the line, its date, memo with status and acts, and amount. */
function lineColumns(props: {
  selected: string[];
  isClosed: IsClosed;
  onToggle: (id: string) => void;
  onEntry: (line: Line) => void;
  onUndo: (line: Line) => void;
}): Column<Line>[] {
  return [
    {
      key: 'select',
      header: t.lines.select,
      card: 'actions',
      width: 40,
      render: (line) =>
        line.status === 'reconciled' ? null : (
          <Checkbox
            aria-label={t.lines.selectLine(line.memo)}
            checked={props.selected.includes(line.id)}
            onChange={() => props.onToggle(line.id)}
          />
        ),
    },
    {
      key: 'date',
      header: t.lines.date,
      card: 'figure',
      width: 96,
      render: (line) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{formatCalendarDate(line.date)}</Text>
          {props.isClosed(line) && (
            <Tooltip label={closingMessages.closedLine}>
              <span role="img" aria-label={closingMessages.closedLine} style={{ display: 'inline-flex' }}>
                <IconLock size={14} color="var(--mantine-color-orange-8)" />
              </span>
            </Tooltip>
          )}
        </Group>
      ),
    },
    {
      key: 'memo',
      header: t.lines.memo,
      card: 'title',
      render: (line) => (
        <Stack gap={4} align="flex-start">
          <RowTitle sub={line.links.map((k) => t.lines.linkedTo(k.description)).join(' · ') || undefined}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {line.memo}
            </Text>
          </RowTitle>
          <Group gap={4}>
            <Badge
              variant="light"
              color={line.status === 'reconciled' ? 'green' : line.status === 'partial' ? 'yellow' : 'gray'}
              tt="none"
            >
              {t.lines.statuses[line.status]}
            </Badge>
            {line.status !== 'reconciled' && (
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t.lines.createEntryLabel(line.memo)}
                onClick={() => props.onEntry(line)}
              >
                {t.lines.createEntry}
              </Button>
            )}
            {line.links.length > 0 && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={t.lines.undoLabel(line.memo)}
                onClick={() => props.onUndo(line)}
              >
                {t.lines.undo}
              </Button>
            )}
          </Group>
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: t.lines.amount,
      align: 'right',
      card: 'figure',
      render: (line) => <Amount value={line.amount} strong />,
    },
  ];
}

/** The app items' columns: a checkbox to choose the item, its date, description with kind, and open amount. */
function itemColumns(props: { selected: string[]; onToggle: (id: string) => void }): Column<AppItem>[] {
  return [
    {
      key: 'select',
      header: t.lines.select,
      card: 'actions',
      width: 40,
      render: (item) => (
        <Checkbox
          aria-label={t.app.selectItem(item.description)}
          checked={props.selected.includes(item.id)}
          onChange={() => props.onToggle(item.id)}
        />
      ),
    },
    {
      key: 'date',
      header: t.app.date,
      card: 'figure',
      width: 96,
      render: (item) => <Text size="sm">{formatCalendarDate(item.date)}</Text>,
    },
    {
      key: 'description',
      header: t.app.description,
      card: 'title',
      render: (item) => (
        <Stack gap={4} align="flex-start">
          <RowTitle
            sub={
              [item.partyName, item.documentNumber ? t.app.documentNumber(item.documentNumber) : null]
                .filter(Boolean)
                .join(' · ') || undefined
            }
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.description}
            </Text>
          </RowTitle>
          <Badge variant="light" color={item.kind === 'movement' ? 'blue' : 'grape'} tt="none">
            {t.app.kinds[item.kind]}
          </Badge>
        </Stack>
      ),
    },
    {
      key: 'open',
      header: t.app.open,
      align: 'right',
      card: 'figure',
      render: (item) => <Amount value={item.open} strong />,
    },
  ];
}

/** The account and period pickers, with a month back and forward, and the buttons to the rules and the import. */
function ReconciliationToolbar(props: {
  accounts: { id: string; name: string }[];
  period: { accountId: string; from: string; to: string };
  onAccount: (account: string) => void;
  onPeriod: (change: { from?: string; to?: string }) => void;
  onShiftMonth: (months: number) => void;
  onRules: () => void;
  onImport: () => void;
}) {
  const { accountId, from, to } = props.period;
  return (
    <Group justify="space-between" align="flex-end">
      <Group gap="xs" align="flex-end">
        <Select
          label={t.account}
          data={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
          value={accountId || null}
          onChange={(account) => {
            if (!account) return;
            props.onAccount(account);
          }}
          allowDeselect={false}
          searchable
          w={260}
          maw="100%"
        />
        <Group gap={4} align="flex-end" wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t.previousMonth} onClick={() => props.onShiftMonth(-1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          <PeriodEnd label={t.from} value={from} onChange={(value) => props.onPeriod({ from: value })} />
          <PeriodEnd label={t.to} value={to} onChange={(value) => props.onPeriod({ to: value })} />
          <ActionIcon variant="default" size="lg" aria-label={t.nextMonth} onClick={() => props.onShiftMonth(1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="xs">
        <Button variant="default" leftSection={<IconListCheck size={16} />} onClick={props.onRules}>
          {t.rulesButton}
        </Button>
        <Button leftSection={<IconFileImport size={16} />} onClick={props.onImport} disabled={!accountId}>
          {t.importButton}
        </Button>
      </Group>
    </Group>
  );
}

/** The period's closing figures: the bank's last balance, the app's, the part reconciled, and the difference. */
function BalanceFigures({ days, busy }: { days: Day[]; busy: boolean }) {
  const last = days[days.length - 1];
  const lastWithBank = [...days].reverse().find((d) => d.bankBalance !== null);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} role="region" aria-label={t.figures.label} aria-busy={busy}>
      <Figure
        label={t.figures.bank}
        amount={lastWithBank?.bankBalance}
        sub={lastWithBank ? t.figures.asOf(formatCalendarDate(lastWithBank.date)) : t.figures.noBank}
      />
      <Figure label={t.figures.app} amount={last?.appBalance} />
      <Figure label={t.figures.reconciled} amount={last?.reconciledBalance} />
      <Figure
        label={t.figures.difference}
        amount={lastWithBank?.difference}
        alert={lastWithBank?.difference !== undefined && lastWithBank.difference !== 0}
      />
    </SimpleGrid>
  );
}

/** The manual match's sums, what keeps it from being reconciled, and the buttons to clear or reconcile it. */
function ManualMatchBar(props: {
  check: ReturnType<typeof matchCheck>;
  late: { bookOn: string; label: string } | null;
  bookLate: boolean;
  onBookLate: (book: boolean) => void;
  busy: boolean;
  onClear: () => void;
  onReconcile: () => void;
}) {
  const { check } = props;
  return (
    <Paper withBorder p="sm" role="region" aria-label={t.match.label}>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t.match.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Text size="sm">
            {t.match.lines}: <b>{formatBRL(check.lineSum)}</b>
          </Text>
          <Text size="sm">
            {t.match.candidates}: <b>{formatBRL(check.itemSum)}</b>
          </Text>
          <Text size="sm" c={check.remaining === 0 ? 'teal.9' : 'red.9'}>
            {t.match.remaining}: <b>{formatBRL(check.remaining)}</b>
          </Text>
        </SimpleGrid>
        {props.late && (
          <Checkbox
            label={props.late.label}
            checked={props.bookLate}
            onChange={(event) => props.onBookLate(event.currentTarget.checked)}
          />
        )}
        <Group justify="space-between">
          <Text size="sm" c={check.problem ? 'red.9' : 'teal.9'}>
            {check.problem ?? t.match.fits}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={props.onClear}>
              {t.match.clear}
            </Button>
            <Button disabled={check.problem !== null} loading={props.busy} onClick={props.onReconcile}>
              {t.match.reconcile}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * contas/conciliacao_bancaria: one account's bank lines of a period beside the app's movements and open installments,
 * the matcher's suggestions with their reasons, manual matches, entries made from lines, undo, the import of statement
 * files and the rules applied on import; and the bank's balance against the app's per day. Account and period live in
 * the address.
 */
export function ReconciliationPage() {
  const queryClient = useQueryClient();
  const { filters, setFilters, accounts, list, period } = useReconciliationPeriod();
  const { accountId, from, to } = period;
  const data = useQuery(
    trpc.banking.reconciliation.get.queryOptions(
      { ...period, page: filters.page, pageSize: PAGE_SIZE },
      { enabled: accountId !== '' && from <= to, placeholderData: keepPreviousData },
    ),
  );
  const suggestions = useQuery(
    trpc.banking.reconciliation.suggest.queryOptions(period, {
      enabled: accountId !== '' && from <= to,
      placeholderData: keepPreviousData,
    }),
  );
  const [importing, setImporting] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [entryLine, setEntryLine] = useState<Line | null>(null);
  const [undoLine, setUndoLine] = useState<Line | null>(null);

  const view = data.data;
  const items = appItems(view);
  const lines = view?.lines.rows ?? [];
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.banking.reconciliation.pathFilter()),
      queryClient.invalidateQueries(trpc.ledger.statement.pathFilter()),
    ]);
  };
  const isClosed = useClosedLines(lines);
  const match = useManualMatch(accountId, lines, items, refresh, isClosed);
  const shiftMonth = (months: number) => {
    const start = addMonths(monthStart(from), months);
    setFilters({ from: start, to: monthEnd(start) });
    match.clearSelection();
  };

  return (
    <Stack>
      <ReconciliationToolbar
        accounts={list}
        period={period}
        onAccount={(account) => {
          setFilters({ account });
          match.clearSelection();
        }}
        onPeriod={setFilters}
        onShiftMonth={shiftMonth}
        onRules={() => setRulesOpen(true)}
        onImport={() => setImporting(true)}
      />
      {accounts.isSuccess && list.length === 0 && <Alert color="yellow">{t.noAccounts}</Alert>}

      <BalanceFigures days={view?.days ?? []} busy={data.isFetching} />
      {view && <Days days={view.days} />}

      <Suggestions
        period={period}
        query={suggestions}
        lines={lines}
        items={items}
        enabled={accountId !== ''}
        onChanged={refresh}
      />

      {match.choosing && (
        <ManualMatchBar
          check={match.check}
          late={match.late}
          bookLate={match.bookLate}
          onBookLate={match.setBookLate}
          busy={match.reconciling}
          onClear={match.clearSelection}
          onReconcile={match.reconcile}
        />
      )}

      <ClosedMonthAlert dates={lines.map((l) => l.date)} of="lines" />

      <div style={{ containerType: 'inline-size' }}>
        <SimpleGrid type="container" cols={{ base: 1, '960px': 2 }} spacing="md">
          <Stack gap="xs" role="region" aria-label={t.lines.title}>
            <Title order={3} size="h5">
              {t.lines.title}
            </Title>
            <DataTable
              query={accountId ? data : accounts}
              rows={lines}
              rowKey={(line) => line.id}
              empty={t.lines.empty}
              columns={lineColumns({
                selected: match.selectedLines,
                isClosed,
                onToggle: match.toggleLine,
                onEntry: setEntryLine,
                onUndo: setUndoLine,
              })}
              minWidth={440}
              pagination={{
                page: filters.page,
                pageSize: PAGE_SIZE,
                total: view?.lines.total ?? 0,
                onPage: (page) => setFilters({ page }),
              }}
            />
          </Stack>
          <Stack gap="xs" role="region" aria-label={t.app.title}>
            <Title order={3} size="h5">
              {t.app.title}
            </Title>
            <DataTable
              query={accountId ? data : accounts}
              rows={view ? items : undefined}
              rowKey={(item) => item.id}
              empty={t.app.empty}
              columns={itemColumns({ selected: match.selectedItems, onToggle: match.toggleItem })}
              minWidth={420}
            />
          </Stack>
        </SimpleGrid>
      </div>

      <ImportModal opened={importing} accountId={accountId} accounts={list} onClose={() => setImporting(false)} />
      <RulesDrawer opened={rulesOpen} onClose={() => setRulesOpen(false)} />
      {entryLine && <EntryFromLineModal line={entryLine} onClose={() => setEntryLine(null)} onDone={refresh} />}
      {undoLine && <UndoDialog line={undoLine} onClose={() => setUndoLine(null)} onDone={refresh} />}
    </Stack>
  );
}
