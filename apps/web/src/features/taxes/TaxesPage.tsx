import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBRL, formatCalendarDate, formatDocument, formatPercent, monthTitle } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { notifyApiError } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { downloadRows } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { notifySuccess } from '../../ui/notify';
import { useUrlState } from '../../ui/use-url-state';
import { DocumentDrawer } from '../ledger/DocumentDrawer';
import { useCan } from '../tenants/use-can';
import { taxesMessages as t } from './messages';
import { billRows, canGenerate, collectionBadge, shiftTaxMonth, taxMonthOf } from './tax-month';

type TaxMonth = inferOutput<typeof trpc.ledger.taxes.month>;
type Collection = TaxMonth['collections'][number];
type Bill = TaxMonth['bills'][number];

const figure = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** One figure of a collection: its label above, the amount below. */
function Amount(props: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={props.strong ? 700 : undefined} style={figure}>
        {props.value}
      </Text>
    </Stack>
  );
}

/** Makes a month's collection after a confirmation naming its amount and due date; mounted for the one chosen. */
function GenerateDialog(props: {
  month: TaxMonth;
  collection: Collection;
  onClose: () => void;
  onMade: (id: string) => void;
}) {
  const { collection } = props;
  const queryClient = useQueryClient();
  const collect = useMutation(
    trpc.ledger.taxes.collect.mutationOptions({
      onSuccess: (made) => {
        notifySuccess(t.generated(collection.title));
        void queryClient.invalidateQueries(trpc.ledger.pathFilter());
        props.onClose();
        props.onMade(made.id);
      },
      onError: notifyApiError,
    }),
  );
  return (
    <ConfirmDialog
      opened
      title={t.confirmTitle(collection.title)}
      message={t.confirmMessage(
        collection.title,
        props.month.label,
        formatBRL(collection.total),
        collection.dueDate ? formatCalendarDate(collection.dueDate) : t.noDueDate,
      )}
      confirmLabel={t.generate}
      busy={collect.isPending}
      onConfirm={() => collect.mutate({ collection: collection.collection, period: props.month.month })}
      onClose={props.onClose}
    />
  );
}

