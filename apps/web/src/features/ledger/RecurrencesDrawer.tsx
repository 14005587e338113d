import { ActionIcon, Badge, Button, Drawer, Fieldset, Group, Menu, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconDots, IconPencil, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  addDays,
  centavosOfText,
  DOCUMENT_TYPES,
  formatBRL,
  formatCalendarDate,
  ledgerPermission,
  parseDateText,
  PERIODICITY_MONTHS,
  periodsBetween,
  RECURRENCE_PERIODICITIES,
  recurrenceCreateInput,
  type RecurrenceCreateInput,
  todayInSaoPaulo,
  type DocumentKind,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { ledgerMessages } from '../../i18n/ledger';
import { recurrenceMessages } from '../../i18n/recurrences';
import { registryMessages } from '../../i18n/registries';
import { notifyApiError } from '../../ui/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { DateField } from '../../ui/DateField';
import { fieldRefusal, revealField } from '../../ui/field-error';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty, useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { Figure, RowTitle } from '../registries/cells';
import { FormFields, moneyText, percentText, ReferenceSelect, type RegistryField } from '../registries/fields';
import { registrySource } from '../registries/sources';
import { useCan } from '../tenants/use-can';
import { apportionmentField } from './apportionment-field';
import { ledgerSources } from './sources';
import { dangerColor } from '../../theme';
import type { FormValues } from '../../ui/form-values';
import type { ApportionmentRow } from './document-rows';

const t = recurrenceMessages.recurrences;
const f = t.form;
const common = appMessages.common;
const periodicityNames = registryMessages.contracts.periodicities;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const templates = registrySource(trpc.registries.apportionmentTemplates.options);

type Recurrence = inferOutput<typeof trpc.ledger.recurrences.list>[number];
type Situation = keyof typeof t.statuses;

type Values = FormValues<
  RecurrenceCreateInput,
  | 'kind'
  | 'partyId'
  | 'description'
  | 'documentType'
  | 'amount'
  | 'paymentMethodId'
  | 'accountId'
  | 'periodicity'
  | 'dueDay'
  | 'startDate'
  | 'endDate',
  'amount' | 'dueDay'
> & { lines: ApportionmentRow[] };

/** Ended: its end date leaves nothing more to fall due. */
const situationOf = (r: Recurrence): Situation =>
  r.status === 'inactive' ? 'inactive' : r.endDate && !r.nextDueDate ? 'ended' : 'active';

function toValues(kind: DocumentKind, r: Recurrence | null): Values {
  return {
    kind,
    partyId: r?.partyId ?? '',
    description: r?.description ?? '',
    documentType: r?.documentType ?? 'outros',
    amount: r ? moneyText(r.amount) : '',
    lines: r
      ? r.lines.map((l) => ({
          classificationId: l.classificationId,
          costCentreId: l.costCentreId,
          share: percentText(l.share),
        }))
      : [{ classificationId: '', costCentreId: '', share: '100' }],
    paymentMethodId: r?.paymentMethodId ?? '',
    accountId: r?.accountId ?? '',
    periodicity: r?.periodicity ?? 'monthly',
    dueDay: r ? String(r.dueDay) : '',
    startDate: r ? formatCalendarDate(r.startDate) : '',
    endDate: r?.endDate ? formatCalendarDate(r.endDate) : '',
  };
}

/** What the server takes: the form's fields as typed, the amount in centavos. */
function toInput(v: Values) {
  return {
    kind: v.kind,
    partyId: v.partyId,
    description: v.description,
    documentType: v.documentType,
    amount: centavosOfText(v.amount),
    lines: v.lines,
    paymentMethodId: v.paymentMethodId,
    accountId: v.accountId,
    periodicity: v.periodicity,
    dueDay: v.dueDay,
    startDate: v.startDate,
    endDate: v.endDate,
  };
}

/** The next three due dates the form's terms give, from today: what the person checks before saving. */
function nextDueDates(values: Values): string[] {
  const startDate = parseDateText(values.startDate);
  const endDate = values.endDate.trim() ? parseDateText(values.endDate) : null;
  const dueDay = Number(values.dueDay);
  if (!startDate || (values.endDate.trim() && !endDate) || !Number.isInteger(dueDay) || dueDay < 1 || dueDay > 31) {
    return [];
  }
  const today = todayInSaoPaulo();
  const from = startDate > today ? startDate : today;
  return periodsBetween(
    { startDate, endDate, months: PERIODICITY_MONTHS[values.periodicity], dueDay },
    from,
    addDays(from, 800),
  )
    .slice(0, 3)
    .map((p) => formatCalendarDate(p.dueDate));
}

function RecurrenceForm(props: {
  kind: DocumentKind;
  recurrence: Recurrence | null;
  readOnly: boolean;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { kind, recurrence } = props;
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const rules = schemaResolver(recurrenceCreateInput, { sync: true });
  const form = useForm<Values>({
    initialValues: toValues(kind, recurrence),
    validate: (values) => rules(toInput(values)),
  });
  useReportDirty(!props.readOnly && form.isDirty(), props.onDirty);
  const canReadTemplates = useCan('ler_configuracoes_rateio_padrao');
  const [template, setTemplate] = useState<string | null>(null);
  const values = form.getValues();

  const applyTemplate = async (id: string | null) => {
    setTemplate(id);
    if (!id) return;
    try {
      const chosen = await queryClient.fetchQuery(trpc.registries.apportionmentTemplates.get.queryOptions({ id }));
      form.setFieldValue(
        'lines',
        chosen.lines.map((l) => ({
          classificationId: l.classificationId,
          costCentreId: l.costCentreId,
          share: percentText(l.share),
        })),
      );
    } catch (error) {
      notifyApiError(error);
    }
  };

  const saved = {
    onSuccess: async () => {
      await queryClient.invalidateQueries(trpc.ledger.pathFilter());
      notifySuccess(recurrence ? t.saved : t.created);
      props.onSaved();
    },
    onError: (error: unknown) => {
      const refusal = fieldRefusal(error, () => undefined);
      if (!refusal) return notifyApiError(error);
      form.setFieldError(refusal.field, refusal.error);
      revealField(form, refusal.field);
    },
  };
  const create = useMutation(trpc.ledger.recurrences.create.mutationOptions(saved));
  const update = useMutation(trpc.ledger.recurrences.update.mutationOptions(saved));
  const save = (v: Values) => {
    const { kind: _kind, ...fields } = toInput(v);
    if (recurrence) {
      update.mutate({ ...fields, id: recurrence.id, version: recurrence.version });
    } else {
      create.mutate({ ...fields, kind, idempotencyKey });
    }
  };

  const fields: RegistryField[] = [
    { key: 'partyId', label: f.party[kind], kind: 'reference', source: ledgerSources[kind] },
    { key: 'description', label: f.description },
    { key: 'amount', label: f.amount, kind: 'money', half: true },
    {
      key: 'documentType',
      label: f.documentType,
      kind: 'select',
      half: true,
      options: DOCUMENT_TYPES.map((type) => ({ value: type, label: ledgerMessages.documentTypes[type] })),
    },
  ];
  const apportionment = [apportionmentField(f.apportionment)];
  const terms: RegistryField[] = [
    {
      key: 'paymentMethodId',
      label: f.paymentMethod,
      kind: 'reference',
      source: ledgerSources.paymentMethods,
      half: true,
    },
    { key: 'accountId', label: f.account, kind: 'reference', source: ledgerSources.accounts, half: true },
    {
      key: 'periodicity',
      label: f.periodicity,
      kind: 'select',
      half: true,
      options: RECURRENCE_PERIODICITIES.map((p) => ({ value: p, label: periodicityNames[p] })),
    },
    { key: 'dueDay', label: f.dueDay, description: f.dueDayHelp, half: true },
    { key: 'startDate', label: f.startDate, kind: 'date', half: true },
    { key: 'endDate', label: f.endDate, description: f.endDateHelp, kind: 'date', half: true },
  ];
  const next = nextDueDates(values);

  return (
    <form onSubmit={form.onSubmit(save)}>
      <Stack>
        <Fieldset variant="unstyled" disabled={props.readOnly}>
          <Stack>
            <FormFields form={form} fields={fields} schema={recurrenceCreateInput} />
            {canReadTemplates && !props.readOnly && (
              <ReferenceSelect
                label={f.template}
                source={templates}
                value={template}
                onChange={(id) => void applyTemplate(id)}
              />
            )}
            <FormFields form={form} fields={apportionment} schema={recurrenceCreateInput} autoFocus={false} />
            <FormFields form={form} fields={terms} schema={recurrenceCreateInput} autoFocus={false} />
          </Stack>
        </Fieldset>
        {next.length > 0 && (
          <Text size="sm" fw={600} aria-live="polite">
            {f.next(next.join(', '))}
          </Text>
        )}
        {recurrence && !props.readOnly && (
          <Text size="xs" c="dimmed">
            {f.changeNote}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {props.readOnly ? common.close : common.cancel}
          </Button>
          {!props.readOnly && (
            <Button type="submit" loading={create.isPending || update.isPending}>
              {recurrence ? common.save : common.create}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** "Encerrar": the date nothing falls due after, and what happens to the documents already generated. */
function EndDialog(props: { recurrence: Recurrence | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState(formatCalendarDate(todayInSaoPaulo()));
  const endDate = parseDateText(date);
  const end = useMutation(
    trpc.ledger.recurrences.end.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries(trpc.ledger.pathFilter());
        notifySuccess(t.endDialog.done(result.cancelled));
        props.onClose();
      },
      onError: notifyApiError,
    }),
  );
  return (
    <ConfirmDialog
      opened={props.recurrence !== null}
      title={t.endDialog.title(props.recurrence?.description ?? '')}
      message={t.endDialog.message}
      confirmLabel={t.endDialog.confirm}
      busy={end.isPending}
      confirmDisabled={!endDate}
      onConfirm={() => props.recurrence && endDate && end.mutate({ id: props.recurrence.id, endDate })}
      onClose={props.onClose}
    >
      <DateField label={t.endDialog.date} value={date} onChange={setDate} withAsterisk data-autofocus />
    </ConfirmDialog>
  );
}

/** The recurrences' columns, the last a menu to change or end one for whoever may edit. */
function recurrenceColumns(actions: {
  canEdit: boolean;
  onEdit: (recurrence: Recurrence) => void;
  onEnd: (recurrence: Recurrence) => void;
}): Column<Recurrence>[] {
  const c = t.columns;
  return [
    {
      key: 'party',
      header: c.party,
      card: 'title',
      render: (r) => <RowTitle sub={r.description}>{r.partyName}</RowTitle>,
    },
    {
      key: 'amount',
      header: c.amount,
      align: 'right',
      card: 'figure',
      render: (r) => <Figure>{formatBRL(r.amount)}</Figure>,
    },
    {
      key: 'periodicity',
      header: c.periodicity,
      card: 'figure',
      render: (r) => (
        <RowTitle sub={t.dayOf(r.dueDay)}>
          <Text span size="sm" fw={400}>
            {periodicityNames[r.periodicity]}
          </Text>
        </RowTitle>
      ),
    },
    {
      key: 'next',
      header: c.next,
      card: 'figure',
      render: (r) => (
        <Text size="sm" style={NO_WRAP}>
          {r.nextDueDate ? formatCalendarDate(r.nextDueDate) : t.noNext}
        </Text>
      ),
    },
    {
      key: 'end',
      header: c.end,
      card: 'figure',
      render: (r) => (
        <Text size="sm" style={NO_WRAP}>
          {r.endDate ? formatCalendarDate(r.endDate) : t.noEnd}
        </Text>
      ),
    },
    {
      key: 'status',
      header: c.status,
      card: 'status',
      render: (r) => {
        const situation = situationOf(r);
        return (
          <Badge variant="light" color={situation === 'active' ? 'green' : 'gray'}>
            {t.statuses[situation]}
          </Badge>
        );
      },
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 60,
      card: 'actions',
      render: (r) =>
        actions.canEdit && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={t.actions(r.description)}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onEdit(r)}>
                {t.edit}
              </Menu.Item>
              {situationOf(r) === 'active' && (
                <Menu.Item
                  leftSection={<IconPlayerStop size={16} />}
                  color={dangerColor}
                  onClick={() => actions.onEnd(r)}
                >
                  {t.end}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ),
    },
  ];
}

/**
 * The unit's recurring payables or receivables (rent, payroll, utilities), whose documents the server generates
 * ahead: the list, a form to create or change one, and "Encerrar". Opened from contas/pagar and contas/receber.
 */
export function RecurrencesDrawer(props: { kind: DocumentKind; opened: boolean; onClose: () => void }) {
  const { kind } = props;
  const canEdit = useCan(ledgerPermission(kind, 'editar'), 'unit');
  const [editing, setEditing] = useState<Recurrence | 'new' | null>(null);
  const [ending, setEnding] = useState<Recurrence | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const list = useQuery(trpc.ledger.recurrences.list.queryOptions({ kind }, { enabled: props.opened }));
  const close = () =>
    unsaved.confirmClose(() => {
      setEditing(null);
      props.onClose();
    });
  const back = () => unsaved.confirmClose(() => setEditing(null));

  const title = editing === null ? t.title[kind] : editing === 'new' ? t.newTitle[kind] : t.editTitle;
  return (
    <>
      <Drawer opened={props.opened} onClose={close} position="right" size="xl" title={title}>
        {editing === null ? (
          <Stack>
            <Text size="sm" c="dimmed">
              {t.help}
            </Text>
            {canEdit && (
              <Group justify="flex-end">
                <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                  {t.new}
                </Button>
              </Group>
            )}
            <DataTable
              query={list}
              rows={list.data}
              rowKey={(r) => r.id}
              empty={t.empty[kind]}
              columns={recurrenceColumns({ canEdit, onEdit: setEditing, onEnd: setEnding })}
              minWidth={720}
              onOpen={setEditing}
            />
          </Stack>
        ) : (
          <Stack>
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={back}>
                {t.back}
              </Button>
            </Group>
            <RecurrenceForm
              kind={kind}
              recurrence={editing === 'new' ? null : editing}
              readOnly={!canEdit}
              onDirty={setDirty}
              onCancel={back}
              onSaved={() => {
                setDirty(false);
                setEditing(null);
              }}
            />
          </Stack>
        )}
      </Drawer>
      {unsaved.dialog}
      <EndDialog key={ending?.id ?? 'none'} recurrence={ending} onClose={() => setEnding(null)} />
    </>
  );
}
