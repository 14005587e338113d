import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileCode } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBRL, NFE_DIFFERENCE_CHOICES, NFE_DIFFERENCE_LABELS, type NfeDifferenceChoice } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { nfeImportMessages as t } from '../../i18n/nfe-import';
import { notifyApiError } from '../../ui/api-error';
import { DataTable } from '../../ui/DataTable';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { ReferenceSelect, type OptionSource } from '../registries/fields';
import { ledgerSources } from './sources';
import { xmlText } from '../../ui/xml-text';
import { competenceToSend } from '../closing/closed-month';
import { LateNoteAlert } from '../closing/LateNoteAlert';

/** A file's preview, with its place in the chosen files (two files may share a name). */
type Row = inferOutput<typeof trpc.ledger.documents.nfePreview>[number] & { index: number };
interface XmlFile {
  fileName: string;
  xml: string;
}
/** What the payables are filed under and how they are paid; the first two are required. */
interface References {
  classificationId: string | null;
  costCentreId: string | null;
  paymentMethodId: string | null;
  accountId: string | null;
}

/** The server's limit for one file; a larger one is left out before anything is sent. */
const MAX_BYTES = 5_000_000;
const DIFFERENCE_OPTIONS = NFE_DIFFERENCE_CHOICES.map((choice) => ({
  value: choice,
  label: NFE_DIFFERENCE_LABELS[choice],
}));

/** A row the import can take: read, for this organization, not imported, and not a repeat of another file. */
const importable = (row: Row) => row.problems.length === 0 && row.sameAs === null;

function Situation(props: {
  row: Row;
  included: boolean;
  choice: NfeDifferenceChoice | null;
  onChoose: (choice: NfeDifferenceChoice) => void;
  /** The competence accepted for a note of a closed month. */
  accepted: string | null;
  onAccept: (competence: string | null) => void;
  onOpenDocument: () => void;
}) {
  const { row } = props;
  const overdue = row.installments.filter((i) => i.overdue).length;
  const waiting = !competenceToSend(row, props.accepted).ready;
  return (
    <Stack gap={2}>
      {row.difference !== 0 && (
        <Select
          size="xs"
          aria-label={t.differenceOf(row.fileName)}
          placeholder={t.chooseDifference}
          data={DIFFERENCE_OPTIONS}
          value={props.choice}
          allowDeselect={false}
          onChange={(v) => {
            const choice = NFE_DIFFERENCE_CHOICES.find((c) => c === v);
            if (choice) props.onChoose(choice);
          }}
        />
      )}
      {row.problems.map((problem) => (
        <Text key={problem} size="xs" c="red.9">
          {problem}
        </Text>
      ))}
      {row.importedDocumentId && (
        <Anchor component="button" type="button" size="xs" onClick={props.onOpenDocument}>
          {t.openPayable}
        </Anchor>
      )}
      {importable(row) && (
        <LateNoteAlert note={row} accepted={props.accepted} onAccept={props.onAccept} of={row.fileName} />
      )}
      {row.problems.length === 0 && overdue > 0 && (
        <Text size="xs" c="orange.9">
          {t.overdue(overdue)}
        </Text>
      )}
      {row.problems.length === 0 &&
        (row.sameAs ? (
          <Text size="xs" c="dimmed">
            {t.sameAs(row.sameAs)}
          </Text>
        ) : (
          <Text size="xs" c={props.included && !waiting ? 'teal.9' : 'dimmed'}>
            {!props.included ? t.leftOut : waiting ? t.waitingCompetence : t.ready}
          </Text>
        ))}
    </Stack>
  );
}

/**
 * The chosen files and their preview: too large ones left out before sending, each file's choice of what its
 * duplicatas' difference is sent with it, and the preview read again whenever a choice changes.
 */
