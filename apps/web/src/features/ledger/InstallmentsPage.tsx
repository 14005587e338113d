import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconFileCode, IconPlus, IconRepeat } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBRL, LEDGER_STATUSES, type DocumentKind } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { ledgerMessages } from '../../i18n/ledger';
import { nfeImportMessages } from '../../i18n/nfe-import';
import { notifyApiError } from '../../ui/api-error';
import { DataTable } from '../../ui/DataTable';
import { DateField } from '../../ui/DateField';
import type { ExportFormat } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { notifyError, notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/SearchInput';
import { useKeyedSelection } from '../../ui/use-keyed-selection';
import { useCan } from '../tenants/use-can';
import { CancelDocumentsDialog } from './CancelDocumentsDialog';
import { DocumentDrawer } from './DocumentDrawer';
import { DocumentForm } from './DocumentForm';
import { installmentColumns, useInstallmentsExport, type InstallmentRow } from './installment-columns';
import { InstallmentsFilters, useInstallmentsFilters, type InstallmentsFilterState } from './InstallmentsFilters';
import { NfeImportModal } from './NfeImportModal';
import { RecurrencesDrawer } from './RecurrencesDrawer';
import { SettleModal } from './SettleModal';

const t = ledgerMessages;
const PAGE_SIZE = 50;

type Totals = inferOutput<typeof trpc.ledger.documents.list>['totals'];

/** The installments list's top row: the search and document-number filters, the export and the ways to add bills. */
function InstallmentsHeader(props: {
  kind: DocumentKind;
  canEdit: boolean;
  state: InstallmentsFilterState;
  exporting: boolean;
  canExport: boolean;
  onExport: (format: ExportFormat) => void;
  onRecurrences: () => void;
  onImportNfe: () => void;
  onCreate: () => void;
}) {
  const { kind, canEdit } = props;
  const { filters, setFilters } = props.state;
  return (
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
        <ExportMenu loading={props.exporting} disabled={!props.canExport} onExport={props.onExport} />
        <Button variant="default" leftSection={<IconRepeat size={16} />} onClick={props.onRecurrences}>
          {t.recurrences}
        </Button>
        {canEdit && kind === 'payable' && (
          <Button variant="default" leftSection={<IconFileCode size={16} />} onClick={props.onImportNfe}>
            {nfeImportMessages.open}
          </Button>
        )}
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={props.onCreate}>
            {t.new[kind]}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** The figures of what is filtered: how many installments, their amount, what is open, overdue and settled. */
function InstallmentsTotals({ kind, totals, busy }: { kind: DocumentKind; totals: Totals; busy: boolean }) {
  return (
    <Paper withBorder p="xs" role="status" aria-label={t.totals.label} aria-busy={busy}>
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
          {t.columns.paid[kind]}: <b>{formatBRL(totals.paid)}</b>
        </Text>
      </Group>
    </Paper>
  );
}

/** The bar over the list while installments are chosen: settle, reschedule or cancel them, or clear the choice. */
function InstallmentsBulkBar(props: {
  kind: DocumentKind;
  count: number;
  onSettle: () => void;
  onReschedule: () => void;
  onCancel: () => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="xs" bg="blue.0">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t.bulk.selected(props.count)}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={props.onSettle}>
            {t.settle[props.kind]}
          </Button>
          <Button size="xs" variant="default" onClick={props.onReschedule}>
            {t.bulk.reschedule}
          </Button>
          <Button size="xs" variant="default" color="red" onClick={props.onCancel}>
            {t.bulk.cancel}
          </Button>
          <Button size="xs" variant="subtle" onClick={props.onClear}>
            {t.bulk.clear}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The bulk new due date: whether its dialog is open (opening it starts from no date), the date typed, the call. */
function useReschedule(kind: DocumentKind, done: (message: string) => Promise<void>) {
  const [opened, setOpened] = useState(false);
  const [newDue, setNewDue] = useState('');
  const mutation = useMutation(
    trpc.ledger.documents.reschedule.mutationOptions({
      onSuccess: async () => {
        setOpened(false);
        await done(t.bulk.rescheduled);
      },
      onError: notifyApiError,
    }),
  );
  const open = () => {
    setNewDue('');
    setOpened(true);
  };
  return { kind, opened, open, close: () => setOpened(false), newDue, setNewDue, mutation };
}

/** The dialog giving the chosen installments one new due date. */
function RescheduleModal({
  reschedule,
  installmentIds,
}: {
  reschedule: ReturnType<typeof useReschedule>;
  installmentIds: string[];
}) {
  const { kind, newDue, mutation } = reschedule;
  return (
    <Modal opened={reschedule.opened} onClose={reschedule.close} title={t.bulk.rescheduleTitle} centered>
      <Stack>
        <Text size="sm">{t.bulk.rescheduleMessage(installmentIds.length)}</Text>
        <DateField
          label={t.bulk.newDueDate}
          value={newDue}
          onChange={reschedule.setNewDue}
          withAsterisk
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={reschedule.close}>
            {appMessages.common.cancel}
          </Button>
          <Button
            onClick={() => mutation.mutate({ kind, installmentIds, dueDate: newDue })}
            loading={mutation.isPending}
          >
            {t.bulk.reschedule}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** contas/pagar and contas/receber: one row per installment, filters in the URL, totals of what is filtered. */
export function InstallmentsPage({ kind }: { kind: DocumentKind }) {
  const canEdit = useCan(kind === 'payable' ? 'editar_contas_pagar' : 'editar_contas_receber', 'unit');
  const queryClient = useQueryClient();
  const state = useInstallmentsFilters(kind);
  const { filters, setFilters, query } = state;
  const list = useQuery({
    ...trpc.ledger.documents.list.queryOptions({ ...query, page: filters.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  // A selection belongs to the filters it was made under (across their pages).
  const { selected, setSelected } = useKeyedSelection<InstallmentRow>(JSON.stringify(query));
  const [creating, setCreating] = useState(false);
  const [settling, setSettling] = useState<string[] | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const { exporting, exportRows } = useInstallmentsExport(kind, query);
  const [recurrences, setRecurrences] = useState(false);
  const [importingNfe, setImportingNfe] = useState(false);
  // "n" types a new bill from the list, not while a drawer or dialog is in front (a payment, a new due date): it keeps
  // its keys, as for the search's "/".
  useHotkeys([['n', () => canEdit && !document.querySelector('[role="dialog"]') && setCreating(true)]]);

  const chosen = [...selected.values()];
  const chosenDocuments = [...new Set(chosen.map((r) => r.documentId))];
  const done = async (message: string) => {
    setSelected(new Map());
    await queryClient.invalidateQueries(trpc.ledger.pathFilter());
    notifySuccess(message);
  };
  const reschedule = useReschedule(kind, done);
  const settleSelected = () => {
    if (new Set(chosen.map((r) => r.partyId)).size > 1) return notifyError(t.bulk.oneParty);
    const open = chosen.filter((r) => r.status === 'open' || r.status === 'partial');
    if (open.length === 0) return notifyError(t.bulk.nothingOpen);
    setSettling(open.map((r) => r.id));
  };
  const totals = list.data?.totals;
  // The chips count every status within the other filters: with none set, all of them at zero is a book not begun.
  const nothingYet =
    totals !== undefined &&
    !state.filteredBesidesStatus &&
    LEDGER_STATUSES.every((status) => totals.byStatus[status].count === 0);

  return (
    <Stack>
      <InstallmentsHeader
        kind={kind}
        canEdit={canEdit}
        state={state}
        exporting={exporting}
        canExport={Boolean(list.data?.total)}
        onExport={(format) => void exportRows(format)}
        onRecurrences={() => setRecurrences(true)}
        onImportNfe={() => setImportingNfe(true)}
        onCreate={() => setCreating(true)}
      />
      <InstallmentsFilters kind={kind} state={state} totals={totals} />
      {totals && <InstallmentsTotals kind={kind} totals={totals} busy={list.isFetching} />}
      {chosen.length > 0 && (
        <InstallmentsBulkBar
          kind={kind}
          count={chosen.length}
          onSettle={settleSelected}
          onReschedule={reschedule.open}
          onCancel={() => setCancelling(true)}
          onClear={() => setSelected(new Map())}
        />
      )}
      <DataTable
        query={list}
        rows={list.data?.rows}
        rowKey={(row) => row.id}
        empty={nothingYet ? t.empty[kind] : t.noMatch}
        columns={installmentColumns(kind, state.today, canEdit ? { selected, setSelected } : null)}
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
      <RescheduleModal reschedule={reschedule} installmentIds={[...selected.keys()]} />
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
