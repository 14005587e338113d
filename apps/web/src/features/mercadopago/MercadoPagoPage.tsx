import { ActionIcon, Alert, Button, Group, Select, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCloudDownload,
  IconFileImport,
  IconKey,
  IconListCheck,
  IconSettings,
  IconTransferIn,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { todayInSaoPaulo } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { MonthPickerInput } from '../../ui/date-pickers';
import { useUrlState } from '../../ui/use-url-state';
import { mercadoPagoApiMessages } from './api-messages';
import { ApiSettingsModal } from './ApiSettingsModal';
import { AcceptAllDialog, BookReleasesDialog } from './BulkDialogs';
import { DaysTable } from './DaysTable';
import { EmptyReports } from './EmptyReports';
import { FetchReportModal } from './FetchReportModal';
import { ImportReportModal } from './ImportReportModal';
import { mercadoPagoMessages } from './messages';
import { PAYMENT_TABS, Payments, type PaymentTab } from './Payments';
import { monthOf, monthPeriod, shiftMonth } from './period';
import { SettingsModal, SetupPanel } from './SettingsForm';
import { DayChart, Figures } from './Summary';

const t = mercadoPagoMessages;
const MERCADO_PAGO = /mercado\s*pago/i;
const TO_RELEASE = /a liberar|pendente/i;

/** The account, month, day and tab of the address, with the active accounts and the defaults it leaves out. */
function useMercadoPagoPeriod() {
  const [filters, setFilters] = useUrlState({ account: '', month: '', day: '', status: 'all', search: '', page: 1 });
  const accounts = useQuery(trpc.banking.reconciliation.accounts.queryOptions());
  const list = (accounts.data ?? []).filter((a) => a.status === 'active');
  // The sales account ("Mercado Pago vendas") rather than its "a liberar" companion, which holds no report.
  const preselected =
    list.find((a) => MERCADO_PAGO.test(a.name) && !TO_RELEASE.test(a.name)) ??
    list.find((a) => MERCADO_PAGO.test(a.name)) ??
    list.find((a) => a.kind === 'digital_wallet') ??
    list[0];
  const accountId = filters.account || preselected?.id || '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(filters.month) ? filters.month : monthOf(todayInSaoPaulo());
  const { from, to } = monthPeriod(month);
  const status: PaymentTab = (PAYMENT_TABS as readonly string[]).includes(filters.status)
    ? (filters.status as PaymentTab)
    : 'all';
  const day = filters.day >= from && filters.day <= to ? filters.day : '';
  return { filters, setFilters, accounts, list, month, period: { accountId, from, to }, status, day };
}

/** The account picker and the month, with a month back and forward; a new account or month clears the day. */
function AccountMonthPicker(props: {
  accounts: { id: string; name: string }[];
  accountId: string;
  month: string;
  onChange: (change: { account?: string; month?: string; day: '' }) => void;
}) {
  const { month } = props;
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label={t.account}
        data={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
        value={props.accountId || null}
        onChange={(account) => account && props.onChange({ account, day: '' })}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 240 }}
        maw="100%"
      />
      <Group gap={4} align="flex-end" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t.previousMonth}
          onClick={() => props.onChange({ month: shiftMonth(month, -1), day: '' })}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <MonthPickerInput
          label={t.month}
          value={`${month}-01`}
          onChange={(value) => value && props.onChange({ month: monthOf(value), day: '' })}
          valueFormat="MMMM [de] YYYY"
          w={170}
        />
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={t.nextMonth}
          onClick={() => props.onChange({ month: shiftMonth(month, 1), day: '' })}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** The account's actions: fetching a report from the API shows once the account has it switched on. */
function AccountActions(props: {
  accountId: string;
  settingsPending: boolean;
  apiEnabled: boolean;
  /** No settings yet, or no reports in the month: nothing to accept or book. */
  bulkDisabled: boolean;
  onSettings: () => void;
  onImport: () => void;
  onFetch: () => void;
  onApi: () => void;
  onAcceptAll: () => void;
  onBook: () => void;
}) {
  // On a phone the actions are smaller, two to a line rather than one under the other.
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const actionSize = phone ? 'xs' : 'sm';
  return (
    <Group gap="xs" role="group" aria-label={t.actions.label}>
      <Button
        size={actionSize}
        variant="default"
        leftSection={<IconSettings size={16} />}
        onClick={props.onSettings}
        disabled={!props.accountId || props.settingsPending}
      >
        {t.actions.settings}
      </Button>
      <Button
        size={actionSize}
        leftSection={<IconFileImport size={16} />}
        onClick={props.onImport}
        disabled={!props.accountId}
      >
        {t.actions.import}
      </Button>
      {props.apiEnabled && (
        <Button size={actionSize} variant="light" leftSection={<IconCloudDownload size={16} />} onClick={props.onFetch}>
          {mercadoPagoApiMessages.header.fetch}
        </Button>
      )}
      <Button
        size={actionSize}
        variant="default"
        leftSection={<IconKey size={16} />}
        onClick={props.onApi}
        disabled={!props.accountId}
      >
        {mercadoPagoApiMessages.header.configure}
      </Button>
      <Button
        size={actionSize}
        variant="light"
        leftSection={<IconListCheck size={16} />}
        onClick={props.onAcceptAll}
        disabled={props.bulkDisabled}
      >
        {t.actions.acceptAll}
      </Button>
      <Button
        size={actionSize}
        variant="light"
        leftSection={<IconTransferIn size={16} />}
        onClick={props.onBook}
        disabled={props.bulkDisabled}
      >
        {t.actions.bookReleases}
      </Button>
    </Group>
  );
}