function useNfeFiles() {
  const [files, setFiles] = useState<XmlFile[]>([]);
  const [choices, setChoices] = useState<Map<number, NfeDifferenceChoice>>(new Map());
  const preview = useMutation(trpc.ledger.documents.nfePreview.mutationOptions({ onError: notifyApiError }));
  /** The files as the server takes them, each with the difference chosen for it. */
  const sent = (of: XmlFile[], chosen: Map<number, NfeDifferenceChoice>) =>
    of.map((file, i) => ({ ...file, difference: chosen.get(i) ?? null }));
  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const tooBig = chosen.filter((f) => f.size > MAX_BYTES);
    if (tooBig.length > 0) notifyError(t.tooBig(tooBig.map((f) => f.name).join(', ')));
    const read = await Promise.all(
      chosen.filter((f) => f.size <= MAX_BYTES).map(async (f) => ({ fileName: f.name, xml: await xmlText(f) })),
    );
    setFiles(read);
    setChoices(new Map());
    preview.reset();
    if (read.length > 0) preview.mutate({ files: read });
  };
  const chooseDifference = (index: number, choice: NfeDifferenceChoice) => {
    const next = new Map(choices).set(index, choice);
    setChoices(next);
    preview.mutate({ files: sent(files, next) });
  };
  const rows: Row[] = (preview.data ?? []).map((row, index) => ({ ...row, index }));
  return {
    files: sent(files, choices),
    rows,
    choices,
    preview,
    choose,
    chooseDifference,
    refresh: () => preview.mutate({ files: sent(files, choices) }),
  };
}

