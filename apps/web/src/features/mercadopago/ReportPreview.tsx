import { Alert, Badge, Checkbox, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { formatBRL, formatCalendarDate } from '@financeiro/core';
import { apiErrorMessage } from '../../ui/api-error';
import type { ImportPreview } from './api';
import { mercadoPagoMessages } from './messages';

const t = mercadoPagoMessages.import;
const SHOWN_REJECTED = 50;

const date = (iso: string | null) => (iso ? formatCalendarDate(iso) : '—');

function Fact(props: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {props.value}
      </Text>
    </Stack>
  );
}

/**
 * What importing a report (an uploaded file or one fetched from the API) would do: its kind, period, rows new and
 * already in the account, its money; a note when it adds nothing; the identifier columns Excel damaged, set aside
 * with what stands in for them; the rows that could not be read, with the checkbox that leaves them out; and the
 * import's own error.
 */
export function ReportPreview(props: {
  preview: ImportPreview;
  /** What to say when every row is already in the account. */
  nothingNew: string;
  acceptRejected: boolean;
  onAcceptRejected: (accept: boolean) => void;
  /** The person tried to import with unread rows not yet accepted. */
  mustAccept: boolean;
  commitError: unknown;
}) {
  const { preview } = props;
  const sums = preview.sums;
  const rejected = preview.rejected;
  return (
    <>
      <Paper withBorder p="sm" role="group" aria-label={t.kind[preview.kind]}>
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {t.kind[preview.kind]}
            </Badge>
            <Text size="xs" c="dimmed">
              {preview.format.toUpperCase()}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            <Fact label={t.rows} value={preview.rowCount.toLocaleString('pt-BR')} />
            <Fact label={t.newRows} value={preview.newCount.toLocaleString('pt-BR')} />
            <Fact label={t.alreadyImported} value={preview.alreadyImported.toLocaleString('pt-BR')} />
            <Fact label={t.period} value={`${date(preview.periodStart)} a ${date(preview.periodEnd)}`} />
            {sums.kind === 'settlement' ? (
              <>
                <Fact label={t.gross} value={formatBRL(sums.gross)} />
                <Fact label={t.fees} value={formatBRL(sums.feeTotal)} />
                <Fact label={t.net} value={formatBRL(sums.net)} />
              </>
            ) : (
              <>
                <Fact label={t.credit} value={formatBRL(sums.credit)} />
                <Fact label={t.debit} value={formatBRL(sums.debit)} />
              </>
            )}
          </SimpleGrid>
        </Stack>
      </Paper>
      {preview.newCount === 0 && preview.rowCount > 0 && (
        <Alert color="blue" role="status">
          {props.nothingNew}
        </Alert>
      )}
      {preview.damaged.length > 0 && (
        <Alert color="yellow" icon={<IconInfoCircle />} title={t.damagedTitle}>
          <List size="sm" spacing={2}>
            {preview.damaged.map((d) => (
              <List.Item key={d.column}>{d.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {rejected.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle />} title={t.rejectedTitle(rejected.length)}>
          <List size="sm" spacing={2}>
            {rejected.slice(0, SHOWN_REJECTED).map((r) => (
              <List.Item key={`${r.line}-${r.message}`}>{t.line(r.line, r.message)}</List.Item>
            ))}
            {rejected.length > SHOWN_REJECTED && <List.Item>…</List.Item>}
          </List>
          <Checkbox
            mt="sm"
            label={t.acceptRejected}
            checked={props.acceptRejected}
            onChange={(e) => props.onAcceptRejected(e.currentTarget.checked)}
            error={props.mustAccept ? t.mustAcceptRejected : undefined}
          />
        </Alert>
      )}
      {props.commitError ? (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {apiErrorMessage(props.commitError)}
        </Alert>
      ) : null}
    </>
  );
}
