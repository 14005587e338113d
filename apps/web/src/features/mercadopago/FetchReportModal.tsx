import { Alert, Button, Group, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCloudDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { addDays, formatCalendarDate, parseDateText, todayInSaoPaulo } from '@financeiro/core';
import type { MercadoPagoRouter } from '@financeiro/server/api';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { apiErrorMessage } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { DateField } from '../../ui/DateField';
import { useKeyFor } from '../reconciliation/use-key-for';
import { mercadoPagoApiMessages } from './api-messages';
import { ReportPreview } from './ReportPreview';

const t = mercadoPagoApiMessages.fetch;

type Kind = 'settlement' | 'release';
type Fetched = inferRouterOutputs<MercadoPagoRouter>['api']['previewFetch'];

/** Which report to fetch (settlement or release) and its period. */
function ReportChoice(props: {
  kind: Kind;
  from: string;
  to: string;
  fromError: string | null;
  toError: string | null;
  onKind: (kind: Kind) => void;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="mp-fetch-kind">
          {t.kind}
        </Text>
        <SegmentedControl
          aria-labelledby="mp-fetch-kind"
          value={props.kind}
          onChange={(value) => props.onKind(value as Kind)}
          data={[
            { value: 'settlement', label: t.kinds.settlement },
            { value: 'release', label: t.kinds.release },
          ]}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label={t.from} value={props.from} onChange={props.onFrom} error={props.fromError} />
        <DateField label={t.to} value={props.to} onChange={props.onTo} error={props.toError} />
      </SimpleGrid>
    </>
  );
}

/**
 * Mounted at each opening: choose the report and the period, fetch it and see what importing it would do, then
 * import the fetched file as an uploaded one is imported (imports.commit), all or nothing.
 */
function FetchBody(props: { accountId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { keyFor, done } = useKeyFor();
  const today = todayInSaoPaulo();
  const [kind, setKind] = useState<Kind>('settlement');
  const [from, setFrom] = useState(formatCalendarDate(addDays(today, -7)));
  const [to, setTo] = useState(formatCalendarDate(today));
  const [acceptRejected, setAcceptRejected] = useState(false);
  const [tried, setTried] = useState(false);
  const [asked, setAsked] = useState(false);

  const fromDay = parseDateText(from);
  const toDay = parseDateText(to);
  const dateError = (text: string, day: string | null) => (!asked ? null : !text ? t.required : day ? null : t.badDate);
  const periodError = asked && fromDay && toDay && toDay < fromDay ? t.toBeforeFrom : null;

  const preview = useMutation(
    trpc.mercadopago.api.previewFetch.mutationOptions({
      // The account's last fetch is shown with its API settings.
      onSuccess: () => queryClient.invalidateQueries(trpc.mercadopago.api.pathFilter()),
    }),
  );
  const fetched = preview.data;
  // The key stands for the choices and the file's fingerprint, not for its bytes.
  const signature = () => ({ accountId: props.accountId, acceptRejected, sha256: fetched?.preview.sha256 });
  // The key is derived from the choices and the file (the same import retried keeps its key), so the call is made here.
  const commit = useMutation({
    mutationFn: (file: Fetched['file']) =>
      apiClient.mercadopago.imports.commit.mutate({
        accountId: props.accountId,
        ...file,
        acceptRejected,
        idempotencyKey: keyFor(signature()),
      }),
    onSuccess: async () => {
      done(signature());
      await queryClient.invalidateQueries(trpc.mercadopago.pathFilter());
    },
  });

  const reset = () => {
    preview.reset();
    commit.reset();
    setAcceptRejected(false);
    setTried(false);
  };
  const ask = () => {
    setAsked(true);
    reset();
    if (!fromDay || !toDay || toDay < fromDay) return;
    preview.mutate({ accountId: props.accountId, kind, from: fromDay, to: toDay });
  };

  const rejected = fetched?.preview.rejected ?? [];
  const blocked = rejected.length > 0 && !acceptRejected;
  const submit = () => {
    setTried(true);
    if (!fetched || blocked) return;
    commit.mutate(fetched.file);
  };

  const result = commit.data;
  if (result) {
    return (
      <Stack>
        <Alert color="green" icon={<IconCircleCheck />} role="status" title={t.kinds[result.kind]}>
          {t.done(result.newCount, result.duplicateCount)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
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
      <ReportChoice
        kind={kind}
        from={from}
        to={to}
        fromError={dateError(from, fromDay)}
        toError={dateError(to, toDay) ?? periodError}
        onKind={(value) => {
          setKind(value);
          reset();
        }}
        onFrom={(value) => {
          setFrom(value);
          reset();
        }}
        onTo={(value) => {
          setTo(value);
          reset();
        }}
      />
      <Group justify="flex-end">
        <Button
          variant={fetched ? 'default' : 'filled'}
          leftSection={<IconCloudDownload size={16} />}
          onClick={ask}
          loading={preview.isPending}
        >
          {t.preview}
        </Button>
      </Group>
      {preview.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t.fetching}</Text>
        </Group>
      )}
      {preview.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {apiErrorMessage(preview.error)}
        </Alert>
      )}
      {fetched && (
        <ReportPreview
          preview={fetched.preview}
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
        <Button onClick={submit} loading={commit.isPending} disabled={!fetched || preview.isPending || blocked}>
          {t.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/** "Buscar pela API": fetch the account's settlement or release report of a period from Mercado Pago, preview, import. */
export function FetchReportModal(props: { opened: boolean; accountId: string; onClose: () => void }) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.title} size="xl" fullScreen={phone}>
      {props.opened && <FetchBody accountId={props.accountId} onClose={props.onClose} />}
    </Modal>
  );
}
