import { Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatCalendarDate,
  manualEntryInput,
  todayInSaoPaulo,
  transferInput,
  type EntryDirection,
  type ManualEntryInput,
  type TransferInput,
} from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { statementMessages } from '../../i18n/statement';
import { notifyApiError } from '../../ui/api-error';
import { DateField } from '../../ui/DateField';
import type { FormValues } from '../../ui/form-values';
import { notifySuccess } from '../../ui/notify';
import { inCentavos } from '../../ui/money-fields';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { MoneyInput } from '../ledger/MoneyInput';
import { ledgerSources } from '../ledger/sources';
import { ReferenceSelect } from '../registries/fields';
import { ClosedMonthAlert } from '../closing/ClosedMonthAlert';

const t = statementMessages;

/** An account a movement may go through: the unit's active accounts. */
export interface AccountChoice {
  id: string;
  name: string;
}

/** The amount as typed ("1.234,56"). */
type TransferValues = FormValues<
  TransferInput,
  'fromAccountId' | 'toAccountId' | 'date' | 'amount' | 'description',
  'amount'
>;

const transferRules = schemaResolver(transferInput, { sync: true });
const entryRules = schemaResolver(manualEntryInput, { sync: true });

const choices = (accounts: AccountChoice[]) => accounts.map((a) => ({ value: a.id, label: a.name }));

function Actions(props: { busy: boolean; submit: string; onClose: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onClose}>
        {appMessages.common.cancel}
      </Button>
      <Button type="submit" loading={props.busy}>
        {props.submit}
      </Button>
    </Group>
  );
}

/** After a movement is saved: every statement and balance is read again. */
function useSaved(message: string, onClose: () => void) {
  const queryClient = useQueryClient();
  return async () => {
    onClose();
    await queryClient.invalidateQueries(trpc.ledger.statement.pathFilter());
    notifySuccess(message);
  };
}

/** Mounted at each opening: today's date, the account in sight as origin, and a new idempotency key. */
function TransferForm(props: { accounts: AccountChoice[]; accountId: string | null; onClose: () => void }) {
  const idempotencyKey = useIdempotencyKey();
  const form = useForm<TransferValues>({
    initialValues: {
      fromAccountId: props.accountId ?? '',
      toAccountId: '',
      date: formatCalendarDate(todayInSaoPaulo()),
      amount: '',
      description: '',
    },
    validate: (values) => transferRules(inCentavos(values, ['amount'])),
  });
  const saved = useSaved(t.transfer.done, props.onClose);
  const transfer = useMutation(
    trpc.ledger.movements.transfer.mutationOptions({ onSuccess: saved, onError: notifyApiError }),
  );
  const data = choices(props.accounts);
  return (
    <form
      onSubmit={form.onSubmit((values) => transfer.mutate({ ...inCentavos(values, ['amount']), idempotencyKey }))}
      noValidate
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t.transfer.from}
            data={data}
            withAsterisk
            searchable
            {...form.getInputProps('fromAccountId')}
          />
          <Select label={t.transfer.to} data={data} withAsterisk searchable {...form.getInputProps('toAccountId')} />
          <DateField
            label={t.transfer.date}
            withAsterisk
            value={form.values.date}
            onChange={(v) => form.setFieldValue('date', v)}
            error={form.errors.date}
          />
          <MoneyInput
            label={t.transfer.amount}
            required
            value={form.values.amount}
            onChange={(v) => form.setFieldValue('amount', v)}
            error={form.errors.amount}
          />
        </SimpleGrid>
        <ClosedMonthAlert dates={[form.values.date]} />
        <TextInput label={t.transfer.description} maxLength={200} {...form.getInputProps('description')} />
        <Actions busy={transfer.isPending} submit={t.transfer.save} onClose={props.onClose} />
      </Stack>
    </form>
  );
}

export function TransferModal(props: {
  opened: boolean;
  accounts: AccountChoice[];
  accountId: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.transfer.title} size="lg">
      {props.opened && <TransferForm accounts={props.accounts} accountId={props.accountId} onClose={props.onClose} />}
    </Modal>
  );
}

