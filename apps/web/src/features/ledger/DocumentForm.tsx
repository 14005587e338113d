import { Alert, Button, Drawer, Group, Loader, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import {
  centavosOfText,
  customDueDateProblems,
  DOCUMENT_TYPES,
  documentCreateInput,
  formatBRL,
  formatCalendarDate,
  formatPercent,
  MAX_SCHEDULE_COUNT,
  moneyText,
  parseDateText,
  percentInput,
  personTypeSchema,
  schedule,
  SCHEDULE_PERIODICITIES,
  todayInSaoPaulo,
  typedCentavos,
  withholdings,
  type DocumentCreateInput,
  type DocumentKind,
  type documentTaxInput,
  type PartyInput,
  type SchedulePeriodicity,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { ledgerMessages } from '../../i18n/ledger';
import { notifyApiError } from '../../ui/api-error';
import { DateField } from '../../ui/DateField';
import { fieldRefusal, revealField } from '../../ui/field-error';
import type { FormValues } from '../../ui/form-values';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty, useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { FormFields, percentText, ReferenceSelect, type OptionSource, type RegistryField } from '../registries/fields';
import {
  blankLines,
  installmentsInput,
  lineAmounts,
  linesReplaceable,
  pickedClassification,
  resizeInstallments,
  sameLines,
  type ApportionmentRow,
  type InstallmentRow,
} from './document-rows';
import { apportionmentField } from './apportionment-field';
import { InstallmentsEditor } from './InstallmentsEditor';
import { apportionmentDefaults, ledgerSources } from './sources';
import { ClosedMonthAlert } from '../closing/ClosedMonthAlert';

const t = ledgerMessages;
const f = t.form;
const common = appMessages.common;

type LedgerDocument = inferOutput<typeof trpc.ledger.documents.get>;

type Values = FormValues<
  DocumentCreateInput,
  | 'kind'
  | 'partyId'
  | 'description'
  | 'documentType'
  | 'documentNumber'
  | 'issueDate'
  | 'competence'
  | 'grossAmount'
  | 'paymentMethodId'
  | 'accountId'
  | 'interestRate'
  | 'fineRate'
  | 'notes',
  'grossAmount' | 'interestRate' | 'fineRate'
> & {
  /** A party typed in with the bill instead of chosen. */
  newPartyMode: boolean;
  newParty: Pick<PartyInput, 'roles' | 'personType' | 'document' | 'name'>;
  lines: ApportionmentRow[];
  /** Each tax's rate as typed ("2,5"), blank for the tax type's registered rate. */
  taxes: FormValues<z.input<typeof documentTaxInput>, 'taxTypeId' | 'rate', 'rate'>[];
  installments: InstallmentRow[];
};

const sources = ledgerSources;
/** The taxes a bill may withhold, named with their rates. */
const taxSource: OptionSource = {
  queries: () => [
    trpc.ledger.documents.withheldTaxes.queryOptions(undefined, {
      select: (taxes) => taxes.map((tax) => ({ value: tax.id, label: `${tax.name} (${formatPercent(tax.rate)})` })),
    }),
  ],
};

/** A template's lines as the form holds them. */
const templateRows = (lines: { classificationId: string; costCentreId: string; share: number }[]): ApportionmentRow[] =>
  lines.map((l) => ({
    classificationId: l.classificationId,
    costCentreId: l.costCentreId,
    share: percentText(l.share),
  }));

const dateText = (iso: string) => formatCalendarDate(iso);
const money = (text: string) => typedCentavos(text) ?? 0;
/** The due dates typed one by one that repeat an earlier one or go backwards, by field. */
const customDateErrors = (rows: InstallmentRow[]) =>
  Object.fromEntries(
    customDueDateProblems(rows.map((row) => parseDateText(row.dueDate))).map((p) => [
      `installments.${p.index}.dueDate`,
      p.message,
    ]),
  );

function initialValues(kind: DocumentKind): Values {
  const today = todayInSaoPaulo();
  return {
    kind,
    newPartyMode: false,
    partyId: '',
    newParty: { roles: [kind === 'payable' ? 'supplier' : 'customer'], personType: 'PJ', document: '', name: '' },
    description: '',
    documentType: 'nfe',
    documentNumber: '',
    issueDate: dateText(today),
    competence: `${today.slice(5, 7)}/${today.slice(0, 4)}`,
    grossAmount: '',
    lines: [{ classificationId: '', costCentreId: '', share: '100' }],
    taxes: [],
    installments: [],
    paymentMethodId: '',
    accountId: '',
    interestRate: '',
    fineRate: '',
    notes: '',
  };
}

/** A stored document as the form shows it, to be changed. */
function valuesOf(document: LedgerDocument): Values {
  const blank = initialValues(document.kind);
  return {
    ...blank,
    partyId: document.partyId,
    description: document.description,
    documentType: document.documentType,
    documentNumber: document.documentNumber ?? '',
    issueDate: dateText(document.issueDate),
    competence: `${document.competence.slice(5, 7)}/${document.competence.slice(0, 4)}`,
    grossAmount: moneyText(document.grossAmount),
    lines: templateRows(document.lines),
    // The rate the bill withheld at, kept when the tax type's registered rate changes afterwards.
    taxes: document.taxes.map((tax) => ({ taxTypeId: tax.taxTypeId, rate: percentText(tax.rate) })),
    installments: document.installments.map((i) => ({
      dueDate: dateText(i.dueDate),
      amount: moneyText(i.amount),
      code: i.barcode ?? i.pixCode ?? '',
    })),
    paymentMethodId: document.paymentMethodId ?? '',
    accountId: document.accountId ?? '',
    // A rate of zero is no charge, shown blank as it was typed.
    interestRate: document.interestRate ? percentText(document.interestRate) : '',
    fineRate: document.fineRate ? percentText(document.fineRate) : '',
    notes: document.notes ?? '',
  };
}

/** What the server takes: the form's text as typed (the shared schema reads it), money in centavos. */
function toInput(values: Values) {
  const { newPartyMode, installments, ...rest } = values;
  return {
    ...rest,
    grossAmount: centavosOfText(values.grossAmount),
    partyId: newPartyMode ? null : values.partyId || null,
    newParty: newPartyMode ? values.newParty : null,
    installments: installmentsInput(installments),
  };
}

/** The party, what the bill is, its dates and amount: a registered party chosen, or a new one typed in. */
function headerFields(kind: DocumentKind, newPartyMode: boolean): RegistryField[] {
  const party: RegistryField[] = newPartyMode
    ? [
        { key: 'newParty.name', label: f.partyName },
        {
          key: 'newParty.personType',
          label: f.personType,
          kind: 'select',
          half: true,
          options: [
            { value: 'PJ', label: f.personTypes.PJ },
            { value: 'PF', label: f.personTypes.PF },
          ],
        },
        {
          key: 'newParty.document',
          label: f.partyDocument,
          kind: 'document',
          half: true,
          personType: (v) => personTypeOf(v.newParty),
        },
      ]
    : [{ key: 'partyId', label: f.party[kind], kind: 'reference', source: sources[kind] }];
  return [
    ...party,
    { key: 'description', label: f.description },
    {
      key: 'documentType',
      label: f.documentType,
      kind: 'select',
      half: true,
      options: DOCUMENT_TYPES.map((type) => ({ value: type, label: t.documentTypes[type] })),
    },
    { key: 'documentNumber', label: f.documentNumber, half: true },
    { key: 'issueDate', label: f.issueDate, kind: 'date', half: true },
    { key: 'competence', label: f.competence, half: true },
    { key: 'grossAmount', label: f.grossAmount, kind: 'money', half: true },
    { key: 'paymentMethodId', label: f.paymentMethod, kind: 'reference', source: sources.paymentMethods, half: true },
  ];
}
/** The new party's person type, read off the form's values. */
const personTypeOf = (newParty: unknown) => personTypeSchema.safeParse(Object(newParty).personType).data;

const APPORTIONMENT = [apportionmentField(t.drawer.apportionment)];
/** The tax lines: which tax, and this bill's rate, the tax type's registered one shown while left blank. */
const taxFields = (rates: ReadonlyMap<string, number>): RegistryField[] => [
  {
    key: 'taxes',
    label: f.taxes,
    kind: 'lines',
    newLine: () => ({ taxTypeId: '', rate: '' }),
    columns: [
      { key: 'taxTypeId', label: f.tax, kind: 'reference', source: taxSource },
      {
        key: 'rate',
        label: f.taxRate,
        kind: 'percent',
        linePlaceholder: (line) => {
          const rate = rates.get(String(line.taxTypeId));
          return rate === undefined ? undefined : percentText(rate);
        },
      },
    ],
  },
];
const TAIL_FIELDS: RegistryField[] = [
  { key: 'accountId', label: f.account, kind: 'reference', source: sources.accounts, half: true },
  { key: 'interestRate', label: f.interestRate, kind: 'percent', half: true },
  { key: 'fineRate', label: f.fineRate, kind: 'percent', half: true },
  { key: 'notes', label: f.notes },
];

/**
 * The apportionment template the form follows: chosen in the select, or the party's (else the classification's)
 * default found when one is chosen. A default replaces the lines only while they are blank or still the ones a
 * template filled in; lines typed by hand are kept and the template is offered instead.
 */
function useTemplates(kind: DocumentKind, form: () => UseFormReturnType<Values>) {
  /** The template the select shows, and the lines the form last filled in from one (kept until changed by hand). */
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [filled, setFilled] = useState<{ templateId: string; lines: ApportionmentRow[] } | null>(null);
  const partyOf = (id: string) => apportionmentDefaults.party(kind, id);
  const templateOf = (id: string) => apportionmentDefaults.template(id);

  /** The lines become the template's. */
  const fill = (id: string, lines: ApportionmentRow[]) => {
    setTemplateId(id);
    setFilled({ templateId: id, lines });
    form().setFieldValue('lines', lines);
    form().clearFieldError('lines');
  };
  const apply = async (id: string) => {
    const template = await templateOf(id);
    if (template) fill(id, templateRows(template.lines));
  };
  /**
   * A default template found after `trigger` (the values when the party or classification was chosen): it fills the
   * lines when `replace` allows, or else is offered in the select; nothing happens if the person moved on meanwhile.
   */
  const offerDefault = async (trigger: Values, id: string | null | undefined, replace: boolean) => {
    if (!id) return;
    const template = await templateOf(id);
    const now = form().getValues();
    if (template?.status !== 'active' || now.partyId !== trigger.partyId || !sameLines(now.lines, trigger.lines))
      return;
    if (replace) fill(id, templateRows(template.lines));
    else setTemplateId(id);
  };
  /** The party's default apportionment, or else the classification's, when one is chosen. */
  const follow = (values: Values, previous: Values) => {
    if (values.partyId && values.partyId !== previous.partyId) {
      const replace = linesReplaceable(values.lines, filled?.lines ?? null);
      void partyOf(values.partyId).then((party) => offerDefault(values, party?.apportionmentTemplateId, replace));
      return;
    }
    const classificationId = pickedClassification(previous.lines, values.lines);
    if (!classificationId || !blankLines(previous.lines)) return;
    void (async () => {
      const party = values.partyId ? await partyOf(values.partyId) : null;
      if (party?.apportionmentTemplateId) return;
      const classification = await apportionmentDefaults.classification(classificationId);
      await offerDefault(values, classification?.apportionmentTemplateId, true);
    })();
  };
  /** The select offers a template whose lines the form does not hold (changed by hand, or kept when it was found). */
  const kept = (lines: ApportionmentRow[]) =>
    templateId !== null && !(filled?.templateId === templateId && sameLines(lines, filled.lines));
  return { templateId, setTemplateId, apply, follow, kept };
}

/** The template select, and the offer to apply it when the lines do not follow it. */
function TemplatePicker(props: { templates: ReturnType<typeof useTemplates>; lines: ApportionmentRow[] }) {
  const { templates } = props;
  const kept = templates.kept(props.lines);
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <div style={{ flex: 1, minWidth: 220 }}>
          <ReferenceSelect
            label={f.template}
            source={sources.apportionmentTemplates}
            value={templates.templateId}
            onChange={(id) => {
              templates.setTemplateId(id);
              if (id) void templates.apply(id);
            }}
          />
        </div>
        {kept && templates.templateId && (
          <Button variant="light" onClick={() => void templates.apply(templates.templateId ?? '')}>
            {f.applyTemplate}
          </Button>
        )}
      </Group>
      {kept && (
        <Text size="xs" c="dimmed">
          {f.templateKept}
        </Text>
      )}
    </>
  );
}

const typedRate = percentInput();
/** The registered rate of each tax a bill may withhold, by tax type. */
function useTaxRates() {
  const query = useQuery(trpc.ledger.documents.withheldTaxes.queryOptions(undefined, { staleTime: 60_000 }));
  const data = query.data;
  return useMemo(() => new Map((data ?? []).map((tax) => [tax.id, tax.rate])), [data]);
}

/** The bill's gross, what its taxes withhold (at the rate typed, else the registered one), and the net it splits. */
function withholdingOf(values: Values, rates: ReadonlyMap<string, number>) {
  const gross = money(values.grossAmount);
  const taxes = values.taxes.flatMap((tax) => {
    const typed = tax.rate.trim() ? typedRate.safeParse(tax.rate).data : rates.get(tax.taxTypeId);
    return typed === undefined || !rates.has(tax.taxTypeId) ? [] : [{ taxTypeId: tax.taxTypeId, rate: typed }];
  });
  // Rates that pass 100% together are refused by the schema; meanwhile the net is the gross.
  const net = taxes.reduce((sum, tax) => sum + tax.rate, 0) > 10_000 ? gross : withholdings(gross, taxes).net;
  return { gross, net, withheld: gross - net };
}

/**
 * How the net becomes installments: a count, the first due date and a periodicity generate them; with dates typed
 * one by one, the count adds or drops installments at the end and the net is split again.
 */
function ScheduleControls(props: {
  form: UseFormReturnType<Values>;
  net: number;
  initialCount: number;
  periodicity: SchedulePeriodicity;
  onPeriodicity: (p: SchedulePeriodicity) => void;
}) {
  const { form, net, periodicity } = props;
  const [count, setCount] = useState<number | string>(props.initialCount);
  const [firstDue, setFirstDue] = useState('');
  const custom = periodicity === 'custom';
  const validCount = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_SCHEDULE_COUNT;
  /** Dates typed one by one: as many installments as asked, the dates typed kept, the net split again. */
  const resize = (to: number | string) => {
    const n = Number(to);
    if (validCount(n)) form.setFieldValue('installments', resizeInstallments(form.getValues().installments, n, net));
  };
  const generate = () => {
    if (custom) return resize(count);
    const first = parseDateText(firstDue) ?? parseDateText(form.getValues().issueDate);
    const n = Number(count);
    if (!first || !validCount(n) || net < n) return;
    form.setFieldValue(
      'installments',
      schedule({ total: net, count: n, firstDueDate: first, periodicity }).map((i) => ({
        dueDate: dateText(i.dueDate),
        amount: moneyText(i.amount),
        code: '',
      })),
    );
  };
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NumberInput
          label={f.count}
          min={1}
          max={MAX_SCHEDULE_COUNT}
          value={count}
          onChange={(n) => {
            setCount(n);
            if (custom) resize(n);
          }}
          w={170}
        />
        {!custom && <DateField label={f.firstDue} value={firstDue} onChange={setFirstDue} w={160} />}
        <Select
          label={f.periodicity}
          value={periodicity}
          onChange={(v) => {
            const chosen = SCHEDULE_PERIODICITIES.find((p) => p === v);
            if (!chosen) return;
            props.onPeriodicity(chosen);
            if (chosen === 'custom') resize(count);
          }}
          allowDeselect={false}
          data={SCHEDULE_PERIODICITIES.map((p) => ({ value: p, label: f.periodicities[p] }))}
          w={200}
        />
        <Button variant="light" onClick={generate} disabled={net <= 0}>
          {custom ? f.splitAmount : f.generate}
        </Button>
      </Group>
      {custom && (
        <Text size="xs" c="dimmed">
          {f.customHint}
        </Text>
      )}
    </>
  );
}