/** What each chosen file would become: its note, issuer, amount, installments and situation. */
function PreviewTable(props: {
  nfe: ReturnType<typeof useNfeFiles>;
  excluded: Set<number>;
  onToggle: (index: number) => void;
  accepted: Map<number, string>;
  onAccept: (index: number, competence: string | null) => void;
  onOpenDocument: (id: string) => void;
}) {
  const { nfe, excluded } = props;
  const c = t.columns;
  return (
    <DataTable
      query={{ isPending: nfe.preview.isPending, isError: false, refetch: nfe.refresh }}
      rows={nfe.rows}
      rowKey={(row) => String(row.index)}
      empty={t.empty}
      minWidth={880}
      columns={[
        {
          key: 'include',
          header: '',
          width: 36,
          card: 'actions',
          render: (row) => (
            <Checkbox
              aria-label={t.includeFile(row.fileName)}
              checked={importable(row) && !excluded.has(row.index)}
              disabled={!importable(row)}
              onChange={() => props.onToggle(row.index)}
            />
          ),
        },
        {
          key: 'file',
          header: c.file,
          card: 'title',
          render: (row) => (
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.fileName}
            </Text>
          ),
        },
        {
          key: 'number',
          header: c.number,
          card: 'figure',
          render: (row) => <Text size="sm">{row.number ? `${row.number}/${row.series ?? ''}` : '—'}</Text>,
        },
        {
          key: 'issuer',
          header: c.issuer,
          card: 'detail',
          render: (row) =>
            row.issuer ? (
              <Group gap={6} wrap="wrap">
                <Text size="sm">{row.issuer.tradeName ?? row.issuer.name}</Text>
                {row.newSupplier && (
                  <Badge size="xs" variant="light" color="blue">
                    {t.newSupplier}
                  </Badge>
                )}
              </Group>
            ) : (
              '—'
            ),
        },
        {
          key: 'total',
          header: c.total,
          align: 'right',
          card: 'figure',
          render: (row) => (
            <Stack gap={0} align="flex-end">
              <Text size="sm">{row.total === null ? '—' : formatBRL(row.total)}</Text>
              {row.grossAmount !== null && row.grossAmount !== row.total && (
                <Text size="xs" c="dimmed">
                  {t.payableAmount(formatBRL(row.grossAmount))}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          key: 'installments',
          header: c.installments,
          card: 'figure',
          render: (row) => (
            <Text size="sm">{row.installments.length > 0 ? t.installments(row.installments.length) : '—'}</Text>
          ),
        },
        {
          key: 'situation',
          header: c.situation,
          card: 'detail',
          render: (row) => (
            <Situation
              row={row}
              included={!excluded.has(row.index)}
              choice={nfe.choices.get(row.index) ?? null}
              onChoose={(choice) => nfe.chooseDifference(row.index, choice)}
              accepted={props.accepted.get(row.index) ?? null}
              onAccept={(competence) => props.onAccept(row.index, competence)}
              onOpenDocument={() => row.importedDocumentId && props.onOpenDocument(row.importedDocumentId)}
            />
          ),
        },
      ]}
    />
  );
}

/** The classification and cost centre every payable is filed under, and how and from where they are paid. */
function ReferenceFields(props: { references: References; onChange: (r: References) => void; tried: boolean }) {
  const { references } = props;
  const select = (key: keyof References, label: string, source: OptionSource, required = false) => (
    <ReferenceSelect
      label={label}
      source={source}
      value={references[key]}
      onChange={(id) => props.onChange({ ...references, [key]: id })}
      required={required}
      error={required && props.tried && !references[key] ? t.requiredReferences : undefined}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {select('classificationId', t.classification, ledgerSources.classifications, true)}
      {select('costCentreId', t.costCentre, ledgerSources.costCentres, true)}
      {select('paymentMethodId', t.paymentMethod, ledgerSources.paymentMethods)}
      {select('accountId', t.account, ledgerSources.accounts)}
    </SimpleGrid>
  );
}

/** One opening of the dialog: its own files, choices and idempotency key. */
function NfeImport({ onClose, onOpenDocument }: { onClose: () => void; onOpenDocument: (id: string) => void }) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const nfe = useNfeFiles();
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [references, setReferences] = useState<References>({
    classificationId: null,
    costCentreId: null,
    paymentMethodId: null,
    accountId: null,
  });
  const [tried, setTried] = useState(false);
  const [accepted, setAccepted] = useState<Map<number, string>>(new Map());
  const { rows } = nfe;
  const included = rows.filter((row) => importable(row) && !excluded.has(row.index));
  // A note of a closed month goes only once its competence (the first open month) is accepted.
  const competences = included.map((row) => competenceToSend(row, accepted.get(row.index) ?? null));
  const waitingCompetence = competences.some((c) => !c.ready);
  const total = included.reduce((sum, row) => sum + (row.grossAmount ?? 0), 0);
  const missingReferences = !references.classificationId || !references.costCentreId;

  const submit = useMutation(
    trpc.ledger.documents.nfeImport.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries(trpc.ledger.pathFilter());
        notifySuccess(t.imported(result.created));
        onClose();
      },
      onError: (error) => {
        notifyApiError(error);
        // Someone may have imported one of these notes meanwhile: the table shows it again as it now is.
        nfe.refresh();
      },
    }),
  );
  const toggle = (index: number) => {
    const next = new Set(excluded);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setExcluded(next);
  };
  const accept = (index: number, competence: string | null) => {
    const next = new Map(accepted);
    if (competence) next.set(index, competence);
    else next.delete(index);
    setAccepted(next);
  };
  const chooseFiles = (chosen: File[]) => {
    setExcluded(new Set());
    setAccepted(new Map());
    void nfe.choose(chosen);
  };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <Group>
        <FileButton onChange={chooseFiles} accept=".xml,text/xml,application/xml" multiple>
          {(props) => (
            <Button
              {...props}
              variant={rows.length > 0 ? 'default' : 'filled'}
              leftSection={<IconFileCode size={16} />}
              loading={nfe.preview.isPending}
              data-autofocus
            >
              {rows.length > 0 ? t.chooseAgain : t.choose}
            </Button>
          )}
        </FileButton>
        {nfe.preview.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {t.reading}
          </Text>
        )}
      </Group>
      {(nfe.files.length > 0 || nfe.preview.isPending) && (
        <PreviewTable
          nfe={nfe}
          excluded={excluded}
          onToggle={toggle}
          accepted={accepted}
          onAccept={accept}
          onOpenDocument={onOpenDocument}
        />
      )}
      {rows.length > 0 && (
        <>
          <ReferenceFields references={references} onChange={setReferences} tried={tried} />
          <Paper withBorder p="xs">
            <Text size="sm" fw={600} role="status">
              {t.summary(included.length, formatBRL(total))}
            </Text>
            {waitingCompetence && (
              <Text size="sm" c="orange.9">
                {t.acceptCompetence}
              </Text>
            )}
          </Paper>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button
          disabled={included.length === 0 || waitingCompetence}
          loading={submit.isPending}
          onClick={() => {
            setTried(true);
            if (!missingReferences)
              submit.mutate({
                files: included.flatMap((row, at) => {
                  const file = nfe.files[row.index];
                  return file ? [{ ...file, competence: competences[at]?.competence ?? null }] : [];
                }),
                classificationId: references.classificationId ?? '',
                costCentreId: references.costCentreId ?? '',
                paymentMethodId: references.paymentMethodId,
                accountId: references.accountId,
                idempotencyKey,
              });
          }}
        >
          {t.submit(included.length)}
        </Button>
      </Group>
    </Stack>
  );
}

/** contas/pagar's "Importar XML": NF-e files previewed, then each chosen note launched as a payable. */
export function NfeImportModal(props: {
  opened: boolean;
  onClose: () => void;
  /** Opens a payable already made from one of the notes. */
  onOpenDocument: (id: string) => void;
}) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.title} size="70rem" fullScreen={phone}>
      {props.opened && (
        <NfeImport
          onClose={props.onClose}
          onOpenDocument={(id) => {
            props.onClose();
            props.onOpenDocument(id);
          }}
        />
      )}
    </Modal>
  );
}
