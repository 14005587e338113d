import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import type { z } from 'zod';
import type { PurchasingRouter } from '@financeiro/server/api';
import type { purchaseItemInput, purchaseQuotationInput } from '@financeiro/core';
import {
  can,
  typedCentavos,
  formatBRL,
  formatCalendarDate,
  MAX_QUOTATIONS,
  PRODUCT_UNITS,
  purchaseLineTotal,
  purchaseOrderInput,
  purchaseOrderTotal,
  QUANTITY_SCALE,
  quantityInput,
  type PurchaseOrderInput,
} from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { purchaseOrderFormMessages } from '../../i18n/purchase-order-form';
import { useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';
import { notifyApiError } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { DateField } from '../../ui/DateField';
import { fieldRefusal, revealField } from '../../ui/field-error';
import { notifySuccess } from '../../ui/notify';
import { inCentavos } from '../../ui/money-fields';
import type { FormValues } from '../../ui/form-values';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty, useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { MoneyInput } from '../ledger/MoneyInput';
import { ledgerSources } from '../ledger/sources';
import { moneyText, ReferenceSelect, type Option, type OptionSource } from '../registries/fields';
import { registryOption, registrySource } from '../registries/sources';

const t = purchaseOrderFormMessages.form;
const common = appMessages.common;

type OrderDetail = inferRouterOutputs<PurchasingRouter>['get'];

type ItemRow = FormValues<
  z.input<typeof purchaseItemInput>,
  'productId' | 'description' | 'quantity' | 'unit' | 'unitPrice',
  'quantity' | 'unitPrice'
>;
type QuotationRow = FormValues<
  z.input<typeof purchaseQuotationInput>,
  'supplierId' | 'total' | 'deliveryDays' | 'paymentTerms' | 'notes',
  'total' | 'deliveryDays'
>;
/** The chosen quotation is its position, as the radio holds it; blank while none is chosen. */
type Values = FormValues<
  PurchaseOrderInput,
  | 'departmentId'
  | 'supplierId'
  | 'neededBy'
  | 'justification'
  | 'classificationId'
  | 'costCentreId'
  | 'chosenQuotation'
  | 'quotationReason',
  'chosenQuotation'
> & { items: ItemRow[]; quotations: QuotationRow[] };
type OrderForm = UseFormReturnType<Values>;

const productSource = registrySource(trpc.registries.products.options);
const sources = ledgerSources;
const UNITS = PRODUCT_UNITS.map((u) => ({ value: u, label: u }));
/** Statuses where a change of the total sends the order back to its approvers. */
const APPROVAL_STATUSES: readonly string[] = ['aguardando_aprovacao', 'aprovada'];

const blankItem = (): ItemRow => ({ productId: '', description: '', quantity: '1', unit: 'UN', unitPrice: '' });
const blankQuotation = (): QuotationRow => ({
  supplierId: '',
  total: '',
  deliveryDays: '',
  paymentTerms: '',
  notes: '',
});

/** Thousandths as a person types a quantity: "2,5", never with a thousands separator. */
const quantityText = (quantity: number) =>
  (quantity / QUANTITY_SCALE).toLocaleString('pt-BR', { maximumFractionDigits: 3, useGrouping: false });

/** A line's total while it is typed, or null until its quantity and price read. */
function lineTotal(item: ItemRow): number | null {
  const quantity = quantityInput.safeParse(item.quantity).data;
  const price = typedCentavos(item.unitPrice, 0);
  return quantity === undefined || price === undefined ? null : purchaseLineTotal(quantity, price);
}

function valuesOf(order: OrderDetail): Values {
  return {
    departmentId: order.departmentId,
    supplierId: order.supplierId ?? '',
    neededBy: order.neededBy ? formatCalendarDate(order.neededBy) : '',
    justification: order.justification,
    classificationId: order.classificationId ?? '',
    costCentreId: order.costCentreId ?? '',
    items: order.items.map((item) => ({
      productId: item.productId ?? '',
      description: item.description,
      quantity: quantityText(item.quantity),
      unit: item.unit,
      unitPrice: moneyText(item.unitPrice),
    })),
    quotations: order.quotations.map((q) => ({
      supplierId: q.supplierId,
      total: moneyText(q.total),
      deliveryDays: q.deliveryDays === null ? '' : String(q.deliveryDays),
      paymentTerms: q.paymentTerms ?? '',
      notes: q.notes ?? '',
    })),
    chosenQuotation: order.chosenQuotation === null ? '' : String(order.chosenQuotation),
    quotationReason: order.quotationReason ?? '',
  };
}

/** The chosen quotation, whose supplier is the order's. */
const chosenOf = (values: Values) =>
  values.chosenQuotation === '' ? undefined : values.quotations[Number(values.chosenQuotation)];

/**
 * What the server takes: the text as typed (the shared schema reads it), money in centavos, the supplier the chosen
 * quotation's.
 */
function toInput(values: Values): PurchaseOrderInput {
  const chosen = chosenOf(values);
  return {
    ...values,
    supplierId: chosen ? chosen.supplierId : values.supplierId,
    items: values.items.map((item) => inCentavos(item, ['unitPrice'])),
    quotations: values.quotations.map((q) => inCentavos(q, ['total'])),
    chosenQuotation: values.chosenQuotation === '' ? null : Number(values.chosenQuotation),
  };
}

/** The departments where the person may make orders; only the one they work in when they work in one. */
function useDepartments(): { value: string; label: string }[] {
  const memberships = useSessionStore((s) => s.tenants);
  const organizationId = useTenantStore((s) => s.selectedOrganization);
  const working = useTenantStore((s) => s.selectedDepartment);
  const organization = memberships.find((m) => m.organization.id === organizationId)?.organization;
  return (organization?.units ?? [])
    .filter((unit) => unit.status === 'active')
    .flatMap((unit) =>
      unit.departments
        .filter(
          (d) =>
            d.status === 'active' &&
            (!working || d.id === working) &&
            can(memberships, { organizationId, unitId: unit.id, departmentId: d.id }, 'editar_pedidos_compra'),
        )
        .map((d) => ({ value: d.id, label: `${unit.name} · ${d.name}` })),
    );
}

/** The department, when it is needed, why, and the supplier, classification and cost centre of the order. */
function OrderHeader(props: { form: OrderForm; order: OrderDetail | null; departments: Option[] }) {
  const { form, order } = props;
  const working = useTenantStore((s) => s.selectedDepartment);
  const values = form.getValues();
  const chosen = chosenOf(values);
  const departmentOptions = order
    ? [{ value: order.departmentId, label: `${order.unit} · ${order.department}` }]
    : props.departments;
  const reference = (key: 'classificationId' | 'costCentreId', label: string, source: OptionSource) => (
    <ReferenceSelect
      label={label}
      source={source}
      value={values[key] || null}
      onChange={(id) => form.setFieldValue(key, id ?? '')}
      error={form.errors[key]}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t.department}
          data={departmentOptions}
          withAsterisk
          allowDeselect={false}
          searchable
          // Fixed when editing (an order stays in its department) or when the person works in one department.
          disabled={Boolean(order) || Boolean(working)}
          data-autofocus={!order && !working ? true : undefined}
          {...form.getInputProps('departmentId')}
        />
        <DateField
          label={t.neededBy}
          {...form.getInputProps('neededBy')}
          value={values.neededBy}
          onChange={(v) => form.setFieldValue('neededBy', v)}
        />
      </SimpleGrid>
      <Textarea
        label={t.justification}
        withAsterisk
        autosize
        minRows={2}
        maxRows={6}
        data-autofocus={order || working ? true : undefined}
        {...form.getInputProps('justification')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <div>
          <ReferenceSelect
            label={t.supplier}
            source={sources.suppliers}
            value={(chosen ? chosen.supplierId : values.supplierId) || null}
            onChange={(id) => form.setFieldValue('supplierId', id ?? '')}
            error={form.errors.supplierId}
          />
          {chosen && (
            <Text size="xs" c="dimmed">
              {t.supplierFromQuotation}
            </Text>
          )}
        </div>
        {reference('classificationId', t.classification, sources.classifications)}
        {reference('costCentreId', t.costCentre, sources.costCentres)}
      </SimpleGrid>
    </>
  );
}

/** One item: a product (which fills the rest) or free text, quantity, unit, unit price and the line's total. */
function ItemLine(props: { form: OrderForm; index: number; item: ItemRow; removable: boolean }) {
  const { form, index: i, item } = props;
  const path = `items.${i}`;
  const lineAmount = lineTotal(item);
  /** A product picked on a line fills its description, unit and price, and the order's classification when blank. */
  const pickProduct = async (productId: string | null) => {
    form.setFieldValue(`items.${i}.productId`, productId ?? '');
    if (!productId) return;
    const product = await registryOption(trpc.registries.products.options, productId);
    if (!product || form.getValues().items[i]?.productId !== productId) return;
    form.setFieldValue(`items.${i}.description`, product.name);
    form.setFieldValue(`items.${i}.unit`, product.unit);
    form.setFieldValue(`items.${i}.unitPrice`, moneyText(product.price));
    if (product.classificationId && !form.getValues().classificationId)
      form.setFieldValue('classificationId', product.classificationId);
  };
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs">
      <Grid columns={24} gap="xs" style={{ flex: 1 }}>
        <Grid.Col span={{ base: 24, sm: 5 }}>
          <ReferenceSelect
            label={t.product}
            source={productSource}
            value={item.productId || null}
            onChange={(id) => void pickProduct(id)}
            error={form.errors[`${path}.productId`]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 6 }}>
          <TextInput label={t.description} withAsterisk {...form.getInputProps(`${path}.description`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 3 }}>
          <TextInput label={t.quantity} withAsterisk inputMode="decimal" {...form.getInputProps(`${path}.quantity`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 3 }}>
          <Select
            label={t.unit}
            withAsterisk
            data={UNITS}
            allowDeselect={false}
            searchable
            {...form.getInputProps(`${path}.unit`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 4 }}>
          <MoneyInput
            label={t.unitPrice}
            required
            value={item.unitPrice}
            onChange={(v) => form.setFieldValue(`${path}.unitPrice`, v)}
            error={form.errors[`${path}.unitPrice`]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 3 }}>
          <Text size="sm" fw={500}>
            {t.lineTotal}
          </Text>
          <Text size="sm" mt={8} ta={{ base: 'left', sm: 'right' }} aria-live="polite">
            {lineAmount === null ? '—' : formatBRL(lineAmount)}
          </Text>
        </Grid.Col>
      </Grid>
      <ActionIcon
        mt={28}
        variant="subtle"
        color="red"
        aria-label={t.removeItem(i + 1)}
        disabled={!props.removable}
        onClick={() => form.removeListItem('items', i)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/** The order's items and its total as they are typed. */
function ItemLines({ form }: { form: OrderForm }) {
  const { items } = form.getValues();
  const total = purchaseOrderTotal(
    items.flatMap((item) => {
      const quantity = quantityInput.safeParse(item.quantity).data;
      const unitPrice = typedCentavos(item.unitPrice, 0);
      return quantity === undefined || unitPrice === undefined ? [] : [{ quantity, unitPrice }];
    }),
  );
  return (
    <>
      <Title order={5} mt="sm">
        {t.items}
      </Title>
      {items.map((item, i) => (
        <ItemLine key={form.key(`items.${i}`)} form={form} index={i} item={item} removable={items.length > 1} />
      ))}
      {typeof form.errors.items === 'string' && (
        <Text size="xs" c="red">
          {form.errors.items}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('items', blankItem())}
        >
          {t.addItem}
        </Button>
        <Text fw={700} aria-live="polite">
          {t.total(formatBRL(total))}
        </Text>
      </Group>
    </>
  );
}

/** One quotation's card: chosen or not, its supplier, total, delivery, terms and notes. */
function QuotationCard(props: { form: OrderForm; index: number; quotation: QuotationRow; onRemove: () => void }) {
  const { form, index: i, quotation } = props;
  const path = `quotations.${i}`;
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t.quotation(i + 1)}</Text>
          <Group gap="xs" wrap="nowrap">
            <Radio
              name="chosenQuotation"
              label={t.chosen}
              checked={form.getValues().chosenQuotation === String(i)}
              onChange={() => form.setFieldValue('chosenQuotation', String(i))}
            />
            <ActionIcon variant="subtle" color="red" aria-label={t.removeQuotation(i + 1)} onClick={props.onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <ReferenceSelect
          label={t.supplier}
          source={sources.suppliers}
          required
          value={quotation.supplierId || null}
          onChange={(id) => form.setFieldValue(`${path}.supplierId`, id ?? '')}
          error={form.errors[`${path}.supplierId`]}
        />
        <MoneyInput
          label={t.quotationTotal}
          required
          value={quotation.total}
          onChange={(v) => form.setFieldValue(`${path}.total`, v)}
          error={form.errors[`${path}.total`]}
        />
        <TextInput label={t.deliveryDays} inputMode="numeric" {...form.getInputProps(`${path}.deliveryDays`)} />
        <TextInput label={t.paymentTerms} {...form.getInputProps(`${path}.paymentTerms`)} />
        <Textarea label={t.notes} autosize minRows={1} maxRows={4} {...form.getInputProps(`${path}.notes`)} />
      </Stack>
    </Card>
  );
}

/** Up to three quotations side by side, the chosen one marked, and why it was chosen when there are several. */
function Quotations({ form }: { form: OrderForm }) {
  const values = form.getValues();
  const addQuotation = () => {
    form.insertListItem('quotations', blankQuotation());
    // The first quotation is the chosen one until another is added and chosen.
    if (values.chosenQuotation === '') form.setFieldValue('chosenQuotation', String(values.quotations.length));
  };
  const removeQuotation = (index: number) => {
    const current = values.chosenQuotation === '' ? null : Number(values.chosenQuotation);
    form.removeListItem('quotations', index);
    if (current === null) return;
    const next = current === index ? '' : String(current > index ? current - 1 : current);
    form.setFieldValue('chosenQuotation', next);
  };
  return (
    <>
      <Title order={5} mt="sm">
        {t.quotations}
      </Title>
      {values.quotations.length > 0 && (
        // Side by side to compare them on a wide screen; one under the other on a phone.
        <SimpleGrid cols={{ base: 1, md: values.quotations.length }}>
          {values.quotations.map((quotation, i) => (
            <QuotationCard
              key={form.key(`quotations.${i}`)}
              form={form}
              index={i}
              quotation={quotation}
              onRemove={() => removeQuotation(i)}
            />
          ))}
        </SimpleGrid>
      )}
      {[form.errors.quotations, form.errors.chosenQuotation].map(
        (error) =>
          typeof error === 'string' && (
            <Text key={error} size="xs" c="red">
              {error}
            </Text>
          ),
      )}
      {values.quotations.length > 1 && (
        <Textarea
          label={t.quotationReason}
          withAsterisk
          autosize
          minRows={2}
          maxRows={4}
          {...form.getInputProps('quotationReason')}
        />
      )}
      {values.quotations.length < MAX_QUOTATIONS && (
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addQuotation}>
            {t.addQuotation}
          </Button>
        </Group>
      )}
    </>
  );
}

