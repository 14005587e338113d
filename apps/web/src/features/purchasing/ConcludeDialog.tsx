import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileCode, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type MouseEvent } from 'react';
import type { PurchasingRouter } from '@financeiro/server/api';
import {
  addDays,
  typedCentavos,
  formatBRL,
  formatCalendarDate,
  formatDocument,
  purchaseConcludeInput,
  todayInSaoPaulo,
  type Nfe,
} from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { purchaseOrderFormMessages } from '../../i18n/purchase-order-form';
import { apiErrorMessage } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { DateField } from '../../ui/DateField';
import { inCentavos } from '../../ui/money-fields';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { MoneyInput } from '../ledger/MoneyInput';
import { ledgerSources } from '../ledger/sources';
import { moneyText, ReferenceSelect } from '../registries/fields';
import { xmlText } from '../../ui/xml-text';

const t = purchaseOrderFormMessages.conclude;
const common = appMessages.common;
const sources = ledgerSources;

type OrderDetail = inferRouterOutputs<PurchasingRouter>['get'];

interface InstallmentRow {
  dueDate: string;
  amount: string;
}
interface Values {
  classificationId: string;
  costCentreId: string;
  paymentMethodId: string;
  accountId: string;
  issueDate: string;
  documentNumber: string;
  installments: InstallmentRow[];
}
/** An attached NF-e: its text as sent to the server, what it says, and where it disagrees with the order. */
interface Attached {
  fileName: string;
  xml: string;
  nfe: Nfe;
  disagreements: string[];
  duplicatesProblem: string | null;
}

/** Same wording as the server's refusal of a payable without them. */
const MISSING_APPORTIONMENT = 'Informe a classificação e o centro de custo da conta a pagar.';
const PAYABLE_PATH = '/contas/pagar';

const money = (text: string) => typedCentavos(text, 0) ?? 0;
/** "3526 0312 3456 …": the access key as a person reads it against the DANFE. */
const accessKeyText = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Without a note: today's issue, one installment of the order's total due in thirty days. */
function withoutNfe(order: OrderDetail): Pick<Values, 'issueDate' | 'documentNumber' | 'installments'> {
  const today = todayInSaoPaulo();
  return {
    issueDate: formatCalendarDate(today),
    documentNumber: '',
    installments: [{ dueDate: formatCalendarDate(addDays(today, 30)), amount: moneyText(order.total) }],
  };
}

