import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { notifyApiError } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { ledgerSources } from '../ledger/sources';
import { ReferenceSelect, type OptionSource } from '../registries/fields';
import type { Settings } from './api';
import { mercadoPagoMessages } from './messages';

const t = mercadoPagoMessages.settings;

type Values = Omit<Settings, 'accountId'>;
type Field = keyof Values;

const EMPTY: Values = {
  pendingAccountId: '',
  feeClassificationId: '',
  costCentreId: null,
  payoutAccountId: null,
  customerId: null,
  receivableClassificationId: null,
  paymentMethodId: null,
};

/** Each setting: its label, its one-line explanation, where its choices come from, whether it is required. */
const FIELDS: { key: Field; label: string; help: string; source: OptionSource; required?: boolean }[] = [
  {
    key: 'pendingAccountId',
    label: t.pendingAccount,
    help: t.pendingAccountHelp,
    source: ledgerSources.accounts,
    required: true,
  },
  {
    key: 'feeClassificationId',
    label: t.feeClassification,
    help: t.feeClassificationHelp,
    source: ledgerSources.classifications,
    required: true,
  },
  { key: 'costCentreId', label: t.costCentre, help: t.costCentreHelp, source: ledgerSources.costCentres },
  { key: 'payoutAccountId', label: t.payoutAccount, help: t.payoutAccountHelp, source: ledgerSources.accounts },
  { key: 'customerId', label: t.customer, help: t.customerHelp, source: ledgerSources.receivable },
  {
    key: 'receivableClassificationId',
    label: t.receivableClassification,
    help: t.receivableClassificationHelp,
    source: ledgerSources.classifications,
  },
  { key: 'paymentMethodId', label: t.paymentMethod, help: t.paymentMethodHelp, source: ledgerSources.paymentMethods },
];

/** The account's reconciliation settings; mounted at each opening, which gives each its idempotency key. */
export function SettingsForm(props: {
  accountId: string;
  settings: Settings | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const [values, setValues] = useState<Values>(() => {
    if (!props.settings) return EMPTY;
    const { accountId: _accountId, ...saved } = props.settings;
    return saved;
  });
  const [tried, setTried] = useState(false);
  const save = useMutation(
    trpc.mercadopago.settings.save.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.mercadopago.pathFilter());
        notifySuccess(t.saved);
        props.onSaved();
      },
      onError: notifyApiError,
    }),
  );
  const missing = (key: Field) => tried && FIELDS.find((f) => f.key === key)?.required && !values[key];
  const submit = () => {
    setTried(true);
    if (!values.pendingAccountId || !values.feeClassificationId) return;
    save.mutate({ accountId: props.accountId, ...values, idempotencyKey });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          {FIELDS.map((field) => (
            <Stack key={field.key} gap={2}>
              <ReferenceSelect
                label={field.label}
                source={field.source}
                value={values[field.key] || null}
                onChange={(value) => setValues((v) => ({ ...v, [field.key]: field.required ? (value ?? '') : value }))}
                required={field.required}
                error={missing(field.key) ? t.required : undefined}
              />
              <Text size="xs" c="dimmed">
                {field.help}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              {appMessages.common.cancel}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Shown in place of the figures while the account has no settings: what to configure, and the form. */
export function SetupPanel(props: { accountId: string }) {
  return (
    <Paper withBorder p="md" role="region" aria-labelledby="mp-setup-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconSettings size={20} />
          <Title order={2} size="h4" id="mp-setup-title">
            {t.setupTitle}
          </Title>
        </Group>
        <Text size="sm">{t.setupIntro}</Text>
        <SettingsForm key={props.accountId} accountId={props.accountId} settings={null} onSaved={() => undefined} />
      </Stack>
    </Paper>
  );
}

/** The settings from the header's "Configurações". */
export function SettingsModal(props: {
  opened: boolean;
  accountId: string;
  settings: Settings | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.title} size="lg" fullScreen={phone}>
      {props.opened && (
        <SettingsForm
          accountId={props.accountId}
          settings={props.settings}
          onSaved={props.onClose}
          onCancel={props.onClose}
        />
      )}
    </Modal>
  );
}
