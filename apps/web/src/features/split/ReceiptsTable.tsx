import { Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatBRL, formatCalendarDate } from '@financeiro/core';
import { splitMessages as t } from './messages';
import type { SplitPreview } from './types';

const PAGE_SIZE = 15;

/** The receipts a split takes, a page at a time, with what each puts in the base. */
export function ReceiptsTable(props: { preview: SplitPreview }) {
  const { receipts, base } = props.preview;
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(receipts.length / PAGE_SIZE));
  const shown = receipts.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const c = t.columns;
  return (
    <>
      <ScrollArea>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={t.steps.receipts}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.paidDate}</Table.Th>
              <Table.Th>{c.document}</Table.Th>
              <Table.Th>{c.party}</Table.Th>
              <Table.Th>{c.installment}</Table.Th>
              <Table.Th ta="right">{c.received}</Table.Th>
              <Table.Th ta="right">{c.covered}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.settlementId}>
                <Table.Td>{formatCalendarDate(r.paidDate)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{r.documentNumber ?? '—'}</Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {r.description}
                  </Text>
                </Table.Td>
                <Table.Td>{r.partyName}</Table.Td>
                <Table.Td>{r.installment}</Table.Td>
                <Table.Td ta="right">{formatBRL(r.received)}</Table.Td>
                <Table.Td ta="right">{formatBRL(r.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={5}>
                {t.base} · {t.receiptsCount(receipts.length)}
              </Table.Th>
              <Table.Th ta="right">{formatBRL(base)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollArea>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </>
  );
}