function ConcludeBody(props: { order: OrderDetail; onClose: () => void; onConcluded: (payableId: string) => void }) {
  const { order } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idempotencyKey = useIdempotencyKey();
  const [attached, setAttached] = useState<Attached | null>(null);
  const [reading, setReading] = useState(false);
  const [nfeError, setNfeError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rules = schemaResolver(purchaseConcludeInput, { sync: true });

  const toInput = (values: Values) => ({
    ...values,
    id: order.id,
    version: order.version,
    installments: values.installments.map((i) => ({ ...inCentavos(i, ['amount']), barcode: null, pixCode: null })),
    nfeXml: attached?.xml ?? null,
    idempotencyKey,
  });
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
  const values = form.getValues();
  const expected = attached?.nfe.total ?? order.total;
  const sum = values.installments.reduce((total, i) => total + money(i.amount), 0);

  const attach = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setNfeError(null);
    try {
      const [xml, reader] = await Promise.all([xmlText(file), import('./nfe-reader')]);
      const read = reader.parseNfe(xml);
      if (!read.ok) {
        setNfeError(read.message);
        return;
      }
      const { nfe } = read;
      const proposed = reader.installmentsFromNfe(nfe);
      setAttached({
        fileName: file.name,
        xml,
        nfe,
        disagreements: reader.compareNfeWithOrder(nfe, {
          total: order.total,
          supplierDocument: order.supplierDocument,
          organizationDocument: order.organizationCnpj,
        }),
        duplicatesProblem: proposed.duplicatesProblem,
      });
      form.setValues({
        issueDate: formatCalendarDate(nfe.issueDate),
        documentNumber: `${nfe.number}/${nfe.series}`,
        installments: proposed.installments.map((i) => ({
          dueDate: formatCalendarDate(i.dueDate),
          amount: moneyText(i.amount),
        })),
      });
    } finally {
      setReading(false);
    }
  };
  const detach = () => {
    setAttached(null);
    setNfeError(null);
    form.setValues(withoutNfe(order));
  };

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
        <Paper withBorder p="sm">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <div>
              <Text size="xs" c="dimmed">
                {t.order(order.number)}
              </Text>
              <Text fw={600}>{order.department}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t.supplier}
              </Text>
              <Text fw={600}>{order.supplier ?? '—'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t.total}
              </Text>
              <Text fw={600}>{formatBRL(order.total)}</Text>
            </div>
          </SimpleGrid>
        </Paper>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <ReferenceSelect
            label={t.classification}
            source={sources.classifications}
            required
            value={values.classificationId || null}
            onChange={(id) => form.setFieldValue('classificationId', id ?? '')}
            error={form.errors.classificationId}
          />
          <ReferenceSelect
            label={t.costCentre}
            source={sources.costCentres}
            required
            value={values.costCentreId || null}
            onChange={(id) => form.setFieldValue('costCentreId', id ?? '')}
            error={form.errors.costCentreId}
          />
          <ReferenceSelect
            label={t.paymentMethod}
            source={sources.paymentMethods}
            value={values.paymentMethodId || null}
            onChange={(id) => form.setFieldValue('paymentMethodId', id ?? '')}
            error={form.errors.paymentMethodId}
          />
          <ReferenceSelect
            label={t.account}
            source={sources.accounts}
            value={values.accountId || null}
            onChange={(id) => form.setFieldValue('accountId', id ?? '')}
            error={form.errors.accountId}
          />
        </SimpleGrid>

        <Group gap="xs">
          <FileButton onChange={(file) => void attach(file)} accept=".xml,text/xml,application/xml">
            {(buttonProps) => (
              <Button {...buttonProps} variant="light" leftSection={<IconFileCode size={16} />} loading={reading}>
                {t.attachNfe}
              </Button>
            )}
          </FileButton>
          {attached && (
            <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={detach}>
              {t.removeNfe}
            </Button>
          )}
          {reading && <Loader size="xs" aria-label={t.reading} />}
        </Group>
        {nfeError && (
          <Alert color="red" icon={<IconAlertTriangle />} p="xs">
            {nfeError}
          </Alert>
        )}
        {attached && (
          <Paper withBorder p="sm">
            <Stack gap={4}>
              <Text fw={700}>
                {t.nfe} · {attached.fileName}
              </Text>
              <Text size="sm">
                {t.accessKey}: <span style={{ fontFamily: 'monospace' }}>{accessKeyText(attached.nfe.accessKey)}</span>
              </Text>
              <Text size="sm">{t.numberSeries(attached.nfe.number, attached.nfe.series)}</Text>
              <Text size="sm">
                {t.issuer}: {attached.nfe.issuer.name} ({formatDocument(attached.nfe.issuer.document)})
              </Text>
              <Text size="sm">
                {t.nfeTotal}: {formatBRL(attached.nfe.total)}
              </Text>
            </Stack>
          </Paper>
        )}
        {attached && attached.disagreements.length > 0 && (
          <Alert color="yellow" icon={<IconAlertTriangle />} title={t.disagreements} p="xs">
            <List size="sm">
              {attached.disagreements.map((d) => (
                <List.Item key={d}>{d}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {attached?.duplicatesProblem && (
          <Alert color="yellow" icon={<IconAlertTriangle />} p="xs">
            {attached.duplicatesProblem}
          </Alert>
        )}

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

        <Title order={5}>{t.installments}</Title>
        {values.installments.map((installment, i) => {
          const path = `installments.${i}`;
          return (
            <Group key={form.key(path)} align="flex-start" wrap="nowrap" gap="xs">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
                <DateField
                  label={t.dueDate}
                  withAsterisk
                  value={installment.dueDate}
                  onChange={(v) => form.setFieldValue(`${path}.dueDate`, v)}
                  error={form.errors[`${path}.dueDate`]}
                />
                <MoneyInput
                  label={t.amount}
                  required
                  value={installment.amount}
                  onChange={(v) => form.setFieldValue(`${path}.amount`, v)}
                  error={form.errors[`${path}.amount`]}
                />
              </SimpleGrid>
              <ActionIcon
                mt={28}
                variant="subtle"
                color="red"
                aria-label={t.removeInstallment(i + 1)}
                disabled={values.installments.length === 1}
                onClick={() => form.removeListItem('installments', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {typeof form.errors.installments === 'string' && (
          <Text size="xs" c="red">
            {form.errors.installments}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('installments', { dueDate: '', amount: '' })}
          >
            {t.addInstallment}
          </Button>
          <Text size="sm" fw={600} c={sum === expected ? 'teal' : 'orange'} aria-live="polite">
            {t.sum(formatBRL(sum), formatBRL(expected))}
          </Text>
        </Group>

        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle />} p="xs">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            {common.cancel}
          </Button>
          <Button type="submit" loading={conclude.isPending}>
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
