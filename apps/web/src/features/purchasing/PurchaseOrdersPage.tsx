import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { amountBoundOfText, formatBRL, formatCalendarDate, PURCHASE_LISTS, todayInSaoPaulo } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { notifyApiError } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, selectionColumn, type Column } from '../../ui/DataTable';
import { notifySuccess } from '../../ui/notify';
import { PeriodEnd } from '../../ui/PeriodEnd';
import { SearchInput } from '../../ui/SearchInput';
import { useKeyedSelection } from '../../ui/use-keyed-selection';
import { useUrlState } from '../../ui/use-url-state';
import { MoneyInput } from '../ledger/MoneyInput';
import { ledgerSources } from '../ledger/sources';
import { Figure, RowTitle } from '../registries/cells';
import { ReferenceSelect } from '../registries/fields';
import { departmentsSource, membersSource } from '../registries/sources';
import { useCan } from '../tenants/use-can';
import { useTenantStore } from '../../stores/tenant';
import { purchasingMessages } from './messages';
import { OrderDrawer } from './OrderDrawer';
import { OrderFormModal } from './OrderForm';
import { usePurchasingCan } from './use-purchasing-can';

const t = purchasingMessages;
const PAGE_SIZE = 50;
/** The filters behind "Mais filtros", opened by themselves when one of them is set. */
const MORE = ['departmentId', 'requesterId', 'supplierId', 'from', 'to', 'amountMin', 'amountMax'] as const;
const CLEARED = {
  search: '',
  departmentId: '',
  requesterId: '',
  supplierId: '',
  from: '',
  to: '',
  amountMin: '',
  amountMax: '',
};

type Row = inferOutput<typeof trpc.purchasing.list>['rows'][number];

/** The list the address names: `compras/<slug>`. */
function useCurrentList() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const slug = pathname.split('/').at(-1);
  return PURCHASE_LISTS.find((list) => list.slug === slug) ?? PURCHASE_LISTS[0];
}

/** The order lists' filters, sort, page and open order kept in the address, the query they make and whether any narrows it. */
function usePurchaseOrderFilters(status: (typeof PURCHASE_LISTS)[number]['status']) {
  const [filters, setFilters] = useUrlState({
    ...CLEARED,
    sort: 'createdAt',
    desc: true as boolean,
    page: 1,
    pedido: '',
  });
  const query = {
    status,
    sort: filters.sort as 'number' | 'createdAt' | 'total' | 'neededBy' | 'supplier' | 'requester',
    desc: filters.desc,
    filters: {
      departmentId: filters.departmentId,
      requesterId: filters.requesterId,
      supplierId: filters.supplierId,
      from: filters.from,
      to: filters.to,
      amountMin: amountBoundOfText(filters.amountMin),
      amountMax: amountBoundOfText(filters.amountMax),
      search: filters.search,
    },
  };
  const moreSet = MORE.some((key) => filters[key] !== '');
  const filtered = moreSet || filters.search !== '';
  return { filters, setFilters, query, moreSet, filtered };
}

type FilterState = ReturnType<typeof usePurchaseOrderFilters>;

