import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconInbox,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { appMessages } from '../i18n/app';
import { CARDS_MEDIA_QUERY, cardParts, type CardPart } from './DataTable.cards';
import classes from './DataTable.module.css';

const t = appMessages.table;

export interface Column<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** The column sorts the list (on the server) when its header is clicked. */
  sortable?: boolean;
  /** What the column is on a phone's card; a column without a part is left off the card. */
  card?: CardPart;
}

/**
 * A first column of checkboxes choosing rows for a bulk action, for a selection kept as a map by id; a click on a
 * checkbox does not open its row.
 */
export function selectionColumn<Row extends { id: string }>(
  selected: ReadonlyMap<string, Row>,
  setSelected: (next: Map<string, Row>) => void,
  label: (row: Row) => string,
): Column<Row> {
  const toggle = (row: Row) => {
    const next = new Map(selected);
    if (next.has(row.id)) next.delete(row.id);
    else next.set(row.id, row);
    setSelected(next);
  };
  return {
    key: 'select',
    header: '',
    width: 36,
    card: 'actions',
    render: (row) => (
      <Checkbox
        aria-label={label(row)}
        checked={selected.has(row.id)}
        onChange={() => toggle(row)}
        onClick={(e) => e.stopPropagation()}
      />
    ),
  };
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
  onSort: (key: string) => void;
}

function SortableHeader({ column, sort }: { column: { key: string; header: string }; sort: SortState }) {
  const active = sort.key === column.key;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton onClick={() => sort.onSort(column.key)} style={{ fontWeight: 700 }}>
      <Group gap={4} wrap="nowrap">
        {column.header}
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}

/** A phone has no column headers to tap: the sort is chosen above the cards. */
function CardSort(props: { columns: { key: string; header: string; sortable?: boolean }[]; sort: SortState }) {
  const { sort } = props;
  const sortable = props.columns.filter((c) => c.sortable);
  if (sortable.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        aria-label={t.sortBy}
        data={sortable.map((c) => ({ value: c.key, label: c.header }))}
        value={sort.key}
        onChange={(key) => key && key !== sort.key && sort.onSort(key)}
        allowDeselect={false}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={t.order[sort.direction]}
        onClick={() => sort.onSort(sort.key)}
      >
        {sort.direction === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
      </ActionIcon>
    </Group>
  );
}

/** A click meant for a control inside the row (its actions menu, a link), or a drag to select text, opens nothing. */
function meantForRow(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target;
  // Menus and dialogs opened from a row render elsewhere in the page, but React still bubbles their clicks here.
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return false;
  const control = target.closest('a, button, input, select, textarea, label, [role="menuitem"]');
  if (control && event.currentTarget.contains(control)) return false;
  return !window.getSelection()?.toString();
}

/** What makes a row or card open its record: a click or tap, or Enter while it has the focus (Tab reaches it). */
function opener<Row>(row: Row, onOpen: ((row: Row) => void) | undefined) {
  if (!onOpen) return {};
  return {
    tabIndex: 0,
    className: classes.openable,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (meantForRow(event)) onOpen(row);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) {
        event.preventDefault();
        onOpen(row);
      }
    },
  };
}

function RowCard<Row>(props: {
  row: Row;
  parts: ReturnType<typeof cardParts<Column<Row>>>;
  onOpen?: (row: Row) => void;
}) {
  const { row, parts } = props;
  return (
    <Paper component="article" withBorder radius="md" p="sm" fz="sm" {...opener(row, props.onOpen)}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div className={classes.cardCell} style={{ flex: 1 }}>
          {parts.title.map((c) => (
            <div key={c.key}>{c.render(row)}</div>
          ))}
        </div>
        {parts.status.map((c) => (
          <div key={c.key}>{c.render(row)}</div>
        ))}
      </Group>
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <Stack gap="xs" mt="xs" style={{ flex: 1, minWidth: 0 }}>
          {parts.figures.length > 0 && (
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              {parts.figures.map((c) => (
                <div key={c.key} className={classes.cardCell}>
                  <Text size="xs" c="dimmed">
                    {c.header}
                  </Text>
                  <div>{c.render(row)}</div>
                </div>
              ))}
            </SimpleGrid>
          )}
          {parts.details.map((c) => (
            <div key={c.key} className={classes.cardCell}>
              {c.render(row)}
            </div>
          ))}
        </Stack>
        {parts.actions.map((c) => (
          <div key={c.key} className={classes.cardActions}>
            {c.render(row)}
          </div>
        ))}
      </Group>
    </Paper>
  );
}

/**
 * The house list: a table on a wide screen and cards on a phone (built from the same columns, so nothing scrolls
 * sideways), a skeleton while loading, an error with a retry, an empty state, and a footer with the total and the
 * pages. With `onOpen`, a row or card opens its record on a click, a tap, or Enter.
 */
export function DataTable<Row>(props: {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The query the rows come from: its loading and error states drive the skeleton and the retry. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: string;
  minWidth?: number;
  /** `more`: the server counted up to `total` and stopped; there are more rows than that. */
  pagination?: { page: number; pageSize: number; total: number; more?: boolean; onPage: (page: number) => void };
  sort?: SortState;
  /** Opens a row's record (its drawer or dialog). */
  onOpen?: (row: Row) => void;
}) {
  const { columns, rows, pagination } = props;
  const cards = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const loading = props.query.isPending;
  if (props.query.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t.error}>
        <Button mt="sm" variant="white" color="red" onClick={() => void props.query.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  const pages = pagination ? Math.max(1, Math.ceil(pagination.total / pagination.pageSize)) : 1;
  const parts = cardParts(columns);
  return (
    <Stack gap="sm">
      {cards ? (
        <Stack gap="xs">
          {props.sort && <CardSort columns={columns} sort={props.sort} />}
          {loading && [0, 1, 2].map((i) => <Skeleton key={i} h={88} radius="md" />)}
          {!loading &&
            rows?.map((row) => <RowCard key={props.rowKey(row)} row={row} parts={parts} onOpen={props.onOpen} />)}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
          <Table striped highlightOnHover verticalSpacing="sm" bg="white" style={{ borderRadius: 8 }}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    style={{ textAlign: c.align ?? 'left', width: c.width }}
                    aria-sort={
                      props.sort?.key === c.key
                        ? props.sort.direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {c.sortable && props.sort ? <SortableHeader column={c} sort={props.sort} /> : c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading &&
                [0, 1, 2, 3].map((i) => (
                  <Table.Tr key={i}>
                    {columns.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton h={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              {!loading &&
                rows?.map((row) => (
                  <Table.Tr key={props.rowKey(row)} {...opener(row, props.onOpen)}>
                    {columns.map((c) => (
                      <Table.Td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                        {c.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!loading && rows?.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap={4}>
            <IconInbox size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed" size="sm">
              {props.empty}
            </Text>
          </Stack>
        </Center>
      )}
      {pagination && pagination.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {pagination.more ? t.moreThan(pagination.total) : t.total(pagination.total)}
          </Text>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={pagination.page}
              onChange={pagination.onPage}
              aria-label={t.pages}
              getItemProps={(page) => ({ 'aria-label': t.page(page) })}
              getControlProps={(control) => ({ 'aria-label': t.pageControl[control] })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
