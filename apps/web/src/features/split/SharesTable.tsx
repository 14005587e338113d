import { Table } from '@mantine/core';
import { formatBRL, formatPercent, WHOLE } from '@financeiro/core';
import { splitMessages as t } from './messages';
import type { SplitPreview } from './types';

/** Each partner's part of the base and the organization's rest, which add up to the base. */
export function SharesTable(props: { preview: SplitPreview }) {
  const { shares, retained, base } = props.preview;
  const given = shares.reduce((sum, s) => sum + s.share, 0);
  return (
    <Table verticalSpacing="xs" aria-label={t.steps.shares}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.partner}</Table.Th>
          <Table.Th ta="right">{t.percent}</Table.Th>
          <Table.Th ta="right">{t.amount}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shares.map((s) => (
          <Table.Tr key={s.partyId}>
            <Table.Td>{s.name}</Table.Td>
            <Table.Td ta="right">{formatPercent(s.share)}</Table.Td>
            <Table.Td ta="right">{formatBRL(s.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td c="dimmed">{t.retained}</Table.Td>
          <Table.Td ta="right" c="dimmed">
            {formatPercent(WHOLE - given)}
          </Table.Td>
          <Table.Td ta="right" c="dimmed">
            {formatBRL(retained)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>{t.total}</Table.Th>
          <Table.Th ta="right">{formatBRL(base)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
