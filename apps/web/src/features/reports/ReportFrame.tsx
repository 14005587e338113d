import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { resolveSelection } from '@financeiro/core';
import { notifyApiError } from '../../ui/api-error';
import { downloadRows, save, type ExportFormat } from '../../ui/download';
import { ExportMenu } from '../../ui/ExportMenu';
import { notifyError } from '../../ui/notify';
import { useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';
import { reportsMessages } from './messages';
import { reportPdf } from './pdf';
import { sheetRows, type ReportDocument } from './report-document';
import classes from './reports.module.css';

const t = reportsMessages;

/** The selected organization's name, which every export carries. */
export function useOrganizationName(): string {
  const memberships = useSessionStore((s) => s.tenants);
  const organizationId = useTenantStore((s) => s.selectedOrganization);
  return resolveSelection(memberships, { organizationId })?.organization.name ?? '';
}

/** The selected organization's active units, for a report's unit filter. */
export function useOrganizationUnits(): { value: string; label: string }[] {
  const memberships = useSessionStore((s) => s.tenants);
  const organizationId = useTenantStore((s) => s.selectedOrganization);
  const organization = resolveSelection(memberships, { organizationId })?.organization;
  return (organization?.units ?? [])
    .filter((unit) => unit.status === 'active')
    .map((unit) => ({ value: unit.id, label: unit.name }));
}

/** Downloads the report as a spreadsheet (its heading lines above the table) or as its A4 PDF. */
async function exportDocument(doc: ReportDocument, format: ExportFormat | 'pdf'): Promise<void> {
  if (format === 'pdf') {
    save(await reportPdf(doc), `${doc.fileName}.pdf`);
    return;
  }
  await downloadRows(format, doc.fileName, sheetRows(doc), { preamble: [doc.organization, doc.title, ...doc.details] });
}

/**
 * A report's page: its controls with "Exportar" (Excel, PDF, CSV, Imprimir), the basis or period it shows, and then
 * a skeleton while it loads, the error with a retry, "Nada neste período." or the report itself (figures, chart,
 * table). Printing keeps the heading and the table, not the controls or the shell.
 */
export function ReportFrame(props: {
  controls: ReactNode;
  query: UseQueryResult<unknown, unknown>;
  doc: ReportDocument | undefined;
  /** Why the current filters cannot be asked for (a period too long), shown instead of the report. */
  problem?: string | null;
  empty: boolean;
  /** What the figures mean: the basis, the date the ageing counts from. */
  note?: ReactNode;
  summary?: ReactNode;
  chart?: ReactNode;
  children: ReactNode;
}) {
  const { query, doc } = props;
  const [exporting, setExporting] = useState(false);
  const run = async (format: ExportFormat | 'pdf') => {
    if (!doc) return;
    setExporting(true);
    try {
      await exportDocument(doc, format);
    } catch (error) {
      if (format === 'pdf') {
        console.error(error);
        notifyError(t.pdfFailed);
      } else notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };
  const ready = !props.problem && query.isSuccess && !props.empty && doc !== undefined;
  let body: ReactNode;
  if (props.problem) {
    body = (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
        {props.problem}
      </Alert>
    );
  } else if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t.loading}>
        <Skeleton h={80} />
        <Skeleton h={220} />
        <Skeleton h={260} />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t.error}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error instanceof Error ? query.error.message : ''}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (props.empty) {
    body = (
      <Paper withBorder p="xl">
        <Text c="dimmed" ta="center">
          {t.empty}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="md" aria-busy={query.isFetching}>
        {props.summary}
        {props.chart && <div className={classes.noPrint}>{props.chart}</div>}
        {props.children}
      </Stack>
    );
  }
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm" className={classes.noPrint}>
        <Group gap="sm" align="flex-end">
          {props.controls}
        </Group>
        <ExportMenu
          loading={exporting}
          disabled={!ready}
          onExport={(format) => void run(format)}
          onPdf={() => void run('pdf')}
          onPrint={() => window.print()}
        />
      </Group>
      {doc && (
        <div className={classes.printOnly}>
          <Text fw={700}>{doc.organization}</Text>
          {doc.details.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </div>
      )}
      {props.note && (
        <Text size="sm" c="dimmed" className={classes.noPrint}>
          {props.note}
        </Text>
      )}
      {body}
    </Stack>
  );
}
