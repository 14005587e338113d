import { Button, Chip, Group, SegmentedControl, Select, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import {
  amountBoundOfText,
  formatBRL,
  LIST_STATUSES,
  todayInSaoPaulo,
  type DocumentKind,
  type LedgerSort,
  type ListStatus,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../api/trpc';
import { ledgerMessages } from '../../i18n/ledger';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { PeriodEnd } from '../../ui/PeriodEnd';
import { useUrlState } from '../../ui/use-url-state';
import { ReferenceSelect } from '../registries/fields';
import { PERIODS, periodRange, type Period } from './due-periods';
import { MoneyInput } from './MoneyInput';
import { ledgerSources } from './sources';

const t = ledgerMessages;
/** The chips in the order a finance team reads them: what is due, what is late, what is done. */
const CHIPS: readonly ListStatus[] = ['open', 'partial', 'overdue', 'paid', 'cancelled'];
/** The address's word for "every status": an empty value would read as the default. */
const ALL = 'all';
const DEFAULT_STATUS = 'open,partial';
/** The filters behind "Mais filtros", opened by themselves when one of them is set. */
const MORE = ['partyId', 'classificationId', 'costCentreId', 'accountId', 'paymentMethodId', 'amountMin', 'amountMax'];

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

type Totals = inferOutput<typeof trpc.ledger.documents.list>['totals'];

/**
 * The installments list's filters, sort, page and open document kept in the address, with what they make of it: the
 * due period, the chosen statuses, the query the server is asked and whether anything narrows the list.
 */
export function useInstallmentsFilters(kind: DocumentKind) {
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
  const moreSet = MORE.some((key) => filters[key as keyof typeof filters] !== '');
  const filteredBesidesStatus = period !== 'all' || moreSet || Boolean(filters.search || filters.documentNumber);
  const filtered = filteredBesidesStatus || filters.status !== DEFAULT_STATUS;
  return { filters, setFilters, today, period, statuses, query, moreSet, filteredBesidesStatus, filtered };
}

/** What {@link useInstallmentsFilters} gives the parts of the list that read or change the filters. */
export type InstallmentsFilterState = ReturnType<typeof useInstallmentsFilters>;

/** The installments list's filter rows: the due period, "Mais filtros" and clearing, the status chips with totals. */
export function InstallmentsFilters(props: { kind: DocumentKind; state: InstallmentsFilterState; totals?: Totals }) {
  const { kind, totals } = props;
  const { filters, setFilters, period, statuses, moreSet, filtered } = props.state;
  const cards = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const [moreFilters, setMoreFilters] = useState(moreSet);
  const setStatuses = (chosen: string[]) => setFilters({ status: chosen.length > 0 ? chosen.join(',') : ALL });
  const choosePeriod = (value: string) =>
    // "Vencidos" is a status rather than a range: it chooses the overdue chip alone, over every due date.
    value === 'overdue'
      ? setFilters({ period: value, status: 'overdue', from: '', to: '' })
      : setFilters({ period: value, status: period === 'overdue' ? DEFAULT_STATUS : filters.status });
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
    <>
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
            <PeriodEnd label={t.periods.from} value={filters.from} onChange={(from) => setFilters({ from })} w={150} />
            <PeriodEnd label={t.periods.to} value={filters.to} onChange={(to) => setFilters({ to })} w={150} />
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
    </>
  );
}