/** Creates the document, or saves the one being changed; a refusal naming a field lands on that field. */
function useSaveDocument(
  form: () => UseFormReturnType<Values>,
  props: { kind: DocumentKind; document?: LedgerDocument; onDone: (id: string) => void },
) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const { document, kind } = props;
  const saved = {
    onSuccess: async (result: { id: string }) => {
      await queryClient.invalidateQueries(trpc.ledger.pathFilter());
      notifySuccess(document ? t.updated[kind] : t.created[kind]);
      props.onDone(result.id);
    },
    onError: (error: unknown) => {
      const refusal = fieldRefusal(error, () => undefined);
      if (!refusal) return notifyApiError(error);
      form().setFieldError(refusal.field, refusal.error);
      revealField(form(), refusal.field);
    },
  };
  const create = useMutation(trpc.ledger.documents.create.mutationOptions(saved));
  const update = useMutation(trpc.ledger.documents.update.mutationOptions(saved));
  const save = (v: Values) =>
    document
      ? update.mutate({
          ...toInput(v),
          id: document.id,
          version: document.version,
          // The same number of installments keeps them (and their payments); another number writes them anew.
          installmentIds:
            v.installments.length === document.installments.length ? document.installments.map((i) => i.id) : undefined,
        })
      : create.mutate({ ...toInput(v), idempotencyKey });
  return { save, pending: create.isPending || update.isPending };
}

