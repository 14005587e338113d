import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { daysBetween, formatBRL, formatCalendarDate, type DocumentKind } from '@financeiro/core';
import type { inferInput, inferOutput } from '@trpc/tanstack-react-query';
import { apiClient, type trpc } from '../../api/trpc';
import { ledgerMessages } from '../../i18n/ledger';
import { registryMessages } from '../../i18n/registries';
import { notifyApiError } from '../../ui/api-error';
import { selectionColumn, type Column } from '../../ui/DataTable';
import { downloadRows, type ExportFormat } from '../../ui/download';
import { notifySuccess } from '../../ui/notify';
import { Figure, RowTitle } from '../registries/cells';
import { InstallmentStatus } from './InstallmentStatus';

const t = ledgerMessages;
const c = t.columns;

/** One row of the installments list: an installment with its bill's party, document and figures. */
export type InstallmentRow = inferOutput<typeof trpc.ledger.documents.list>['rows'][number];

/**
 * The installments list's columns; with a selection (for whoever may edit), a first column of checkboxes for the
 * bulk actions. `today` counts the days an overdue installment is late.
 */
export function installmentColumns(
  kind: DocumentKind,
  today: string,
  selection: { selected: Map<string, InstallmentRow>; setSelected: (next: Map<string, InstallmentRow>) => void } | null,
): Column<InstallmentRow>[] {
  return [
    ...(selection
      ? [
          selectionColumn(selection.selected, selection.setSelected, (row: InstallmentRow) =>
            c.select(`${row.partyName} ${row.number}/${row.count}`),
          ),
        ]
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
}

/** The export of the filtered installments as a spreadsheet, with whether one is being written. */
export function useInstallmentsExport(kind: DocumentKind, query: inferInput<typeof trpc.ledger.documents.export>) {
  const [exporting, setExporting] = useState(false);
  const exportRows = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const data = await apiClient.ledger.documents.export.query(query);
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
  return { exporting, exportRows };
}