/** Creates the order, or saves the one being changed; a refusal naming a field lands on that field. */
function useSaveOrder(form: () => OrderForm, order: OrderDetail | null, onDone: (id: string) => void) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const saved = async (id: string, message: string) => {
    await queryClient.invalidateQueries(trpc.purchasing.pathFilter());
    notifySuccess(message);
    onDone(id);
  };
  const onError = (error: unknown) => {
    const refusal = fieldRefusal(error, () => undefined);
    if (!refusal) return notifyApiError(error);
    form().setFieldError(refusal.field, refusal.error);
    revealField(form(), refusal.field);
  };
  const create = useMutation(
    trpc.purchasing.create.mutationOptions({
      onSuccess: (created) => saved(created.id, t.created(created.number)),
      onError,
    }),
  );
  const update = useMutation(
    trpc.purchasing.update.mutationOptions({ onSuccess: (_, input) => saved(input.id, t.updated), onError }),
  );
  const save = (v: Values) =>
    order
      ? update.mutate({ id: order.id, version: order.version, order: toInput(v) })
      : create.mutate({ order: toInput(v), idempotencyKey });
  return { save, pending: create.isPending || update.isPending };
}

function OrderFormBody(props: {
  order: OrderDetail | null;
  onDirty: (dirty: boolean) => void;
  onDone: (id: string) => void;
  onCancel: () => void;
}) {
  const { order } = props;
  const working = useTenantStore((s) => s.selectedDepartment);
  const departments = useDepartments();
  const rules = schemaResolver(purchaseOrderInput, { sync: true });
  const [initial] = useState<Values>(() =>
    order
      ? valuesOf(order)
      : {
          departmentId: working ?? (departments.length === 1 ? (departments[0]?.value ?? '') : ''),
          supplierId: '',
          neededBy: '',
          justification: '',
          classificationId: '',
          costCentreId: '',
          items: [blankItem()],
          quotations: [],
          chosenQuotation: '',
          quotationReason: '',
        },
  );
  const form: OrderForm = useForm<Values>({
    initialValues: initial,
    validate: (values) => rules(toInput(values)),
  });
  const saving = useSaveOrder(() => form, order, props.onDone);
  useReportDirty(form.isDirty(), props.onDirty);
  const submit = form.onSubmit(saving.save, (errors) => revealField(form, Object.keys(errors)[0] ?? ''));

  return (
    <form onSubmit={submit} onKeyDown={getHotkeyHandler([['mod+Enter', () => submit()]])}>
      <Stack>
        {order && APPROVAL_STATUSES.includes(order.status) && (
          <Alert color="yellow" icon={<IconInfoCircle />} p="xs">
            {t.backToApproval}
          </Alert>
        )}
        {!order && departments.length === 0 && (
          <Alert color="red" p="xs">
            {t.noDepartment}
          </Alert>
        )}
        <OrderHeader form={form} order={order} departments={departments} />
        <ItemLines form={form} />
        <Quotations form={form} />
        <Group justify="space-between" mt="sm">
          <Text size="xs" c="dimmed">
            {t.saveHint}
          </Text>
          <Group>
            <Button variant="default" onClick={props.onCancel}>
              {common.cancel}
            </Button>
            <Button type="submit" loading={saving.pending}>
              {order ? common.save : t.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The dialog where a purchase order is written, or with `order` changed: department, justification, items with their
 * live totals, and up to three quotations compared side by side.
 */
export function OrderFormModal(props: {
  opened: boolean;
  onClose: () => void;
  order: OrderDetail | null;
  onSaved: (id: string) => void;
}) {
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const phone = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const close = () => unsaved.confirmClose(props.onClose);
  return (
    <>
      <Modal
        opened={props.opened}
        onClose={close}
        title={props.order ? t.edit(props.order.number) : t.new}
        size="80rem"
        fullScreen={phone}
      >
        {props.opened && (
          <OrderFormBody
            order={props.order}
            onDirty={setDirty}
            onDone={(id) => {
              setDirty(false);
              props.onSaved(id);
            }}
            onCancel={close}
          />
        )}
      </Modal>
      {unsaved.dialog}
    </>
  );
}
