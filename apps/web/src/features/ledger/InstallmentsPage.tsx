import {
  Button,
  Chip,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconFileCode, IconFilterOff, IconPlus, IconRepeat } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  amountBoundOfText,
  daysBetween,
  formatBRL,
  formatCalendarDate,
  LEDGER_STATUSES,
  LIST_STATUSES,
  todayInSaoPaulo,
  type DocumentKind,
  type LedgerSort,
  type ListStatus,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { ledgerMessages } from '../../i18n/ledger';
import { nfeImportMessages } from '../../i18n/nfe-import';
import { registryMessages } from '../../i18n/registries';
import { notifyApiError } from '../../ui/api-error';
import { DataTable, selectionColumn, type Column } from '../../ui/DataTable';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { DateField } from '../../ui/DateField';
import { downloadRows, type ExportFormat } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/SearchInput';
import { useUrlState } from '../../ui/use-url-state';
import { Figure, RowTitle } from '../registries/cells';
import { ReferenceSelect } from '../registries/fields';
import { useCan } from '../tenants/use-can';
import { CancelDocumentsDialog } from './CancelDocumentsDialog';
import { DocumentDrawer } from './DocumentDrawer';
import { PERIODS, periodRange, type Period } from './due-periods';
import { DocumentForm } from './DocumentForm';
import { InstallmentStatus } from './InstallmentStatus';
import { MoneyInput } from './MoneyInput';
import { NfeImportModal } from './NfeImportModal';
import { RecurrencesDrawer } from './RecurrencesDrawer';
import { SettleModal } from './SettleModal';
import { ledgerSources } from './sources';

const t = ledgerMessages;
const PAGE_SIZE = 50;
/** The chips in the order a finance team reads them: what is due, what is late, what is done. */
const CHIPS: readonly ListStatus[] = ['open', 'partial', 'overdue', 'paid', 'cancelled'];
/** The address's word for "every status": an empty value would read as the default. */
const ALL = 'all';
const DEFAULT_STATUS = 'open,partial';
/** The filters behind "Mais filtros", opened by themselves when one of them is set. */
const MORE = ['partyId', 'classificationId', 'costCentreId', 'accountId', 'paymentMethodId', 'amountMin', 'amountMax'];
const isoOf = (text: string) => (/^\d{2}\/\d{2}\/\d{4}$/.test(text) ? text.split('/').reverse().join('-') : null);

type Row = inferOutput<typeof trpc.ledger.documents.list>['rows'][number];

/** The filters as the list opens: what is still to pay or receive, over every due date. Clearing comes back here. */
const CLEARED = {
  status: DEFAULT_STATUS,
  period: 'all',
  from: '',
  to: '',
  partyId: '',
  classificationId: '',
  costCentreId: '',
  accountId: '',
  paymentMethodId: '',
  documentNumber: '',
  amountMin: '',
  amountMax: '',
  search: '',
};

/** One end of the custom due-date range: kept as typed until it is a whole date, then stored in the address. */
function RangeEnd(props: { label: string; value: string; onChange: (iso: string) => void }) {
  const [text, setText] = useState(props.value ? formatCalendarDate(props.value) : '');
  return (
    <DateField
      label={props.label}
      value={text}
      onChange={(value) => {
        setText(value);
        const iso = isoOf(value);
        if (iso !== null || value === '') props.onChange(iso ?? '');
      }}
      w={150}
    />
  );
}

