import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STATEMENT_FILE_MAX_BYTES } from '@financeiro/core';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { apiErrorMessage } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { useKeyFor } from '../reconciliation/use-key-for';
import { mercadoPagoMessages } from './messages';
import { ReportPreview } from './ReportPreview';

const t = mercadoPagoMessages.import;

/** The file's bytes in base64, as the server takes them. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

const formatOf = (name: string): 'csv' | 'xlsx' | null =>
  /\.xlsx$/i.test(name) ? 'xlsx' : /\.(csv|txt)$/i.test(name) ? 'csv' : null;
/** Mounted at each opening: choose a file, see what importing it would do, import it, see what it did. */
function ImportBody(props: { accountId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { keyFor, done } = useKeyFor();
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [acceptRejected, setAcceptRejected] = useState(false);
  const [tried, setTried] = useState(false);

  const preview = useMutation(trpc.mercadopago.imports.preview.mutationOptions());
  type CommitInput = { fileName: string; format: 'csv' | 'xlsx'; content: string; acceptRejected: boolean };
  // The key stands for the choices and the file's fingerprint, not for its bytes.
  const signature = ({ content: _content, ...choices }: CommitInput) => ({
    ...choices,
    accountId: props.accountId,
    sha256: preview.data?.sha256,
  });
  // The key is derived from the choices and the file (the same import retried keeps its key), so the call is made here.
  const commit = useMutation({
    mutationFn: (input: CommitInput) =>
      apiClient.mercadopago.imports.commit.mutate({
        accountId: props.accountId,
        ...input,
        idempotencyKey: keyFor(signature(input)),
      }),
    onSuccess: async (_result, input) => {
      done(signature(input));
      await queryClient.invalidateQueries(trpc.mercadopago.pathFilter());
    },
  });

  const choose = async (picked: File | null) => {
    setFile(picked);
    setContent(null);
    setFileError(null);
    setAcceptRejected(false);
    setTried(false);
    preview.reset();
    commit.reset();
    if (!picked) return;
    const format = formatOf(picked.name);
    if (!format) {
      setFileError(t.wrongType);
      return;
    }
    if (picked.size > STATEMENT_FILE_MAX_BYTES) {
      setFileError(t.tooLarge);
      return;
    }
    const base64 = await readBase64(picked);
    setContent(base64);
    preview.mutate({ accountId: props.accountId, fileName: picked.name, format, content: base64 });
  };

  const data = preview.data;
  const rejected = data?.rejected ?? [];
  const blocked = rejected.length > 0 && !acceptRejected;
  const format = file ? formatOf(file.name) : null;

  const submit = () => {
    setTried(true);
    if (!content || !file || !format || blocked || !data) return;
    commit.mutate({ fileName: file.name, format, content, acceptRejected });
  };

  const result = commit.data;
  if (result) {
    return (
      <Stack>
        <Alert color="green" icon={<IconCircleCheck />} role="status" title={t.kind[result.kind]}>
          {t.done(result.newCount, result.duplicateCount)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void choose(null)}>
            {t.another}
          </Button>
          <Button onClick={props.onClose} data-autofocus>
            {t.close}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <FileInput
        label={t.file}
        placeholder={t.filePlaceholder}
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        value={file}
        onChange={(f) => void choose(f)}
        error={fileError}
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
      {preview.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {apiErrorMessage(preview.error)}
        </Alert>
      )}
      {data && (
        <ReportPreview
          preview={data}
          nothingNew={t.nothingNew}
          acceptRejected={acceptRejected}
          onAcceptRejected={setAcceptRejected}
          mustAccept={tried && blocked}
          commitError={commit.error}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button onClick={submit} loading={commit.isPending} disabled={!data || preview.isPending || blocked}>
          {t.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/** The import of Mercado Pago's settlement or release report (CSV or XLSX, up to 20 MB), previewed, then all or nothing. */
export function ImportReportModal(props: { opened: boolean; accountId: string; onClose: () => void }) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.title} size="xl" fullScreen={phone}>
      {props.opened && <ImportBody accountId={props.accountId} onClose={props.onClose} />}
    </Modal>
  );
}
