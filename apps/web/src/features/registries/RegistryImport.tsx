import { Alert, Button, FileButton, Group, Modal, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { centavosOfText } from '@financeiro/core';
import { registryMessages } from '../../i18n/registries';
import { downloadCsv } from '../../ui/download';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { csvText, plainCell } from './csv-file';
import { refreshAfterChange } from './sources';
import { loadChoices, type Option, type RegistryField } from './fields';

const t = registryMessages.import;

export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}
export interface ImportClient {
  import: {
    mutate(input: { rows: Record<string, unknown>[] }): Promise<{
      imported: number;
      problems: ImportProblem[];
      problemCount: number;
    }>;
  };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
const CHUNK = 250;
const REPORT_LIMIT = 1_000;

/** A CSV cell as the field's value: options by label (or value), lists split by commas, the rest as typed. */
async function cellValue(field: RegistryField, cell: string, lookups: Map<string, Map<string, string>>) {
  const byLabel = (options: Option[], text: string) =>
    options.find((o) => fold(o.label) === fold(text) || fold(o.value) === fold(text))?.value;
  const list = (text: string) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  switch (field.kind) {
    case 'select':
      return cell ? (byLabel(field.options, cell) ?? cell) : '';
    case 'multiselect':
      return list(cell).map((part) => byLabel(field.options, part) ?? part);
    case 'reference':
    case 'references': {
      const found = lookups.get(field.key) ?? new Map<string, string>();
      lookups.set(field.key, found);
      const resolve = async (text: string) => {
        if (!found.has(fold(text))) {
          const options = await loadChoices(field.source, text);
          found.set(fold(text), byLabel(options, text) ?? text);
        }
        return found.get(fold(text)) ?? text;
      };
      if (field.kind === 'reference') return cell ? resolve(cell) : '';
      return Promise.all(list(cell).map(resolve));
    }
    case 'money':
      return centavosOfText(cell);
    default:
      return cell;
  }
}

/** The lines refused, by the form's rules or the server's (up to the report's limit): nothing was imported. */
function ImportProblems(props: {
  problems: { list: ImportProblem[]; count: number };
  labelOf: (key: string) => string;
}) {
  const { problems } = props;
  return (
    <Alert color="red" title={t.problemsTitle(problems.count)}>
      <Text size="sm" mb="sm">
        {t.nothingImported}
      </Text>
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder aria-label={t.reportLabel}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.line}</Table.Th>
              <Table.Th>{t.field}</Table.Th>
              <Table.Th>{t.problem}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.list.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td>{p.line.toLocaleString('pt-BR')}</Table.Td>
                <Table.Td>{p.field ? props.labelOf(p.field) : '—'}</Table.Td>
                <Table.Td>{p.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {problems.count > problems.list.length && (
        <Text size="xs" mt="xs">
          {t.more(problems.count - problems.list.length)}
        </Text>
      )}
    </Alert>
  );
}

/**
 * Imports a CSV whose header row names the form's fields: every line is checked with the form's rules (with a
 * progress bar), then the server checks them again with what is saved and keeps all of them or none.
 */
export function RegistryImport(props: {
  name: string;
  opened: boolean;
  onClose: () => void;
  client: ImportClient;
  schema: z.ZodType;
  fields: RegistryField[];
  /** A new record's values: what a line gets for the columns the file does not have. */
  base: Record<string, unknown>;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number; sending: boolean } | null>(null);
  const [problems, setProblems] = useState<{ list: ImportProblem[]; count: number } | null>(null);
  // Lets the same file be chosen again once corrected (the browser reports no change for the same name otherwise).
  const resetFile = useRef<() => void>(null);
  const fields = props.fields.filter((f) => f.kind !== 'lines');
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? t.line;

  const close = () => {
    setProgress(null);
    setProblems(null);
    props.onClose();
  };

  const run = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setProblems(null);
    const parsed = Papa.parse<Record<string, string>>(csvText(await file.arrayBuffer()), {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim(),
    });
    const headers = parsed.meta.fields ?? [];
    const columns = new Map(fields.map((f) => [fold(f.label), f]));
    const unknown = headers.filter((h) => !columns.has(fold(h)));
    if (parsed.data.length === 0 || unknown.length === headers.length) {
      setProblems({ list: [{ line: 1, field: '', message: t.noColumns }], count: 1 });
      return;
    }
    const found: ImportProblem[] = [];
    const rows: Record<string, unknown>[] = [];
    const lookups = new Map<string, Map<string, string>>();
    setProgress({ done: 0, total: parsed.data.length, sending: false });
    for (let start = 0; start < parsed.data.length; start += CHUNK) {
      const chunk = parsed.data.slice(start, start + CHUNK);
      for (const [offset, record] of chunk.entries()) {
        const row: Record<string, unknown> = { ...props.base };
        for (const header of headers) {
          const field = columns.get(fold(header));
          if (field) row[field.key] = await cellValue(field, plainCell((record[header] ?? '').trim()), lookups);
        }
        rows.push(row);
        const checked = props.schema.safeParse(row);
        if (!checked.success) {
          for (const issue of checked.error.issues) {
            found.push({ line: start + offset + 2, field: String(issue.path[0] ?? ''), message: issue.message });
          }
        }
      }
      setProgress({ done: Math.min(start + CHUNK, parsed.data.length), total: parsed.data.length, sending: false });
      // Let the page paint the progress between chunks.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (found.length > 0) {
      setProgress(null);
      setProblems({ list: found.slice(0, REPORT_LIMIT), count: found.length });
      return;
    }
    setProgress({ done: rows.length, total: rows.length, sending: true });
    try {
      const result = await props.client.import.mutate({ rows });
      setProgress(null);
      if (result.problemCount > 0) {
        setProblems({ list: result.problems, count: result.problemCount });
        return;
      }
      await refreshAfterChange();
      notifySuccess(t.done(result.imported));
      close();
    } catch (error) {
      setProgress(null);
      notifyApiError(error);
    }
  };

  const template = () =>
    downloadCsv(`${props.name}-modelo.csv`, [Object.fromEntries(fields.map((f) => [f.label, '']))]);

  return (
    <Modal opened={props.opened} onClose={close} title={t.title} size="lg">
      <Stack>
        <Text size="sm">{t.help}</Text>
        <Group>
          <FileButton onChange={(file) => void run(file)} accept=".csv,text/csv" resetRef={resetFile}>
            {(button) => (
              <Button {...button} leftSection={<IconUpload size={16} />} loading={progress !== null}>
                {t.choose}
              </Button>
            )}
          </FileButton>
          <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={template}>
            {t.template}
          </Button>
        </Group>
        {progress && (
          <Stack gap={4}>
            <Progress
              value={(progress.done / Math.max(progress.total, 1)) * 100}
              animated={progress.sending}
              aria-label={t.progressLabel}
            />
            <Text size="xs" c="dimmed">
              {progress.sending ? t.sending(progress.total) : t.checking(progress.done, progress.total)}
            </Text>
          </Stack>
        )}
        {problems && <ImportProblems problems={problems} labelOf={labelOf} />}
      </Stack>
    </Modal>
  );
}