/** The order lists' columns; with a selection (approving in bulk), a first column of checkboxes. */
function orderColumns(
  selection: { selected: Map<string, Row>; setSelected: (next: Map<string, Row>) => void } | null,
): Column<Row>[] {
  const c = t.columns;
  return [
    ...(selection
      ? [selectionColumn(selection.selected, selection.setSelected, (row: Row) => c.select(row.number))]
      : []),
    {
      key: 'number',
      header: c.number,
      sortable: true,
      width: 120,
      card: 'status',
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {row.number}
          </Text>
          {row.waitsForMe && (
            <Badge size="sm" color="orange" variant="light" tt="none" style={{ overflow: 'visible' }}>
              {t.waitsForMe}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'createdAt',
      header: c.createdAt,
      sortable: true,
      card: 'figure',
      render: (row) => <Text size="sm">{formatCalendarDate(todayInSaoPaulo(new Date(row.createdAt)))}</Text>,
    },
    {
      key: 'supplier',
      header: c.supplier,
      sortable: true,
      card: 'title',
      render: (row) => <RowTitle sub={row.justification}>{row.supplier ?? t.noSupplier}</RowTitle>,
    },
    {
      key: 'department',
      header: c.department,
      card: 'detail',
      render: (row) => (
        <Text size="sm">
          {row.department}
          <Text span size="xs" c="dimmed">
            {` · ${row.unit}`}
          </Text>
        </Text>
      ),
    },
    {
      key: 'requester',
      header: c.requester,
      sortable: true,
      card: 'detail',
      render: (row) => <Text size="sm">{row.requester}</Text>,
    },
    {
      key: 'total',
      header: c.total,
      sortable: true,
      align: 'right',
      card: 'figure',
      render: (row) => <Figure>{formatBRL(row.total)}</Figure>,
    },
    {
      key: 'neededBy',
      header: c.neededBy,
      sortable: true,
      card: 'figure',
      render: (row) => <Text size="sm">{row.neededBy ? formatCalendarDate(row.neededBy) : '—'}</Text>,
    },
  ];
}

/**
 * "Mais filtros" of the order lists: the department and the requester (for whoever works organization-wide, the
 * requester for whoever may read the members), the supplier, the creation period and the total.
 */
function OrderMoreFilters({ state }: { state: FilterState }) {
  const { filters, setFilters } = state;
  // Working in one department shows that department's orders: choosing another, or a requester, is for whoever
  // works organization-wide (and may read the members).
  const organizationWide = !useTenantStore((s) => s.selectedDepartment);
  const canReadMembers = useCan('read_memberships');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {organizationWide && (
        <ReferenceSelect
          label={t.filters.department}
          source={departmentsSource}
          value={filters.departmentId || null}
          onChange={(v) => setFilters({ departmentId: v ?? '' })}
        />
      )}
      {organizationWide && canReadMembers && (
        <ReferenceSelect
          label={t.filters.requester}
          source={membersSource}
          value={filters.requesterId || null}
          onChange={(v) => setFilters({ requesterId: v ?? '' })}
        />
      )}
      <ReferenceSelect
        label={t.filters.supplier}
        source={ledgerSources.suppliers}
        value={filters.supplierId || null}
        onChange={(v) => setFilters({ supplierId: v ?? '' })}
      />
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <PeriodEnd label={t.filters.from} value={filters.from} onChange={(from) => setFilters({ from })} />
        <PeriodEnd label={t.filters.to} value={filters.to} onChange={(to) => setFilters({ to })} />
      </Group>
      {(['amountMin', 'amountMax'] as const).map((key) => (
        <MoneyInput key={key} label={t.filters[key]} value={filters[key]} onChange={(v) => setFilters({ [key]: v })} />
      ))}
    </SimpleGrid>
  );
}

/** The bar over the list while orders are chosen: how many and their total, approve them or clear the choice. */
function OrderBulkBar(props: { count: number; total: string; onApprove: () => void; onClear: () => void }) {
  return (
    <Paper withBorder p="xs" bg="blue.0">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t.bulk.selected(props.count, props.total)}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={props.onApprove}>
            {t.bulk.approve}
          </Button>
          <Button size="xs" variant="subtle" onClick={props.onClear}>
            {t.bulk.clear}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The six `compras/*` lists: one status each, filters and page in the address, a row opens its order (`pedido=<id>`,
 * the link the e-mails carry). "Aguardando aprovação" puts first what waits for the caller and approves in bulk.
 */
export function PurchaseOrdersPage() {
  const list = useCurrentList();
  const status = list.status;
  const queryClient = useQueryClient();
  const canCreate = usePurchasingCan('editar_pedidos_compra');
  const canApprove = usePurchasingCan('avaliar_pedidos_compra');
  const state = usePurchaseOrderFilters(status);
  const { filters, setFilters, query, filtered } = state;
  const orders = useQuery({
    ...trpc.purchasing.list.queryOptions({ ...query, page: filters.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const bulk = status === 'aguardando_aprovacao' && canApprove;
  // A selection belongs to the list and filters it was made under: changing them starts anew.
  const { selected, setSelected } = useKeyedSelection<Row>(JSON.stringify(query));
  const [approving, setApproving] = useState(false);
  const [creating, setCreating] = useState(false);
  const [moreFilters, setMoreFilters] = useState(state.moreSet);
  const chosen = [...selected.values()];
  const chosenTotal = formatBRL(chosen.reduce((sum, row) => sum + row.total, 0));
  const approveMany = useMutation(
    trpc.purchasing.approveMany.mutationOptions({
      onSuccess: async (result) => {
        setApproving(false);
        setSelected(new Map());
        await queryClient.invalidateQueries(trpc.purchasing.pathFilter());
        notifySuccess(t.bulk.approved(result.approved));
      },
      onError: (error) => {
        setApproving(false);
        notifyApiError(error);
        void queryClient.invalidateQueries(trpc.purchasing.pathFilter());
      },
    }),
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <SearchInput value={filters.search} onSearch={(search) => setFilters({ search })} label={t.search} />
        <Group gap="xs">
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
          {status === 'criada' && canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t.newOrder}
            </Button>
          )}
        </Group>
      </Group>
      {moreFilters && <OrderMoreFilters state={state} />}
      {chosen.length > 0 && (
        <OrderBulkBar
          count={chosen.length}
          total={chosenTotal}
          onApprove={() => setApproving(true)}
          onClear={() => setSelected(new Map())}
        />
      )}
      <DataTable
        query={orders}
        rows={orders.data?.rows}
        rowKey={(row) => row.id}
        empty={filtered ? t.noMatch : t.empty[status]}
        columns={orderColumns(bulk ? { selected, setSelected } : null)}
        minWidth={960}
        onOpen={(row) => setFilters({ pedido: row.id, page: filters.page })}
        sort={{
          key: filters.sort,
          direction: filters.desc ? 'desc' : 'asc',
          onSort: (key) => setFilters({ sort: key, desc: filters.sort === key ? !filters.desc : false }),
        }}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          total: orders.data?.total ?? 0,
          onPage: (page) => setFilters({ page }),
        }}
      />
      <OrderDrawer id={filters.pedido || null} onClose={() => setFilters({ pedido: '', page: filters.page })} />
      <OrderFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        order={null}
        onSaved={(id) => {
          setCreating(false);
          setFilters({ pedido: id, page: filters.page });
        }}
      />
      <ConfirmDialog
        opened={approving}
        title={t.bulk.title}
        message={t.bulk.message(chosen.length, chosenTotal)}
        confirmLabel={t.bulk.approve}
        busy={approveMany.isPending}
        onConfirm={() => approveMany.mutate({ orders: chosen.map((row) => ({ id: row.id, version: row.version })) })}
        onClose={() => setApproving(false)}
      />
    </Stack>
  );
}
