import {
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileCode, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type MouseEvent } from 'react';
import type { PurchasingRouter } from '@financeiro/server/api';
import {
  addDays,
  formatBRL,
  formatCalendarDate,
  formatDocument,
  installmentsFromNfe,
  moneyText,
  NFE_DIFFERENCE_CHOICES,
  NFE_DIFFERENCE_LABELS,
  purchaseConcludeInput,
  todayInSaoPaulo,
  type Nfe,
  type NfeDifferenceChoice,
  type NfeInstallments,
  type PurchaseConcludeInput,
} from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { purchaseOrderFormMessages } from '../../i18n/purchase-order-form';
import { apiErrorMessage } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { DateField } from '../../ui/DateField';
import type { FormValues } from '../../ui/form-values';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { installmentsInput, type InstallmentRow } from '../ledger/document-rows';
import { InstallmentsEditor } from '../ledger/InstallmentsEditor';
import { ledgerSources } from '../ledger/sources';
import { ReferenceSelect, type OptionSource } from '../registries/fields';
import { xmlText } from '../../ui/xml-text';
import { LateNoteAlert } from '../closing/LateNoteAlert';
import { useConclusionCompetence } from './use-conclusion-competence';

const t = purchaseOrderFormMessages.conclude;
const common = appMessages.common;
const sources = ledgerSources;

type OrderDetail = inferRouterOutputs<PurchasingRouter>['get'];

type Values = FormValues<
  PurchaseConcludeInput,
  'classificationId' | 'costCentreId' | 'paymentMethodId' | 'accountId' | 'issueDate' | 'documentNumber'
> & { installments: InstallmentRow[] };

/**
 * An attached NF-e: its text as sent to the server, what it says, where it disagrees with the order, and how the
 * difference between its duplicatas and its total is treated (null until chosen, or when they agree).
 */
interface Attached {
  fileName: string;
  xml: string;
  nfe: Nfe;
  disagreements: string[];
  choice: NfeDifferenceChoice | null;
}

/** Same wording as the server's refusal of a payable without them. */
const MISSING_APPORTIONMENT = 'Informe a classificação e o centro de custo da conta a pagar.';
const PAYABLE_PATH = '/contas/pagar';

/** "3526 0312 3456 …": the access key as a person reads it against the DANFE. */
const accessKeyText = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Without a note: today's issue, one installment of the order's total due in thirty days. */
function withoutNfe(order: OrderDetail): Pick<Values, 'issueDate' | 'documentNumber' | 'installments'> {
  const today = todayInSaoPaulo();
  return {
    issueDate: formatCalendarDate(today),
    documentNumber: '',
    installments: [{ dueDate: formatCalendarDate(addDays(today, 30)), amount: moneyText(order.total), code: '' }],
  };
}

/** The installments a note proposes with the difference treated as chosen, as the form holds them. */
const proposedRows = (proposed: NfeInstallments): InstallmentRow[] =>
  proposed.installments.map((i) => ({ dueDate: formatCalendarDate(i.dueDate), amount: moneyText(i.amount), code: '' }));

/** The order being concluded: number, department, supplier and approved total. */
function OrderSummary({ order }: { order: OrderDetail }) {
  const fact = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {fact(t.order(order.number), order.department)}
        {fact(t.supplier, order.supplier ?? '—')}
        {fact(t.total, formatBRL(order.total))}
      </SimpleGrid>
    </Paper>
  );
}

/** Classification, cost centre, payment method and account of the payable. */
function PayableReferences({ form }: { form: UseFormReturnType<Values> }) {
  const values = form.getValues();
  const select = (
    key: 'classificationId' | 'costCentreId' | 'paymentMethodId' | 'accountId',
    label: string,
    source: OptionSource,
    required = false,
  ) => (
    <ReferenceSelect
      label={label}
      source={source}
      required={required}
      value={values[key] || null}
      onChange={(id) => form.setFieldValue(key, id ?? '')}
      error={form.errors[key]}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      {select('classificationId', t.classification, sources.classifications, true)}
      {select('costCentreId', t.costCentre, sources.costCentres, true)}
      {select('paymentMethodId', t.paymentMethod, sources.paymentMethods)}
      {select('accountId', t.account, sources.accounts)}
    </SimpleGrid>
  );
}

