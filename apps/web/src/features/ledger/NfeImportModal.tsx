import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileCode } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBRL } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { nfeImportMessages as t } from '../../i18n/nfe-import';
import { notifyApiError } from '../../ui/api-error';
import { DataTable } from '../../ui/DataTable';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { ReferenceSelect } from '../registries/fields';
import { ledgerSources } from './sources';
import { xmlText } from '../../ui/xml-text';

/** A file's preview, with its place in the chosen files (two files may share a name). */
type Row = inferOutput<typeof trpc.ledger.documents.nfePreview>[number] & { index: number };
interface XmlFile {
  fileName: string;
  xml: string;
}

/** The server's limit for one file; a larger one is left out before anything is sent. */
const MAX_BYTES = 5_000_000;

/** A row the import can take: read, for this organization, not imported, and not a repeat of another file. */
const importable = (row: Row) => row.problems.length === 0 && row.sameAs === null;

function Situation({ row, included, onOpenDocument }: { row: Row; included: boolean; onOpenDocument: () => void }) {
  if (row.problems.length > 0) {
    return (
      <Stack gap={2}>
        {row.problems.map((problem) => (
          <Text key={problem} size="xs" c="red.9">
            {problem}
          </Text>
        ))}
        {row.importedDocumentId && (
          <Anchor component="button" type="button" size="xs" onClick={onOpenDocument}>
            {t.openPayable}
          </Anchor>
        )}
      </Stack>
    );
  }
  if (row.sameAs) {
    return (
      <Text size="xs" c="dimmed">
        {t.sameAs(row.sameAs)}
      </Text>
    );
  }
  return (
    <Text size="xs" c={included ? 'teal.9' : 'dimmed'}>
      {included ? t.ready : t.leftOut}
    </Text>
  );
}

/** One opening of the dialog: its own files, choices and idempotency key. */
function NfeImport({ onClose, onOpenDocument }: { onClose: () => void; onOpenDocument: (id: string) => void }) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const [files, setFiles] = useState<XmlFile[]>([]);
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [references, setReferences] = useState({
    classificationId: null as string | null,
    costCentreId: null as string | null,
    paymentMethodId: null as string | null,
    accountId: null as string | null,
  });
  const [tried, setTried] = useState(false);

  const preview = useMutation(trpc.ledger.documents.nfePreview.mutationOptions({ onError: notifyApiError }));
  const choose = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const tooBig = chosen.filter((f) => f.size > MAX_BYTES);
    if (tooBig.length > 0) notifyError(t.tooBig(tooBig.map((f) => f.name).join(', ')));
    const read = await Promise.all(
      chosen.filter((f) => f.size <= MAX_BYTES).map(async (f) => ({ fileName: f.name, xml: await xmlText(f) })),
    );
    setFiles(read);
    setExcluded(new Set());
    preview.reset();
    if (read.length > 0) preview.mutate({ files: read });
  };

  const rows: Row[] = (preview.data ?? []).map((row, index) => ({ ...row, index }));
  const included = rows.filter((row) => importable(row) && !excluded.has(row.index));
  const total = included.reduce((sum, row) => sum + (row.total ?? 0), 0);
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
        preview.mutate({ files });
      },
    }),
  );
  const toggle = (index: number) => {
    const next = new Set(excluded);
    if (next.has(index)) next.delete(index);
    else next.add(index);
    setExcluded(next);
  };
  const c = t.columns;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <Group>
        <FileButton onChange={(chosen) => void choose(chosen)} accept=".xml,text/xml,application/xml" multiple>
          {(props) => (
            <Button
              {...props}
              variant={rows.length > 0 ? 'default' : 'filled'}
              leftSection={<IconFileCode size={16} />}
              loading={preview.isPending}
              data-autofocus
            >
              {rows.length > 0 ? t.chooseAgain : t.choose}
            </Button>
          )}
        </FileButton>
        {preview.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {t.reading}
          </Text>
        )}
      </Group>
      {(files.length > 0 || preview.isPending) && (
        <DataTable
          query={{ isPending: preview.isPending, isError: false, refetch: () => preview.mutate({ files }) }}
          rows={rows}
          rowKey={(row) => String(row.index)}
          empty={t.empty}
          minWidth={820}
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
                  onChange={() => toggle(row.index)}
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
              render: (row) => <Text size="sm">{row.total === null ? '—' : formatBRL(row.total)}</Text>,
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
                  onOpenDocument={() => row.importedDocumentId && onOpenDocument(row.importedDocumentId)}
                />
              ),
            },
          ]}
        />
      )}
      {rows.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReferenceSelect
              label={t.classification}
              source={ledgerSources.classifications}
              value={references.classificationId}
              onChange={(classificationId) => setReferences({ ...references, classificationId })}
              required
              error={tried && !references.classificationId ? t.requiredReferences : undefined}
            />
            <ReferenceSelect
              label={t.costCentre}
              source={ledgerSources.costCentres}
              value={references.costCentreId}
              onChange={(costCentreId) => setReferences({ ...references, costCentreId })}
              required
              error={tried && !references.costCentreId ? t.requiredReferences : undefined}
            />
            <ReferenceSelect
              label={t.paymentMethod}
              source={ledgerSources.paymentMethods}
              value={references.paymentMethodId}
              onChange={(paymentMethodId) => setReferences({ ...references, paymentMethodId })}
            />
            <ReferenceSelect
              label={t.account}
              source={ledgerSources.accounts}
              value={references.accountId}
              onChange={(accountId) => setReferences({ ...references, accountId })}
            />
          </SimpleGrid>
          <Paper withBorder p="xs">
            <Text size="sm" fw={600} role="status">
              {t.summary(included.length, formatBRL(total))}
            </Text>
          </Paper>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button
          disabled={included.length === 0}
          loading={submit.isPending}
          onClick={() => {
            setTried(true);
            if (!missingReferences)
              submit.mutate({
                files: included.flatMap((row) => files[row.index] ?? []),
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