const PRESETS = ['tarifa', 'iof', 'rendimento', 'juros', 'outro'] as const;
type Preset = (typeof PRESETS)[number];
/** Which way each kind of entry usually moves money: a fee out, a yield in. */
const PRESET_DIRECTION: Record<Preset, EntryDirection> = {
  tarifa: 'out',
  iof: 'out',
  rendimento: 'in',
  juros: 'out',
  outro: 'out',
};

/** The amount as typed ("1.234,56"), and the kind of entry that suggests the direction and description. */
type EntryValues = FormValues<
  ManualEntryInput,
  'accountId' | 'date' | 'direction' | 'amount' | 'classificationId' | 'costCentreId' | 'description',
  'amount'
> & { preset: Preset };

function EntryForm(props: { accounts: AccountChoice[]; accountId: string | null; onClose: () => void }) {
  const idempotencyKey = useIdempotencyKey();
  const form = useForm<EntryValues>({
    initialValues: {
      preset: 'tarifa',
      accountId: props.accountId ?? '',
      date: formatCalendarDate(todayInSaoPaulo()),
      direction: 'out',
      amount: '',
      classificationId: '',
      costCentreId: '',
      description: t.entry.presetDescriptions.tarifa,
    },
    validate: (values) => entryRules(inCentavos(values, ['amount'])),
  });
  const saved = useSaved(t.entry.done, props.onClose);
  const create = useMutation(
    trpc.ledger.movements.createEntry.mutationOptions({ onSuccess: saved, onError: notifyApiError }),
  );
  const choose = (preset: Preset) =>
    form.setValues({
      preset,
      direction: PRESET_DIRECTION[preset],
      description: t.entry.presetDescriptions[preset],
    });
  return (
    <form
      onSubmit={form.onSubmit(({ preset: _preset, ...values }) =>
        create.mutate({ ...inCentavos(values, ['amount']), idempotencyKey }),
      )}
      noValidate
    >
      <Stack>
        <Select
          label={t.entry.preset}
          data={PRESETS.map((p) => ({ value: p, label: t.entry.presets[p] }))}
          value={form.values.preset}
          onChange={(v) => {
            const preset = PRESETS.find((p) => p === v);
            if (preset) choose(preset);
          }}
          allowDeselect={false}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t.entry.account}
            data={choices(props.accounts)}
            withAsterisk
            searchable
            {...form.getInputProps('accountId')}
          />
          <DateField
            label={t.entry.date}
            withAsterisk
            value={form.values.date}
            onChange={(v) => form.setFieldValue('date', v)}
            error={form.errors.date}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="entry-direction">
              {t.entry.direction}
            </Text>
            <SegmentedControl
              aria-labelledby="entry-direction"
              data={(['out', 'in'] as const).map((d) => ({ value: d, label: t.entry.directions[d] }))}
              {...form.getInputProps('direction')}
            />
          </Stack>
          <MoneyInput
            label={t.entry.amount}
            required
            value={form.values.amount}
            onChange={(v) => form.setFieldValue('amount', v)}
            error={form.errors.amount}
          />
          <ReferenceSelect
            label={t.entry.classification}
            source={ledgerSources.classifications}
            value={form.values.classificationId || null}
            onChange={(v) => form.setFieldValue('classificationId', v ?? '')}
            error={form.errors.classificationId}
            required
          />
          <ReferenceSelect
            label={t.entry.costCentre}
            source={ledgerSources.costCentres}
            value={form.values.costCentreId || null}
            onChange={(v) => form.setFieldValue('costCentreId', v ?? '')}
            error={form.errors.costCentreId}
          />
        </SimpleGrid>
        <ClosedMonthAlert dates={[form.values.date]} />
        <TextInput label={t.entry.description} withAsterisk maxLength={200} {...form.getInputProps('description')} />
        <Actions busy={create.isPending} submit={t.entry.save} onClose={props.onClose} />
      </Stack>
    </form>
  );
}

export function EntryModal(props: {
  opened: boolean;
  accounts: AccountChoice[];
  accountId: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.entry.title} size="lg">
      {props.opened && <EntryForm accounts={props.accounts} accountId={props.accountId} onClose={props.onClose} />}
    </Modal>
  );
}