function DocumentFormBody(props: {
  kind: DocumentKind;
  /** The document being changed; none for a new one. */
  document?: LedgerDocument;
  onDirty: (dirty: boolean) => void;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const { kind, document } = props;
  const rules = schemaResolver(documentCreateInput, { sync: true });
  const [periodicity, setPeriodicity] = useState<SchedulePeriodicity>('monthly');
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues: document ? valuesOf(document) : initialValues(kind),
    validate: (values) => ({
      // Dates typed one by one must also come in order, each once; the schema's own words come first.
      ...(periodicity === 'custom' ? customDateErrors(values.installments) : {}),
      ...rules(toInput(values)),
    }),
    onValuesChange: (values, previous) => templates.follow(values, previous),
  });
  const templates = useTemplates(kind, () => form);
  const saving = useSaveDocument(() => form, props);
  useReportDirty(form.isDirty(), props.onDirty);
  const values = form.getValues();
  const rates = useTaxRates();
  const { gross, net, withheld } = withholdingOf(values, rates);
  const taxLines = useMemo(() => taxFields(rates), [rates]);
  const amounts = lineAmounts(gross, values.lines);
  const submit = form.onSubmit(saving.save);

  return (
    <form onSubmit={submit} onKeyDown={getHotkeyHandler([['mod+Enter', () => submit()]])}>
      <Stack>
        {document && document.payments.length > 0 && (
          <Alert color="blue" p="xs">
            {f.paidLimits}
          </Alert>
        )}
        <Switch
          label={f.newParty}
          checked={values.newPartyMode}
          onChange={(e) => form.setFieldValue('newPartyMode', e.currentTarget.checked)}
        />
        <FormFields form={form} fields={headerFields(kind, values.newPartyMode)} schema={documentCreateInput} />
        <ClosedMonthAlert dates={[values.competence]} />
        <TemplatePicker templates={templates} lines={values.lines} />
        <FormFields form={form} fields={APPORTIONMENT} schema={documentCreateInput} autoFocus={false} />
        {amounts && values.lines.length > 1 && (
          <Text size="xs" c="dimmed">
            {f.lineAmounts(amounts.map(formatBRL).join(' · '))}
          </Text>
        )}
        <FormFields form={form} fields={taxLines} schema={documentCreateInput} autoFocus={false} />
        {gross > 0 && (
          <Text size="sm" fw={600} aria-live="polite">
            {f.grossWithheldNet(formatBRL(gross), formatBRL(withheld), formatBRL(net))}
          </Text>
        )}
        <Title order={5} mt="sm">
          {f.installments}
        </Title>
        <ScheduleControls
          form={form}
          net={net}
          initialCount={document?.installments.length ?? 1}
          periodicity={periodicity}
          onPeriodicity={setPeriodicity}
        />
        {/* Saved before any installment was generated: the reason goes where they would be, not nowhere. */}
        {values.installments.length === 0 && typeof form.errors.installments === 'string' && (
          <Text size="xs" c="red">
            {form.errors.installments}
          </Text>
        )}
        {values.installments.length > 0 && <InstallmentsEditor form={form} expected={net} expectedName={f.net} />}
        <FormFields form={form} fields={TAIL_FIELDS} schema={documentCreateInput} autoFocus={false} />
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="dimmed">
            {f.saveHint}
          </Text>
          <Group>
            <Button variant="default" onClick={props.onCancel}>
              {common.cancel}
            </Button>
            <Button type="submit" loading={saving.pending}>
              {document ? common.save : f.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** A stored document loaded into the form (the drawer's copy when it is fresh). */
function EditBody(props: { documentId: string; body: (document: LedgerDocument) => ReactNode }) {
  const document = useQuery(trpc.ledger.documents.get.queryOptions({ id: props.documentId }));
  if (document.isPending) return <Loader aria-label={f.loading} />;
  if (document.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        {document.error.message}
      </Alert>
    );
  }
  return props.body(document.data);
}

/**
 * The drawer where a payable or receivable is typed in, or with `documentId` changed: party, amounts, apportionment,
 * taxes and installments.
 */
export function DocumentForm(props: {
  kind: DocumentKind;
  documentId?: string;
  opened: boolean;
  onClose: (createdId?: string) => void;
}) {
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const body = (document?: LedgerDocument) => (
    <DocumentFormBody
      kind={props.kind}
      document={document}
      onDirty={setDirty}
      onDone={(id) => {
        setDirty(false);
        props.onClose(document ? undefined : id);
      }}
      onCancel={() => unsaved.confirmClose(() => props.onClose())}
    />
  );
  return (
    <>
      <Drawer
        opened={props.opened}
        onClose={() => unsaved.confirmClose(() => props.onClose())}
        position="right"
        size="xl"
        title={props.documentId ? t.edit[props.kind] : t.new[props.kind]}
      >
        {props.opened && (props.documentId ? <EditBody documentId={props.documentId} body={body} /> : body())}
      </Drawer>
      {unsaved.dialog}
    </>
  );
}