/** One collection of the month: its taxes, what it pays and when, its state and what can be done with it. */
function CollectionCard(props: {
  collection: Collection;
  canEdit: boolean;
  onGenerate: () => void;
  onOpen: (id: string) => void;
}) {
  const c = props.collection;
  const badge = collectionBadge(c);
  const dueDate = c.payable?.dueDate ?? c.dueDate;
  return (
    <Paper withBorder p="md" aria-label={c.title} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={4}>{c.title}</Title>
            {c.collectorName && (
              <Text size="xs" c="dimmed">
                {t.collector}: {c.collectorName}
              </Text>
            )}
          </Stack>
          <Badge color={badge.color} variant="light" style={{ maxWidth: '100%' }}>
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm">{c.taxes.map((tax) => `${tax.name} ${formatBRL(tax.amount)}`).join(' · ')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Amount label={t.withheld} value={formatBRL(c.withheld)} />
          <Amount label={t.carriedIn} value={formatBRL(c.carriedIn)} />
          <Amount label={t.total} value={formatBRL(c.payable?.amount ?? c.total)} strong />
          <Amount label={t.dueDate} value={dueDate ? formatCalendarDate(dueDate) : t.noDueDate} />
        </SimpleGrid>
        {c.missing && (
          <Alert color="yellow" icon={<IconAlertTriangle size={16} />} p="xs">
            <Text size="sm">{c.missing}</Text>
            <Anchor component={Link} to="/parametrizacao/tipos_imposto" size="sm">
              {t.openTaxTypes}
            </Anchor>
          </Alert>
        )}
        {(c.payable || (props.canEdit && canGenerate(c) && !c.missing)) && (
          <Group justify="flex-end">
            {c.payable ? (
              <Button size="xs" variant="default" onClick={() => c.payable && props.onOpen(c.payable.id)}>
                {t.openPayable}
              </Button>
            ) : (
              <Button size="xs" onClick={props.onGenerate}>
                {t.generate}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The bill list's columns; on a phone, a card with the supplier as its title. */
const BILL_COLUMNS: Column<Bill>[] = [
  { key: 'issueDate', header: t.issueDate, card: 'figure', render: (b) => formatCalendarDate(b.issueDate) },
  {
    key: 'documentNumber',
    header: t.documentNumber,
    card: 'detail',
    render: (b) => (
      <Stack gap={0}>
        <Text size="sm">{b.documentNumber ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {b.description}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'party',
    header: t.supplier,
    card: 'title',
    render: (b) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {b.partyName}
        </Text>
        <Text size="xs" c="dimmed" style={figure}>
          {b.partyDocument ? formatDocument(b.partyDocument) : ''}
        </Text>
      </Stack>
    ),
  },
  { key: 'gross', header: t.gross, card: 'figure', align: 'right', render: (b) => formatBRL(b.gross) },
  {
    key: 'taxes',
    header: t.taxes,
    card: 'figure',
    render: (b) => (
      <Stack gap={0}>
        {b.taxes.map((tax) => (
          <Text key={tax.name} size="sm" style={figure}>
            {tax.name} ({formatPercent(tax.rate)}) {formatBRL(tax.amount)}
          </Text>
        ))}
      </Stack>
    ),
  },
];

/** The bills of the month that withheld, for the accountant; a bill opens in the drawer. */
function BillsTable(props: {
  bills: Bill[];
  month: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  onOpen: (id: string) => void;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>{t.bills}</Title>
        <ExportMenu
          disabled={props.bills.length === 0}
          onExport={(format) => void downloadRows(format, t.fileName(props.month), billRows(props.bills))}
        />
      </Group>
      <DataTable
        columns={BILL_COLUMNS}
        rows={props.bills}
        rowKey={(b) => b.documentId}
        query={props.query}
        empty={t.billsEmpty}
        minWidth={760}
        onOpen={(b) => props.onOpen(b.documentId)}
      />
    </Stack>
  );
}

/**
 * contas/impostos_retidos: a month's withheld taxes per collection (DARF 1708, DARF 5952, the city's ISS), each made
 * into its payable here (decision 0037), and the bills that withheld them, for the accountant.
 */
export function TaxesPage() {
  const [filters, setFilters] = useUrlState({ mes: '', doc: '' });
  const month = taxMonthOf(filters.mes);
  const query = useQuery(trpc.ledger.taxes.month.queryOptions({ month }));
  const canEdit = useCan('editar_contas_pagar', 'unit');
  const [generating, setGenerating] = useState<Collection | null>(null);
  const open = (doc: string) => setFilters({ mes: month, doc });
  const data = query.data;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <Group gap="xs">
        <ActionIcon
          variant="default"
          aria-label={t.previousMonth}
          onClick={() => setFilters({ mes: shiftTaxMonth(month, -1), doc: '' })}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Title order={3} miw={150} ta="center">
          {monthTitle(`${month}-01`)}
        </Title>
        <ActionIcon
          variant="default"
          aria-label={t.nextMonth}
          onClick={() => setFilters({ mes: shiftTaxMonth(month, 1), doc: '' })}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      {query.isError ? (
        <Alert color="red" title={t.loadError}>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : !data ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : data.collections.length === 0 && data.bills.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            {t.empty}
          </Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {data.collections.map((c) => (
              <CollectionCard
                key={c.collection}
                collection={c}
                canEdit={canEdit}
                onGenerate={() => setGenerating(c)}
                onOpen={open}
              />
            ))}
          </SimpleGrid>
          <BillsTable bills={data.bills} month={month} query={query} onOpen={open} />
        </>
      )}
      {generating && data && (
        <GenerateDialog month={data} collection={generating} onClose={() => setGenerating(null)} onMade={open} />
      )}
      <DocumentDrawer
        kind="payable"
        id={filters.doc || null}
        onClose={() => setFilters({ mes: month, doc: '' })}
        onOpen={open}
      />
    </Stack>
  );
}
