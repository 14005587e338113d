import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBRL, formatCalendarDate, STATEMENT_FILE_MAX_BYTES, type CsvStatementMapping } from '@financeiro/core';
import type { inferInput, inferOutput } from '@trpc/tanstack-react-query';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { reconciliationMessages } from '../../i18n/reconciliation';
import { apiErrorMessage } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { useKeyFor } from './use-key-for';

const t = reconciliationMessages.import;

type Preview = inferOutput<typeof trpc.banking.imports.preview>;
type PreviewStatement = Preview['statements'][number];
type Committed = inferOutput<typeof trpc.banking.imports.commit>;
type CommitInput = Omit<inferInput<typeof trpc.banking.imports.commit>, 'idempotencyKey'>;
interface AccountChoice {
  id: string;
  name: string;
}

/** The file's bytes in base64, as the server takes them. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

const date = (iso: string | null) => (iso ? formatCalendarDate(iso) : '—');

function Fact(props: { label: string; value: string; tone?: 'red' | 'green' }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text
        size="sm"
        fw={600}
        c={props.tone === 'red' ? 'red.9' : props.tone === 'green' ? 'teal.9' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {props.value}
      </Text>
    </Stack>
  );
}

/** One statement of the file: the account it goes to (found, or chosen here) and what importing it would add. */
function StatementPreview(props: {
  statement: PreviewStatement;
  number: number;
  accounts: AccountChoice[];
  chosen: string | null;
  /** The file named no account found here (the preview then read it for the chosen one): the choice stays open. */
  unnamed: string | null;
  onChoose: (accountId: string | null) => void;
}) {
  const s = props.statement;
  const identified = [
    s.bankCode ? t.bankCode(s.bankCode) : null,
    s.branch ? t.branch(s.branch) : null,
    s.accountNumber ? t.number(s.accountNumber) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper withBorder p="sm" aria-label={t.statement(props.number)} role="group">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700} size="sm">
            {t.statement(props.number)}
          </Text>
          {s.kind === 'credit_card' && <Badge variant="light">{t.creditCard}</Badge>}
          {identified && (
            <Text size="xs" c="dimmed">
              {t.identified(identified)}
            </Text>
          )}
        </Group>
        {s.account && !props.unnamed ? (
          <Group gap={6}>
            <IconCircleCheck size={16} color="var(--mantine-color-green-7)" />
            <Text size="sm">{t.accountFound(s.account.name)}</Text>
          </Group>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {props.unnamed ?? s.accountMessage}
            </Text>
            <Select
              label={t.chooseAccount}
              data={props.accounts.map((a) => ({ value: a.id, label: a.name }))}
              value={props.chosen}
              onChange={props.onChoose}
              searchable
            />
          </Stack>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Fact label={t.lines} value={s.lineCount.toLocaleString('pt-BR')} />
          <Fact label={t.newLines} value={s.newCount.toLocaleString('pt-BR')} />
          <Fact label={t.alreadyImported} value={s.alreadyImported.toLocaleString('pt-BR')} />
          <Fact label={t.period} value={`${date(s.periodStart)} a ${date(s.periodEnd)}`} />
          <Fact label={t.totalIn} value={formatBRL(s.totalIn)} tone="green" />
          <Fact label={t.totalOut} value={formatBRL(-s.totalOut)} tone="red" />
          {s.closingBalance ? (
            <>
              <Fact
                label={`${t.fileBalance} (${date(s.closingBalance.date)})`}
                value={formatBRL(s.closingBalance.amount)}
              />
              <Fact label={t.appBalance} value={s.appBalance === null ? '—' : formatBRL(s.appBalance)} />
              {s.difference !== null && (
                <Fact
                  label={t.difference}
                  value={formatBRL(s.difference)}
                  tone={s.difference === 0 ? 'green' : 'red'}
                />
              )}
            </>
          ) : (
            <Text size="xs" c="dimmed">
              {t.noBalance}
            </Text>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

type ColumnKey = 'date' | 'amount' | 'credit' | 'debit' | 'reference' | 'type' | 'balance';
const COLUMN_KEYS: ColumnKey[] = ['date', 'amount', 'credit', 'debit', 'reference', 'type', 'balance'];

/** A CSV file's columns as read, shown 1-based, to change and read again. */
function CsvMapping(props: {
  csv: NonNullable<Preview['csv']>;
  busy: boolean;
  onApply: (mapping: CsvStatementMapping) => void;
}) {
  const [mapping, setMapping] = useState(props.csv.mapping);
  const [memo, setMemo] = useState(props.csv.mapping.columns.memo.map((c) => c + 1).join(', '));
  const setColumn = (key: ColumnKey, value: string | number) => {
    const n = typeof value === 'number' && value >= 1 ? value - 1 : null;
    setMapping((m) => ({ ...m, columns: { ...m.columns, [key]: key === 'date' ? (n ?? 0) : n } }));
  };
  const memoColumns = memo
    .split(/[,;\s]+/)
    .map((x) => Number(x))
    .filter((x) => Number.isInteger(x) && x >= 1)
    .map((x) => x - 1);
  return (
    <Paper withBorder p="sm" role="group" aria-label={t.csvTitle}>
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {t.csvTitle}{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            ({t.csvSource[props.csv.source]})
          </Text>
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Select
            label={t.csvSeparator}
            data={[
              { value: ';', label: 'Ponto e vírgula (;)' },
              { value: ',', label: 'Vírgula (,)' },
            ]}
            value={mapping.separator}
            onChange={(v) => v && setMapping((m) => ({ ...m, separator: v === ',' ? ',' : ';' }))}
            allowDeselect={false}
          />
          <Select
            label={t.csvDecimal}
            data={[
              { value: ',', label: 'Vírgula (1.234,56)' },
              { value: '.', label: 'Ponto (1,234.56)' },
            ]}
            value={mapping.decimal}
            onChange={(v) => v && setMapping((m) => ({ ...m, decimal: v === '.' ? '.' : ',' }))}
            allowDeselect={false}
          />
          <NumberInput
            label={t.csvHeaderLine}
            value={mapping.headerLine}
            min={0}
            onChange={(v) => setMapping((m) => ({ ...m, headerLine: typeof v === 'number' ? v : 0 }))}
          />
          <TextInput
            label={t.csvColumns.memo}
            description={t.csvMemoHint}
            value={memo}
            onChange={(e) => setMemo(e.currentTarget.value)}
          />
          {COLUMN_KEYS.map((key) => (
            <NumberInput
              key={key}
              label={t.csvColumns[key]}
              value={mapping.columns[key] === null ? '' : mapping.columns[key] + 1}
              min={1}
              onChange={(v) => setColumn(key, v)}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t.csvColumnHint}
        </Text>
        <Group justify="flex-end">
          <Button
            variant="light"
            loading={props.busy}
            onClick={() => props.onApply({ ...mapping, columns: { ...mapping.columns, memo: memoColumns } })}
          >
            {t.csvApply}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The import's state: the file chosen and read, its preview (read again for a chosen account or CSV mapping), the
 * accounts chosen per statement, the consent to skip rejected lines, and the all-or-nothing commit.
 */
function useStatementImport(accountInSight: string) {
  const queryClient = useQueryClient();
  const { keyFor, done } = useKeyFor();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [csvMapping, setCsvMapping] = useState<CsvStatementMapping | null>(null);
  const [chosen, setChosen] = useState<Record<number, string | null>>({});
  const [acceptRejected, setAcceptRejected] = useState(false);
  const [tried, setTried] = useState(false);
  const [unnamed, setUnnamed] = useState<string | null>(null);

  const preview = useMutation(
    trpc.banking.imports.preview.mutationOptions({
      onSuccess: (result, input) => {
        const only = result.statements.length === 1 ? result.statements[0] : undefined;
        // A file naming no account of the unit is read again for the account in sight, which stays changeable.
        if (input.accountId === null && only && !only.account) {
          setUnnamed(only.accountMessage);
          if (accountInSight) {
            setChosen({ [only.index]: accountInSight });
            preview.mutate({ ...input, accountId: accountInSight });
          }
        }
      },
    }),
  );
  // The key stands for the choices and the file, not for its bytes.
  const signature = ({ content: _content, ...choices }: CommitInput) => ({ ...choices, size: file?.size });
  // The key is derived from the choices (the same import retried keeps its key), so the call is made here.
  const commit = useMutation({
    mutationFn: (input: CommitInput) =>
      apiClient.banking.imports.commit.mutate({ ...input, idempotencyKey: keyFor(signature(input)) }),
    onSuccess: async (_result, input) => {
      done(signature(input));
      await Promise.all([
        queryClient.invalidateQueries(trpc.banking.reconciliation.pathFilter()),
        queryClient.invalidateQueries(trpc.ledger.statement.pathFilter()),
      ]);
    },
  });

  const choose = async (picked: File | null) => {
    setFile(picked);
    setContent(null);
    setFileError(null);
    setCsvMapping(null);
    setChosen({});
    setAcceptRejected(false);
    setTried(false);
    setUnnamed(null);
    preview.reset();
    commit.reset();
    if (!picked) return;
    if (picked.size > STATEMENT_FILE_MAX_BYTES) {
      setFileError(t.tooLarge);
      return;
    }
    const base64 = await readBase64(picked);
    setContent(base64);
    preview.mutate({ content: base64, fileName: picked.name, accountId: null, csvMapping: null });
  };

  const data = preview.data;
  const statements = data?.statements ?? [];
  // The account in sight is offered for a statement whose account the file does not name.
  const accountOf = (s: PreviewStatement) => chosen[s.index] ?? s.account?.id ?? null;
  const choices = statements.flatMap((s) => {
    const accountId = accountOf(s);
    return accountId ? [{ index: s.index, accountId }] : [];
  });
  const rejected = data?.rejected ?? [];
  const blocked = rejected.length > 0 && !acceptRejected;

  const onChoose = (s: PreviewStatement, accountId: string | null) => {
    setChosen((c) => ({ ...c, [s.index]: accountId }));
    // With one statement, the preview is read again for the chosen account: its new lines and its balance.
    if (statements.length === 1 && content && file && accountId) {
      preview.mutate({ content, fileName: file.name, accountId, csvMapping });
    }
  };

  const applyCsv = (mapping: CsvStatementMapping) => {
    setCsvMapping(mapping);
    if (content && file) {
      preview.mutate({
        content,
        fileName: file.name,
        accountId: statements.length === 1 ? (statements[0] ? accountOf(statements[0]) : null) : null,
        csvMapping: mapping,
      });
    }
  };

  const submit = () => {
    setTried(true);
    if (!content || !file || blocked || choices.length === 0) return;
    commit.mutate({
      fileName: file.name,
      content,
      statements: choices,
      acceptRejected,
      csvMapping: csvMapping ?? data?.csv?.mapping ?? null,
    });
  };

  return {
    file,
    fileError,
    preview,
    commit,
    statements,
    accountOf,
    unnamed,
    rejected,
    acceptRejected,
    setAcceptRejected,
    mustAccept: tried && blocked,
    ready: Boolean(data) && !preview.isPending && !blocked && choices.length > 0,
    choose,
    onChoose,
    applyCsv,
    submit,
  };
}

/** An API error, as an alert. */
function ErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle />} role="alert">
      {apiErrorMessage(error)}
    </Alert>
  );
}

/** What the import did, with the buttons to import another file or close. */
function ImportDone(props: { result: Committed; onAnother: () => void; onClose: () => void }) {
  const { result } = props;
  return (
    <Stack>
      <Alert color="green" icon={<IconCircleCheck />} role="status">
        {t.done(result.newCount, result.duplicateCount, result.reconciledByRules)}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onAnother}>
          {t.another}
        </Button>
        <Button onClick={props.onClose}>{t.close}</Button>
      </Group>
    </Stack>
  );
}

/** The file's lines the preview refused (the first 20), and the consent to import without them. */
function RejectedLines(props: {
  rejected: Preview['rejected'];
  accepted: boolean;
  mustAccept: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  const { rejected } = props;
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} title={t.rejectedTitle(rejected.length)}>
      <List size="sm" spacing={2}>
        {rejected.slice(0, 20).map((r) => (
          <List.Item key={`${r.fileLine}-${r.message}`}>{r.message}</List.Item>
        ))}
        {rejected.length > 20 && <List.Item>…</List.Item>}
      </List>
      <Checkbox
        mt="sm"
        label={t.acceptRejected}
        checked={props.accepted}
        onChange={(e) => props.onAccept(e.currentTarget.checked)}
        error={props.mustAccept ? t.mustAcceptRejected : undefined}
      />
    </Alert>
  );
}

/** Mounted at each opening: choose a file, see what importing it would do, import it, see what it did. */
function ImportBody(props: { accountId: string; accounts: AccountChoice[]; onClose: () => void }) {
  const state = useStatementImport(props.accountId);
  const { preview, commit, statements, rejected } = state;
  const data = preview.data;

  const result: Committed | undefined = commit.data;
  if (result) {
    return <ImportDone result={result} onAnother={() => void state.choose(null)} onClose={props.onClose} />;
  }

  return (
    <Stack>
      <FileInput
        label={t.file}
        placeholder={t.filePlaceholder}
        accept=".ofx,.qfx,.csv,.txt,application/x-ofx,text/csv,text/plain"
        value={state.file}
        onChange={(f) => void state.choose(f)}
        error={state.fileError}
        leftSection={<IconFileImport size={16} />}
        clearable
        clearButtonProps={{ 'aria-label': t.clearFile }}
      />
      {preview.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t.reading}</Text>
        </Group>
      )}
      {preview.isError && <ErrorAlert error={preview.error} />}
      {data && (
        <>
          <Text size="xs" c="dimmed">
            {t.format(data.format)}
          </Text>
          {data.csv && (
            <CsvMapping
              key={JSON.stringify(data.csv.mapping)}
              csv={data.csv}
              busy={preview.isPending}
              onApply={state.applyCsv}
            />
          )}
          {statements.length === 0 && <Alert color="yellow">{t.noStatement}</Alert>}
          {statements.map((s) => (
            <StatementPreview
              key={s.index}
              statement={s}
              number={s.index + 1}
              accounts={props.accounts}
              chosen={state.accountOf(s)}
              unnamed={statements.length === 1 ? state.unnamed : null}
              onChoose={(accountId) => state.onChoose(s, accountId)}
            />
          ))}
          {rejected.length > 0 && (
            <RejectedLines
              rejected={rejected}
              accepted={state.acceptRejected}
              mustAccept={state.mustAccept}
              onAccept={state.setAcceptRejected}
            />
          )}
          {commit.isError && <ErrorAlert error={commit.error} />}
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button onClick={state.submit} loading={commit.isPending} disabled={!state.ready}>
          {t.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/** The statement import: a file (OFX or CSV, up to 20 MB), its preview, and an all-or-nothing import. */
export function ImportModal(props: {
  opened: boolean;
  accountId: string;
  accounts: AccountChoice[];
  onClose: () => void;
}) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.title} size="xl" fullScreen={phone}>
      {props.opened && <ImportBody accountId={props.accountId} accounts={props.accounts} onClose={props.onClose} />}
    </Modal>
  );
}
