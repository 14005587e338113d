import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { inferInput, inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { reconciliationMessages } from '../../i18n/reconciliation';
import { notifyApiError } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import type { FormValues } from '../../ui/form-values';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { ledgerSources } from '../ledger/sources';
import { registryChoices } from '../registries/sources';
import { ReferenceSelect } from '../registries/fields';

const t = reconciliationMessages.rules;

type Rule = inferOutput<typeof trpc.banking.rules.list>[number];
/** What the create procedure takes (its schema is the server's own). */
type RuleInput = inferInput<typeof trpc.banking.rules.create>;

/** A rule's fields as the form holds them: '' for no cost centre, 'any' for either direction (null on the wire). */
type Values = FormValues<RuleInput, 'memoContains' | 'classificationId' | 'costCentreId' | 'description' | 'active'> & {
  direction: NonNullable<RuleInput['direction']> | 'any';
};

const blank: Values = {
  memoContains: '',
  direction: 'any',
  classificationId: '',
  costCentreId: '',
  description: '{memo}',
  active: true,
};

/** Mounted at each opening of a new rule or of one rule's edit: its own idempotency key and fields. */
function RuleForm(props: { rule: Rule | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const r = props.rule;
  const [values, setValues] = useState<Values>(
    r
      ? {
          memoContains: r.memoContains,
          direction: r.direction ?? 'any',
          classificationId: r.classificationId,
          costCentreId: r.costCentreId ?? '',
          description: r.description,
          active: r.active,
        }
      : blank,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof typeof t.required, string>>>({});
  const set = (change: Partial<Values>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !(key in change))));
  };
  const saved = {
    onSuccess: async () => {
      props.onClose();
      await queryClient.invalidateQueries(trpc.banking.rules.pathFilter());
      notifySuccess(t.saved);
    },
    onError: notifyApiError,
  };
  const create = useMutation(trpc.banking.rules.create.mutationOptions(saved));
  const update = useMutation(trpc.banking.rules.update.mutationOptions(saved));
  const save = () => {
    const fields = {
      accountId: r?.accountId ?? null,
      memoContains: values.memoContains,
      direction: values.direction === 'any' ? null : values.direction,
      minAmount: r?.minAmount ?? null,
      maxAmount: r?.maxAmount ?? null,
      classificationId: values.classificationId,
      costCentreId: values.costCentreId || null,
      description: values.description,
      active: values.active,
      priority: r?.priority ?? 100,
    };
    if (r) update.mutate({ ...fields, id: r.id, version: r.version });
    else create.mutate({ ...fields, idempotencyKey });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // What the server would refuse for a missing field is said on the field, before sending.
    const missing = Object.fromEntries(
      (Object.keys(t.required) as (keyof typeof t.required)[])
        .filter((key) => !values[key].trim())
        .map((key) => [key, t.required[key]]),
    );
    setErrors(missing);
    if (Object.keys(missing).length === 0) save();
  };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t.memoContains}
          value={values.memoContains}
          onChange={(e) => set({ memoContains: e.currentTarget.value })}
          error={errors.memoContains}
          withAsterisk
          data-autofocus
        />
        <Select
          label={t.direction}
          data={(['any', 'in', 'out'] as const).map((d) => ({ value: d, label: t.directions[d] }))}
          value={values.direction}
          onChange={(d) => set({ direction: d === 'in' || d === 'out' ? d : 'any' })}
          allowDeselect={false}
        />
        <ReferenceSelect
          label={t.classification}
          source={ledgerSources.classifications}
          value={values.classificationId || null}
          onChange={(classificationId) => set({ classificationId: classificationId ?? '' })}
          error={errors.classificationId}
          required
        />
        <ReferenceSelect
          label={t.costCentre}
          source={ledgerSources.costCentres}
          value={values.costCentreId || null}
          onChange={(costCentreId) => set({ costCentreId: costCentreId ?? '' })}
        />
        <TextInput
          label={t.description}
          description={t.descriptionHint}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
          withAsterisk
        />
        <Switch label={t.active} checked={values.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {appMessages.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The names of the classifications and cost centres the rules point at. */
function useLabels(rules: Rule[]) {
  const classificationIds = [...new Set(rules.map((r) => r.classificationId))];
  const costCentreIds = [...new Set(rules.flatMap((r) => (r.costCentreId ? [r.costCentreId] : [])))];
  const [classifications, costCentres] = useQueries({
    queries: [
      {
        ...registryChoices(trpc.registries.classifications.options, '', classificationIds),
        enabled: rules.length > 0,
      },
      { ...registryChoices(trpc.registries.costCentres.options, '', costCentreIds), enabled: costCentreIds.length > 0 },
    ],
  });
  const labels = new Map([...(classifications.data ?? []), ...(costCentres.data ?? [])].map((o) => [o.value, o.label]));
  return (id: string | null) => (id ? (labels.get(id) ?? '…') : null);
}

/** The rules that turn bank lines into reconciled entries on import: list, create, edit, delete. */
export function RulesDrawer(props: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const rules = useQuery(trpc.banking.rules.list.queryOptions(undefined, { enabled: props.opened }));
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const [removing, setRemoving] = useState<Rule | null>(null);
  const list = rules.data ?? [];
  const label = useLabels(list);
  const remove = useMutation(
    trpc.banking.rules.delete.mutationOptions({
      onSuccess: async () => {
        setRemoving(null);
        await queryClient.invalidateQueries(trpc.banking.rules.pathFilter());
        notifySuccess(t.removed);
      },
      onError: notifyApiError,
    }),
  );
  const close = () => {
    setEditing(null);
    props.onClose();
  };
  return (
    <Drawer opened={props.opened} onClose={close} title={t.title} position="right" size={phone ? '100%' : 'md'}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {editing === null && (
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t.add}
            </Button>
          </Group>
        )}
        {editing === 'new' && <RuleForm key="new" rule={null} onClose={() => setEditing(null)} />}
        {rules.isPending && <Skeleton h={64} />}
        {rules.isError && <Alert color="red">{appMessages.common.unknownError}</Alert>}
        {rules.isSuccess && list.length === 0 && editing === null && (
          <Text size="sm" c="dimmed">
            {t.empty}
          </Text>
        )}
        {list.map((rule) =>
          editing !== 'new' && editing?.id === rule.id ? (
            <RuleForm key={rule.id} rule={rule} onClose={() => setEditing(null)} />
          ) : (
            <Paper key={rule.id} withBorder p="sm" role="group" aria-label={rule.memoContains}>
              <Stack gap={6}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t.summary(rule.memoContains, label(rule.classificationId) ?? '', label(rule.costCentreId))}
                </Text>
                <Group gap={6}>
                  {rule.direction && (
                    <Badge variant="light" tt="none">
                      {t.directions[rule.direction]}
                    </Badge>
                  )}
                  {!rule.active && (
                    <Badge variant="light" color="gray" tt="none">
                      {t.inactive}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {rule.description}
                  </Text>
                </Group>
                <Group gap="xs" justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t.editLabel(rule.memoContains)}
                    onClick={() => setEditing(rule)}
                  >
                    {t.edit}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t.removeLabel(rule.memoContains)}
                    onClick={() => setRemoving(rule)}
                  >
                    {t.remove}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ),
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t.removeTitle}
        message={t.removeMessage(removing?.memoContains ?? '')}
        confirmLabel={t.remove}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      />
    </Drawer>
  );
}