/** contas/pagar and contas/receber: one row per installment, filters in the URL, totals of what is filtered. */
export function InstallmentsPage({ kind }: { kind: DocumentKind }) {
  const canEdit = useCan(kind === 'payable' ? 'editar_contas_pagar' : 'editar_contas_receber', 'unit');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState({
    // What is still to pay or receive, the oldest due first: where a finance team starts its day.
    ...CLEARED,
    sort: 'dueDate',
    desc: false as boolean,
    page: 1,
    doc: '',
  });
  const today = todayInSaoPaulo();
  const period = (PERIODS as readonly string[]).includes(filters.period) ? (filters.period as Period) : 'all';
  const statuses = filters.status
    .split(',')
    .filter((s): s is ListStatus => (LIST_STATUSES as readonly string[]).includes(s));
  const setStatuses = (chosen: string[]) => setFilters({ status: chosen.length > 0 ? chosen.join(',') : ALL });
  const cards = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const range = periodRange(period, today, { from: filters.from, to: filters.to });
  const query = {
    kind,
    sort: filters.sort as LedgerSort,
    desc: filters.desc,
    filters: {
      status: statuses,
      dueFrom: range.dueFrom,
      dueTo: range.dueTo,
      partyId: filters.partyId,
      classificationId: filters.classificationId,
      costCentreId: filters.costCentreId,
      accountId: filters.accountId,
      paymentMethodId: filters.paymentMethodId,
      documentNumber: filters.documentNumber,
      amountMin: amountBoundOfText(filters.amountMin),
      amountMax: amountBoundOfText(filters.amountMax),
      search: filters.search,
    },
  };
  const list = useQuery({
    ...trpc.ledger.documents.list.queryOptions({ ...query, page: filters.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  // A selection belongs to the filters it was made under (across their pages): changing them starts anew, so a bulk
  // action never reaches rows no longer in sight.
  const selectionKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; rows: Map<string, Row> }>({ key: '', rows: new Map() });
  const selected = selection.key === selectionKey ? selection.rows : new Map<string, Row>();
  const setSelected = (next: Map<string, Row>) => setSelection({ key: selectionKey, rows: next });
  const [creating, setCreating] = useState(false);
  const [settling, setSettling] = useState<string[] | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [newDue, setNewDue] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [exporting, setExporting] = useState(false);
  const moreSet = MORE.some((key) => filters[key as keyof typeof filters] !== '');
  const [moreFilters, setMoreFilters] = useState(moreSet);
  const [recurrences, setRecurrences] = useState(false);
  const [importingNfe, setImportingNfe] = useState(false);
  const filteredBesidesStatus = period !== 'all' || moreSet || Boolean(filters.search || filters.documentNumber);
  const filtered = filteredBesidesStatus || filters.status !== DEFAULT_STATUS;
  // "n" types a new bill from the list, not while a drawer or dialog is in front (a payment, a new due date): it keeps
  // its keys, as for the search's "/".
  useHotkeys([['n', () => canEdit && !document.querySelector('[role="dialog"]') && setCreating(true)]]);
  const choosePeriod = (value: string) =>
    // "Vencidos" is a status rather than a range: it chooses the overdue chip alone, over every due date.
    value === 'overdue'
      ? setFilters({ period: value, status: 'overdue', from: '', to: '' })
      : setFilters({ period: value, status: period === 'overdue' ? DEFAULT_STATUS : filters.status });

  const chosen = [...selected.values()];
  const chosenDocuments = [...new Set(chosen.map((r) => r.documentId))];
  const done = async (message: string) => {
    setSelected(new Map());
    await queryClient.invalidateQueries(trpc.ledger.pathFilter());
    notifySuccess(message);
  };
  const reschedule = useMutation(
    trpc.ledger.documents.reschedule.mutationOptions({
      onSuccess: async () => {
        setRescheduling(false);
        await done(t.bulk.rescheduled);
      },
      onError: notifyApiError,
    }),
  );
  const settleSelected = () => {
    if (new Set(chosen.map((r) => r.partyId)).size > 1) return notifyError(t.bulk.oneParty);
    const open = chosen.filter((r) => r.status === 'open' || r.status === 'partial');
    if (open.length === 0) return notifyError(t.bulk.nothingOpen);
    setSettling(open.map((r) => r.id));
  };
  const exportRows = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const data = await apiClient.ledger.documents.export.query(query);
      const c = t.columns;
      await downloadRows(
        format,
        kind === 'payable' ? 'contas-a-pagar' : 'contas-a-receber',
        data.rows.map((r) => ({
          [c.dueDate]: formatCalendarDate(r.dueDate),
          [c.party]: r.partyName,
          [c.description]: r.description,
          [c.document]: `${t.documentTypes[r.documentType]} ${r.documentNumber ?? ''}`.trim(),
          [c.installment]: `${r.number}/${r.count}`,
          [c.amount]: r.amount / 100,
          [c.paid[kind]]: r.settled / 100,
          [c.open]: r.open / 100,
          [c.status]: t.statuses[r.overdue ? 'overdue' : r.status],
        })),
      );
      if (data.truncated) notifySuccess(registryMessages.exportTruncated(data.rows.length));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const c = t.columns;
  const columns: Column<Row>[] = [
    ...(canEdit
      ? [selectionColumn(selected, setSelected, (row: Row) => c.select(`${row.partyName} ${row.number}/${row.count}`))]
      : []),
    {
      key: 'dueDate',
      header: c.dueDate,
      sortable: true,
      card: 'figure',
      render: (row) => <Text size="sm">{formatCalendarDate(row.dueDate)}</Text>,
    },
    {
      key: 'party',
      header: c.party,
      sortable: true,
      card: 'title',
      render: (row) => <RowTitle sub={row.description}>{row.partyName}</RowTitle>,
    },
    {
      key: 'documentNumber',
      header: c.document,
      sortable: true,
      card: 'detail',
      render: (row) => (
        <Text size="sm">
          {t.documentTypes[row.documentType]} {row.documentNumber ?? ''}
        </Text>
      ),
    },
    {
      key: 'installment',
      header: c.installment,
      card: 'figure',
      render: (row) => <Figure>{`${row.number}/${row.count}`}</Figure>,
    },
    {
      key: 'amount',
      header: c.amount,
      sortable: true,
      align: 'right',
      card: 'figure',
      render: (row) => <Figure>{formatBRL(row.amount)}</Figure>,
    },
    {
      key: 'settled',
      header: c.paid[kind],
      align: 'right',
      render: (row) => <Figure>{formatBRL(row.settled)}</Figure>,
    },
    {
      key: 'open',
      header: c.open,
      sortable: true,
      align: 'right',
      card: 'figure',
      render: (row) => <Figure>{formatBRL(row.open)}</Figure>,
    },
    {
      key: 'status',
      header: c.status,
      sortable: true,
      width: 150,
      card: 'status',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <InstallmentStatus status={row.status} overdue={row.overdue} />
          {row.overdue && (
            <Text size="xs" c="red.9" style={{ whiteSpace: 'nowrap' }}>
              {t.daysLate(daysBetween(row.dueDate, today))}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  const totals = list.data?.totals;
  // The chips count every status within the other filters: with none set, all of them at zero is a book not begun.
  const nothingYet =
    totals !== undefined &&
    !filteredBesidesStatus &&
    LEDGER_STATUSES.every((status) => totals.byStatus[status].count === 0);
  const chip = (status: ListStatus) => {
    const label = status === 'paid' ? t.paidChip[kind] : t.chips[status];
    const total = totals?.byStatus[status];
    return total ? `${label} · ${total.count} · ${formatBRL(total.amount)}` : label;
  };
  const sources = ledgerSources;
  /** "Mais filtros" narrows by the records a bill names, then by its amount. */
  const references = [
    { key: 'partyId', label: t.party[kind], source: sources[kind] },
    { key: 'classificationId', label: t.filters.classification, source: sources.classifications },
    { key: 'costCentreId', label: t.filters.costCentre, source: sources.costCentres },
    { key: 'accountId', label: t.filters.account, source: sources.accounts },
    { key: 'paymentMethodId', label: t.filters.paymentMethod, source: sources.paymentMethods },
  ] as const;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchInput value={filters.search} onSearch={(search) => setFilters({ search })} label={t.filters.search} />
          <TextInput
            key={filters.documentNumber}
            aria-label={t.filters.documentNumber}
            placeholder={t.filters.documentNumber}
            defaultValue={filters.documentNumber}
            onBlur={(e) => setFilters({ documentNumber: e.currentTarget.value.trim() })}
            onKeyDown={(e) => e.key === 'Enter' && setFilters({ documentNumber: e.currentTarget.value.trim() })}
            w={170}
          />
        </Group>
        <Group>
          <ExportMenu loading={exporting} disabled={!list.data?.total} onExport={(format) => void exportRows(format)} />
          <Button variant="default" leftSection={<IconRepeat size={16} />} onClick={() => setRecurrences(true)}>
            {t.recurrences}
          </Button>
          {canEdit && kind === 'payable' && (
            <Button variant="default" leftSection={<IconFileCode size={16} />} onClick={() => setImportingNfe(true)}>
              {nfeImportMessages.open}
            </Button>
          )}
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t.new[kind]}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="xs" align="flex-end">
        {cards ? (
          <Select
            label={t.periods.label}
            value={period}
            onChange={(value) => value && choosePeriod(value)}
            data={PERIODS.map((p) => ({ value: p, label: t.periods[p] }))}
            allowDeselect={false}
            style={{ flex: 1 }}
          />
        ) : (
          <SegmentedControl
            aria-label={t.periods.label}
            value={period}
            onChange={choosePeriod}
            data={PERIODS.map((p) => ({ value: p, label: t.periods[p] }))}
          />
        )}
        {period === 'custom' && (
          <>
            <RangeEnd label={t.periods.from} value={filters.from} onChange={(from) => setFilters({ from })} />
            <RangeEnd label={t.periods.to} value={filters.to} onChange={(to) => setFilters({ to })} />
          </>
        )}
        <Button variant="subtle" onClick={() => setMoreFilters((v) => !v)} aria-expanded={moreFilters}>
          {t.filters.more}
        </Button>
        {filtered && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => setFilters(CLEARED)}
          >
            {t.filters.clear}
          </Button>
        )}
      </Group>
      {moreFilters && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {references.map((filter) => (
            <ReferenceSelect
              key={filter.key}
              label={filter.label}
              source={filter.source}
              value={filters[filter.key] || null}
              onChange={(v) => setFilters({ [filter.key]: v ?? '' })}
            />
          ))}
          {(['amountMin', 'amountMax'] as const).map((key) => (
            <MoneyInput
              key={key}
              label={t.filters[key]}
              value={filters[key]}
              onChange={(v) => setFilters({ [key]: v })}
            />
          ))}
        </SimpleGrid>
      )}
      <Chip.Group
        multiple
        value={statuses}
        onChange={(value) =>
          period === 'overdue' ? setFilters({ period: 'all', status: value.join(',') || ALL }) : setStatuses(value)
        }
      >
        <Group gap="xs" role="group" aria-label={t.chipsLabel}>
          {CHIPS.map((status) => (
            <Chip key={status} value={status} size="sm" color={status === 'overdue' ? 'red' : undefined}>
              {chip(status)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {totals && (
        <Paper withBorder p="xs" role="status" aria-label={t.totals.label} aria-busy={list.isFetching}>
          <Group gap="lg" style={{ rowGap: 4 }}>
            <Text size="sm" fw={600}>
              {t.totals.count(totals.count)}
            </Text>
            <Text size="sm">
              {t.totals.amount}: <b>{formatBRL(totals.amount)}</b>
            </Text>
            <Text size="sm">
              {t.totals.open}: <b>{formatBRL(totals.open)}</b>
            </Text>
            <Text size="sm" c={totals.overdue > 0 ? 'red.9' : undefined}>
              {t.totals.overdue}: <b>{formatBRL(totals.overdue)}</b>
            </Text>
            <Text size="sm">
              {c.paid[kind]}: <b>{formatBRL(totals.paid)}</b>
            </Text>
          </Group>
        </Paper>
      )}
      {chosen.length > 0 && (
        <Paper withBorder p="xs" bg="blue.0">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t.bulk.selected(chosen.length)}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={settleSelected}>
                {t.settle[kind]}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  setNewDue('');
                  setRescheduling(true);
                }}
              >
                {t.bulk.reschedule}
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => setCancelling(true)}>
                {t.bulk.cancel}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
                {t.bulk.clear}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <DataTable
        query={list}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        empty={nothingYet ? t.empty[kind] : t.noMatch}
        columns={columns}
        minWidth={960}
        onOpen={(row) => setFilters({ doc: row.documentId, page: filters.page })}
        sort={{
          key: filters.sort,
          direction: filters.desc ? 'desc' : 'asc',
          onSort: (key) => setFilters({ sort: key, desc: filters.sort === key ? !filters.desc : false }),
        }}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPage: (page) => setFilters({ page }),
        }}
      />
      <DocumentDrawer
        kind={kind}
        id={filters.doc || null}
        onClose={() => setFilters({ doc: '', page: filters.page })}
        onOpen={(doc) => setFilters({ doc, page: filters.page })}
      />
      <RecurrencesDrawer kind={kind} opened={recurrences} onClose={() => setRecurrences(false)} />
      {kind === 'payable' && (
        <NfeImportModal
          opened={importingNfe}
          onClose={() => setImportingNfe(false)}
          onOpenDocument={(doc) => setFilters({ doc, page: filters.page })}
        />
      )}
      <DocumentForm
        kind={kind}
        opened={creating}
        onClose={(id) => {
          setCreating(false);
          if (id) setFilters({ doc: id });
        }}
      />
      {settling && (
        <SettleModal
          kind={kind}
          installmentIds={settling}
          opened
          onClose={() => {
            setSettling(null);
            setSelected(new Map());
          }}
        />
      )}
      <Modal opened={rescheduling} onClose={() => setRescheduling(false)} title={t.bulk.rescheduleTitle} centered>
        <Stack>
          <Text size="sm">{t.bulk.rescheduleMessage(chosen.length)}</Text>
          <DateField label={t.bulk.newDueDate} value={newDue} onChange={setNewDue} withAsterisk data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRescheduling(false)}>
              {appMessages.common.cancel}
            </Button>
            <Button
              onClick={() => reschedule.mutate({ kind, installmentIds: [...selected.keys()], dueDate: newDue })}
              loading={reschedule.isPending}
            >
              {t.bulk.reschedule}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CancelDocumentsDialog
        kind={kind}
        documentIds={chosenDocuments}
        title={t.cancel.titleMany(chosenDocuments.length)}
        opened={cancelling}
        onClose={() => setCancelling(false)}
        onCancelled={() => setSelected(new Map())}
      />
    </Stack>
  );
}

export const PayablesPage = () => <InstallmentsPage kind="payable" />;
export const ReceivablesPage = () => <InstallmentsPage kind="receivable" />;