/**
 * The attached note as the DANFE names it, where it disagrees with the order, and, when its duplicatas do not add up
 * to its total, the choice of what the difference is.
 */
function AttachedNfe(props: {
  attached: Attached;
  proposed: NfeInstallments;
  onChoose: (c: NfeDifferenceChoice) => void;
}) {
  const { attached, proposed } = props;
  const { nfe } = attached;
  return (
    <>
      <Paper withBorder p="sm">
        <Stack gap={4}>
          <Text fw={700}>
            {t.nfe} · {attached.fileName}
          </Text>
          <Text size="sm">
            {t.accessKey}: <span style={{ fontFamily: 'monospace' }}>{accessKeyText(nfe.accessKey)}</span>
          </Text>
          <Text size="sm">{t.numberSeries(nfe.number, nfe.series)}</Text>
          <Text size="sm">
            {t.issuer}: {nfe.issuer.name} ({formatDocument(nfe.issuer.document)})
          </Text>
          <Text size="sm">
            {t.nfeTotal}: {formatBRL(nfe.total)}
          </Text>
        </Stack>
      </Paper>
      {attached.disagreements.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle />} title={t.disagreements} p="xs">
          <List size="sm">
            {attached.disagreements.map((d) => (
              <List.Item key={d}>{d}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {proposed.difference !== 0 && (
        <Radio.Group
          label={t.nfeDifference}
          value={attached.choice}
          onChange={(v) => {
            const choice = NFE_DIFFERENCE_CHOICES.find((c) => c === v);
            if (choice) props.onChoose(choice);
          }}
        >
          <Stack gap={4} mt={4}>
            {NFE_DIFFERENCE_CHOICES.map((c) => (
              <Radio key={c} value={c} label={NFE_DIFFERENCE_LABELS[c]} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {proposed.duplicatesProblem && (
        <Alert color="yellow" icon={<IconAlertTriangle />} p="xs">
          {proposed.duplicatesProblem}
        </Alert>
      )}
    </>
  );
}

/** The order's NF-e XML attached, read in the browser: the note's facts fill the form, or the reading's refusal. */
function useAttachedNfe(order: OrderDetail, form: UseFormReturnType<Values>) {
  const [attached, setAttached] = useState<Attached | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const proposed = attached ? installmentsFromNfe(attached.nfe, attached.choice) : null;
  const attach = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setError(null);
    try {
      const [xml, reader] = await Promise.all([xmlText(file), import('./nfe-reader')]);
      const read = reader.parseNfe(xml);
      if (!read.ok) return setError(read.message);
      const { nfe } = read;
      const disagreements = reader.compareNfeWithOrder(nfe, {
        total: order.total,
        supplierDocument: order.supplierDocument,
        organizationDocument: order.organizationCnpj,
      });
      setAttached({ fileName: file.name, xml, nfe, disagreements, choice: null });
      form.setValues({
        issueDate: formatCalendarDate(nfe.issueDate),
        documentNumber: `${nfe.number}/${nfe.series}`,
        installments: proposedRows(installmentsFromNfe(nfe)),
      });
    } finally {
      setReading(false);
    }
  };
  const choose = (choice: NfeDifferenceChoice) => {
    if (!attached) return;
    setAttached({ ...attached, choice });
    form.setFieldValue('installments', proposedRows(installmentsFromNfe(attached.nfe, choice)));
  };
  const detach = () => {
    setAttached(null);
    setError(null);
    form.setValues(withoutNfe(order));
  };
  return { attached, proposed, reading, error, attach, choose, detach };
}

function ConcludeBody(props: { order: OrderDetail; onClose: () => void; onConcluded: (payableId: string) => void }) {
  const { order } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idempotencyKey = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const rules = schemaResolver(purchaseConcludeInput, { sync: true });
  const form = useForm<Values>({
    initialValues: {
      classificationId: order.classificationId ?? '',
      costCentreId: order.costCentreId ?? '',
      paymentMethodId: '',
      accountId: '',
      ...withoutNfe(order),
    },
    validate: (values) => ({
      ...(values.classificationId ? {} : { classificationId: MISSING_APPORTIONMENT }),
      ...(values.costCentreId ? {} : { costCentreId: MISSING_APPORTIONMENT }),
      ...rules(toInput(values)),
    }),
  });
  const nfe = useAttachedNfe(order, form);
  const { attached } = nfe;
  const values = form.getValues();
  const competence = useConclusionCompetence(order.id, values.issueDate);
  function toInput(values: Values) {
    return {
      ...values,
      id: order.id,
      version: order.version,
      competence: competence.competence,
      installments: installmentsInput(values.installments),
      nfeXml: attached?.xml ?? null,
      nfeDifference: attached?.choice ?? null,
      idempotencyKey,
    };
  }

  /** The payable opens in its list's drawer, without reloading the app. */
  const openPayable = (payableId: string) => (event: MouseEvent) => {
    event.preventDefault();
    void navigate({ to: PAYABLE_PATH, search: { doc: payableId } });
  };
  const conclude = useMutation(
    trpc.purchasing.conclude.mutationOptions({
      onSuccess: async ({ payableId }) => {
        await queryClient.invalidateQueries(trpc.purchasing.pathFilter());
        await queryClient.invalidateQueries(trpc.ledger.pathFilter());
        notifications.show({
          color: 'green',
          message: (
            <>
              {t.concluded(order.number)}{' '}
              <Anchor
                href={`${PAYABLE_PATH}?doc=${payableId}`}
                onClick={openPayable(payableId)}
                fz="inherit"
                underline="always"
              >
                {t.openPayable}
              </Anchor>
            </>
          ),
        });
        props.onConcluded(payableId);
      },
      onError: (error) => setRefusal(apiErrorMessage(error)),
    }),
  );
  const submit = form.onSubmit((v) => {
    setRefusal(null);
    conclude.mutate(toInput(v));
  });

  return (
    <form onSubmit={submit} onKeyDown={getHotkeyHandler([['mod+Enter', () => submit()]])}>
      <Stack>
        <OrderSummary order={order} />
        <PayableReferences form={form} />
        <Group gap="xs">
          <FileButton onChange={(file) => void nfe.attach(file)} accept=".xml,text/xml,application/xml">
            {(buttonProps) => (
              <Button {...buttonProps} variant="light" leftSection={<IconFileCode size={16} />} loading={nfe.reading}>
                {t.attachNfe}
              </Button>
            )}
          </FileButton>
          {attached && (
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={nfe.detach}>
              {t.removeNfe}
            </Button>
          )}
          {nfe.reading && <Loader size="xs" aria-label={t.reading} />}
        </Group>
        {nfe.error && (
          <Alert color="red" icon={<IconAlertTriangle />} p="xs">
            {nfe.error}
          </Alert>
        )}
        {attached && nfe.proposed && <AttachedNfe attached={attached} proposed={nfe.proposed} onChoose={nfe.choose} />}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateField
            label={t.issueDate}
            withAsterisk
            // The note's own date is the payable's.
            disabled={attached !== null}
            {...form.getInputProps('issueDate')}
            value={values.issueDate}
            onChange={(v) => form.setFieldValue('issueDate', v)}
          />
          <TextInput label={t.documentNumber} disabled={attached !== null} {...form.getInputProps('documentNumber')} />
        </SimpleGrid>
        <LateNoteAlert note={competence.note} accepted={competence.accepted} onAccept={competence.setAccepted} />
        <Title order={5}>{t.installments}</Title>
        <InstallmentsEditor
          form={form}
          expected={nfe.proposed?.grossAmount ?? order.total}
          expectedName={attached ? t.ofNote : t.ofOrder}
        />
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle />} p="xs">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {common.cancel}
          </Button>
          <Button type="submit" loading={conclude.isPending} disabled={!competence.ready}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Concludes an approved order into its payable: classification and cost centre, the supplier's NF-e when there is
 * one (read in the browser, its disagreements with the order shown, its duplicatas proposed as installments), and
 * the installments. Closed while `order` is null.
 */
export function ConcludeOrderModal(props: {
  order: OrderDetail | null;
  onClose: () => void;
  onConcluded: (payableId: string) => void;
}) {
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const { order } = props;
  return (
    <Modal
      opened={order !== null}
      onClose={props.onClose}
      title={order ? t.title(order.number) : ''}
      size="xl"
      fullScreen={phone}
    >
      {order && <ConcludeBody key={order.id} order={order} onClose={props.onClose} onConcluded={props.onConcluded} />}
    </Modal>
  );
}
