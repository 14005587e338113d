import { Alert, Button, Group, Loader, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { apiErrorMessage } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { mercadoPagoApiMessages } from './api-messages';

const t = mercadoPagoApiMessages.settings;

/** Mounted at each opening, so each opening sends its own idempotency key and starts with a blank token field. */
function SettingsBody(props: { accountId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const settings = useQuery(trpc.mercadopago.api.get.queryOptions({ accountId: props.accountId }));
  const [token, setToken] = useState('');
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.mercadopago.api.pathFilter());

  const save = useMutation(
    trpc.mercadopago.api.save.mutationOptions({
      onSuccess: async () => {
        await refresh();
        notifySuccess(t.saved);
        props.onClose();
      },
    }),
  );
  const remove = useMutation(
    trpc.mercadopago.api.remove.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        setEnabled(null);
        await refresh();
        notifySuccess(t.removed);
      },
    }),
  );

  if (settings.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t.loading}</Text>
      </Group>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} role="alert">
        {apiErrorMessage(settings.error)}
      </Alert>
    );
  }
  const data = settings.data;
  const last4 = data.tokenLast4;
  const lastFetch = data.lastFetch;

  return (
    <Stack>
      <Text size="sm">{t.intro}</Text>
      <Group gap="xs" aria-label={t.token}>
        <IconKey size={16} aria-hidden />
        <Text size="sm" fw={600} data-testid="saved-token">
          {last4 ? t.savedToken(last4) : t.noToken}
        </Text>
      </Group>
      <PasswordInput
        label={t.token}
        placeholder={t.tokenPlaceholder}
        description={last4 ? t.tokenHelpSaved(last4) : t.tokenHelpNew}
        value={token}
        onChange={(event) => setToken(event.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        data-autofocus
      />
      <Switch
        label={t.enabled}
        description={t.enabledHelp}
        checked={enabled ?? data.enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        {t.lastFetch}: {lastFetch ? `${formatDateTime(new Date(lastFetch.at))} — ${lastFetch.message}` : t.neverFetched}
      </Text>
      {save.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {apiErrorMessage(save.error)}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {apiErrorMessage(remove.error)}
        </Alert>
      )}
      <Group justify="space-between">
        {data.tokenSaved ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
          >
            {t.remove}
          </Button>
        ) : (
          <span />
        )}
        <Group>
          <Button variant="default" onClick={props.onClose}>
            {appMessages.common.cancel}
          </Button>
          <Button
            onClick={() =>
              save.mutate({
                accountId: props.accountId,
                token: token.trim() || undefined,
                enabled: enabled ?? data.enabled,
                idempotencyKey,
              })
            }
            loading={save.isPending}
            disabled={!data.tokenSaved && !token.trim()}
          >
            {t.save}
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t.removeTitle}
        message={t.removeMessage}
        confirmLabel={t.removeConfirm}
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ accountId: props.accountId })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * "Configurar API": the account's Mercado Pago access token (typed as a password, shown once saved only as its last
 * four characters), the switch "Buscar relatórios pela API do Mercado Pago", and the token's removal after a
 * confirmation.
 */
export function ApiSettingsModal(props: { opened: boolean; accountId: string; onClose: () => void }) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.title} size="lg" fullScreen={phone}>
      {props.opened && <SettingsBody accountId={props.accountId} onClose={props.onClose} />}
    </Modal>
  );
}