/**
 * gestao_contas/conciliacao_mercado_pago: one Mercado Pago account's month by approval day — its sales, fees, net,
 * what was released and what was reconciled with the unit's receivables — the import of Mercado Pago's reports, the
 * settings, and the sales of a day or status to reconcile one by one. Account, month, day and tab live in the address.
 */
export function MercadoPagoPage() {
  const queryClient = useQueryClient();
  const { filters, setFilters, accounts, list, month, period, status, day } = useMercadoPagoPeriod();
  const { accountId, from, to } = period;

  const settings = useQuery(trpc.mercadopago.settings.get.queryOptions({ accountId }, { enabled: accountId !== '' }));
  const overview = useQuery(
    trpc.mercadopago.overview.days.queryOptions(period, {
      enabled: accountId !== '',
      placeholderData: keepPreviousData,
    }),
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const apiSettings = useQuery(trpc.mercadopago.api.get.queryOptions({ accountId }, { enabled: accountId !== '' }));
  const [apiOpen, setApiOpen] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [acceptingAll, setAcceptingAll] = useState(false);
  const [booking, setBooking] = useState(false);

  const refresh = async () => {
    await Promise.all(
      [trpc.mercadopago, trpc.ledger, trpc.banking.reconciliation].map((path) =>
        queryClient.invalidateQueries(path.pathFilter()),
      ),
    );
  };
  const chooseDay = (chosen: string) => {
    setFilters({ day: chosen === day ? '' : chosen });
    document.getElementById('mp-payments-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const configured = settings.data !== null && settings.data !== undefined;
  const days = overview.data?.days;
  const noReports = overview.isSuccess && days?.length === 0;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <AccountMonthPicker accounts={list} accountId={accountId} month={month} onChange={setFilters} />
        <AccountActions
          accountId={accountId}
          settingsPending={settings.isPending}
          apiEnabled={apiSettings.data?.enabled === true}
          bulkDisabled={!configured || noReports}
          onSettings={() => setSettingsOpen(true)}
          onImport={() => setImporting(true)}
          onFetch={() => setFetching(true)}
          onApi={() => setApiOpen(true)}
          onAcceptAll={() => setAcceptingAll(true)}
          onBook={() => setBooking(true)}
        />
      </Group>

      {accounts.isSuccess && list.length === 0 && <Alert color="yellow">{t.noAccounts}</Alert>}
      {accounts.isPending && <Skeleton h={96} />}
      {settings.isSuccess && settings.data === null && <SetupPanel accountId={accountId} />}

      {noReports ? (
        <EmptyReports onImport={() => setImporting(true)} />
      ) : (
        accountId !== '' && (
          <>
            <Figures totals={overview.data?.totals} busy={overview.isFetching} />
            {overview.isPending ? (
              <Skeleton h={260} />
            ) : (
              days &&
              overview.data && (
                <>
                  <DayChart days={days} />
                  <DaysTable days={days} totals={overview.data.totals} selected={day} onSelect={chooseDay} />
                </>
              )
            )}
            <Payments
              accountId={accountId}
              from={from}
              to={to}
              filters={{ day, status, search: filters.search, page: filters.page }}
              settings={settings.data ?? null}
              onFilters={setFilters}
              onChanged={refresh}
            />
          </>
        )
      )}

      <SettingsModal
        opened={settingsOpen}
        accountId={accountId}
        settings={settings.data ?? null}
        onClose={() => setSettingsOpen(false)}
      />
      <ImportReportModal opened={importing} accountId={accountId} onClose={() => setImporting(false)} />
      <ApiSettingsModal opened={apiOpen} accountId={accountId} onClose={() => setApiOpen(false)} />
      <FetchReportModal opened={fetching} accountId={accountId} onClose={() => setFetching(false)} />
      {acceptingAll && (
        <AcceptAllDialog period={period} month={month} onClose={() => setAcceptingAll(false)} onDone={refresh} />
      )}
      {booking && (
        <BookReleasesDialog period={period} month={month} onClose={() => setBooking(false)} onDone={refresh} />
      )}
    </Stack>
  );
}
