import { Alert, Button, Center, Group, Pagination, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconInbox, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { appMessages } from '../i18n/app';

const t = appMessages.table;

export interface Column<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** The column sorts the list (on the server) when its header is clicked. */
  sortable?: boolean;
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

/**
 * The house table: a header, rows, a skeleton while loading, an error with a retry, an empty state, and a footer
 * with the total and the pages. It scrolls sideways on a phone rather than squeezing the columns.
 */
export function DataTable<Row>(props: {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The query the rows come from: its loading and error states drive the skeleton and the retry. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: string;
  minWidth?: number;
  pagination?: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
  sort?: SortState;
}) {
  const { columns, rows, pagination } = props;
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
  return (
    <Stack gap="sm">
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
                <Table.Tr key={props.rowKey(row)}>
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
            {t.total(pagination.total)}
          </Text>
          {pages > 1 && <Pagination size="sm" total={pages} value={pagination.page} onChange={pagination.onPage} />}
        </Group>
      )}
    </Stack>
  );
}
