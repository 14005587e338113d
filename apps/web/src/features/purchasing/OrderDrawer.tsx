import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { useState, type ReactNode } from 'react';
import {
  formatBRL,
  formatCalendarDate,
  formatDateTime,
  PURCHASE_STATUS_LABELS,
  QUANTITY_SCALE,
  type PurchaseOrderStatus,
  type PurchaseTransitionInput,
} from '@financeiro/core';
import type { PurchasingRouter } from '@financeiro/server/api';
import { apiClient, trpc } from '../../api/trpc';
import { useAuthzStore } from '../../stores/session';
import { notifyApiError } from '../../ui/api-error';
import { Attachments } from '../../ui/Attachments';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { notifySuccess } from '../../ui/notify';
import { ReasonDialog } from '../ledger/ReasonDialog';
import { Figure } from '../registries/cells';
import { ConcludeOrderModal } from './ConcludeDialog';
import { purchasingMessages } from './messages';
import { OrderFormModal } from './OrderForm';

const t = purchasingMessages;
const d = t.drawer;

type OrderDetail = inferRouterOutputs<PurchasingRouter>['get'];
type Item = OrderDetail['items'][number];
type OrderFile = inferRouterOutputs<PurchasingRouter>['attachments']['list'][number];

const STATUS_COLORS: Record<PurchaseOrderStatus, string> = {
  criada: 'gray',
  aguardando_aprovacao: 'orange',
  aprovada: 'blue',
  reprovada: 'red',
  concluida: 'green',
  cancelada: 'gray',
};

const quantityFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
/** A quantity kept in thousandths as a person reads it: 2500 is "2,5". */
const formatQuantity = (quantity: number) => quantityFormat.format(quantity / QUANTITY_SCALE);

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={5}>{props.title}</Title>
      {props.children}
    </Stack>
  );
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm">{props.children}</Text>
    </Stack>
  );
}

function ItemsTable({ order }: { order: OrderDetail }) {
  const cards = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const name = (item: Item) => (item.productCode ? `${item.productCode} · ${item.description}` : item.description);
  if (cards) {
    return (
      <Stack gap="xs" role="list" aria-label={d.items}>
        {order.items.map((item) => (
          <Paper key={item.id} withBorder p="xs" role="listitem">
            <Text size="sm" fw={600}>
              {name(item)}
            </Text>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs">
                {formatQuantity(item.quantity)} {item.unit} × {formatBRL(item.unitPrice)}
              </Text>
              <Figure>{formatBRL(item.total)}</Figure>
            </Group>
          </Paper>
        ))}
        <Group justify="space-between" px="xs">
          <Text size="sm" fw={700}>
            {d.total}
          </Text>
          <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatBRL(order.total)}
          </Text>
        </Group>
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder aria-label={d.items}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{d.item}</Table.Th>
          <Table.Th ta="right">{d.quantity}</Table.Th>
          <Table.Th>{d.unit}</Table.Th>
          <Table.Th ta="right">{d.unitPrice}</Table.Th>
          <Table.Th ta="right">{d.lineTotal}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{name(item)}</Table.Td>
            <Table.Td ta="right">
              <Figure>{formatQuantity(item.quantity)}</Figure>
            </Table.Td>
            <Table.Td>{item.unit}</Table.Td>
            <Table.Td ta="right">
              <Figure>{formatBRL(item.unitPrice)}</Figure>
            </Table.Td>
            <Table.Td ta="right">
              <Figure>{formatBRL(item.total)}</Figure>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={4}>{d.total}</Table.Th>
          <Table.Th ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatBRL(order.total)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function Quotations({ order, files }: { order: OrderDetail; files: OrderFile[] | undefined }) {
  if (order.quotations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {d.noQuotations}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: order.quotations.length }} spacing="xs">
      {order.quotations.map((q, index) => {
        const chosen = index === order.chosenQuotation;
        const attached = files?.filter((f) => f.quotation === index).length ?? 0;
        return (
          <Paper
            key={q.supplierId}
            withBorder
            p="xs"
            bg={chosen ? 'green.0' : undefined}
            style={chosen ? { borderColor: 'var(--mantine-color-green-6)' } : undefined}
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600}>
                  {q.supplier}
                </Text>
                {chosen && (
                  <Badge color="green" leftSection={<IconCheck size={12} />}>
                    {d.chosen}
                  </Badge>
                )}
              </Group>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatBRL(q.total)}
              </Text>
              {q.deliveryDays !== null && <Text size="xs">{d.deliveryDays(q.deliveryDays)}</Text>}
              {q.paymentTerms && (
                <Text size="xs">
                  {d.paymentTerms}: {q.paymentTerms}
                </Text>
              )}
              {q.notes && (
                <Text size="xs" c="dimmed">
                  {q.notes}
                </Text>
              )}
              {chosen && order.quotationReason && (
                <Text size="xs">
                  <b>{d.quotationReason}:</b> {order.quotationReason}
                </Text>
              )}
              {attached > 0 && (
                <Group gap={4} wrap="nowrap">
                  <IconPaperclip size={12} aria-hidden />
                  <Text size="xs">{d.quotationFiles(attached)}</Text>
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function Approvers({ order, me }: { order: OrderDetail; me: string | undefined }) {
  if (order.approvers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {d.noApprovers}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {order.approvers.map((a) => {
        const approval = order.approvals.find((p) => p.approverId === a.userId);
        return (
          <Group key={a.userId} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Text size="sm">
                {a.name} {a.userId === me ? d.you : ''}
              </Text>
              {approval && (
                <Text size="xs" c="dimmed">
                  {d.approved(formatDateTime(new Date(approval.at)))}
                </Text>
              )}
            </Stack>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {d.upTo(formatBRL(a.limit))}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

function OrderTimeline({ order }: { order: OrderDetail }) {
  return (
    <Timeline active={order.events.length - 1} bulletSize={14} lineWidth={2}>
      {order.events.map((e) => (
        <Timeline.Item key={e.id} title={<Text size="sm">{e.description}</Text>}>
          <Text size="xs" c="dimmed">
            {formatDateTime(new Date(e.at))} · {e.actor}
          </Text>
          {e.reason && (
            <Text size="xs">
              {d.reason}: {e.reason}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * The order's files: while it is open, whoever edits orders in its department attaches them, to the order or to one
 * of its quotations, and deletes them; a concluded order keeps its files as the evidence of the purchase.
 */
function OrderFiles(props: { order: OrderDetail; files: UseQueryResult<OrderFile[], unknown>; canChange: boolean }) {
  const { order } = props;
  const [quotation, setQuotation] = useState<string | null>(null);
  const quotationName = (index: number) => d.quotationOf(order.quotations[index]?.supplier ?? '');
  const choice =
    order.quotations.length > 0 ? (
      <Select
        size="xs"
        aria-label={d.attachTo}
        w={220}
        allowDeselect={false}
        value={quotation ?? 'order'}
        onChange={(value) => setQuotation(value === 'order' ? null : value)}
        data={[
          { value: 'order', label: d.generalFiles },
          ...order.quotations.map((_, index) => ({ value: String(index), label: quotationName(index) })),
        ]}
      />
    ) : undefined;
  return (
    <Attachments
      labels={d}
      files={props.files}
      refreshes={trpc.purchasing.attachments.list.pathFilter()}
      help={props.canChange ? d.attachmentsHelp : undefined}
      choice={choice}
      canAttach={props.canChange}
      canRemove={() => props.canChange}
      upload={(file) =>
        apiClient.purchasing.attachments.upload.mutate({
          orderId: order.id,
          quotation: quotation === null ? null : Number(quotation),
          ...file,
        })
      }
      remove={(id) => apiClient.purchasing.attachments.delete.mutate({ id })}
      download={(id) => apiClient.purchasing.attachments.download.query({ id })}
      detail={(f) => formatDateTime(new Date(f.createdAt))}
      tag={(f) =>
        f.quotation !== null && (
          <Badge size="sm" variant="light" tt="none" maw="100%">
            {quotationName(f.quotation)}
          </Badge>
        )
      }
    />
  );
}

type Transition = PurchaseTransitionInput['type'];
type Permission = OrderDetail['myPermissions'][number];

/** The order's number, status and total, and whether it waits for the caller. */
function OrderHeading({ order }: { order: OrderDetail }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={4}>{t.order(order.number)}</Title>
        <Badge color={STATUS_COLORS[order.status]} variant="light">
          {PURCHASE_STATUS_LABELS[order.status]}
        </Badge>
      </Group>
      <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatBRL(order.total)}
      </Text>
      {order.waitsForMe && (
        <Badge color="orange" variant="light">
          {t.waitsForMe}
        </Badge>
      )}
    </Stack>
  );
}

/** What the caller may do with the order now (conclude, send, approve or reject, edit, cancel), and its payable. */
function OrderActions(props: {
  order: OrderDetail;
  me: string | undefined;
  open: boolean;
  may: (permission: Permission) => boolean;
  send: (type: Transition) => void;
  busy: (type: Transition) => boolean;
  onConclude: () => void;
  onAsk: (type: 'reprovar' | 'cancelar') => void;
  onEdit: () => void;
}) {
  const { order, me, open, may, send, busy } = props;
  const navigate = useNavigate();
  const mine = order.approvers.find((a) => a.userId === me);
  const canEvaluate =
    order.status === 'aguardando_aprovacao' &&
    may('avaliar_pedidos_compra') &&
    !order.mine &&
    mine !== undefined &&
    !order.approvals.some((a) => a.approverId === me);
  const withinLimit = mine !== undefined && mine.limit < order.total;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {order.status === 'aprovada' && may('concluir_pedidos_compra') && (
          <Button onClick={props.onConclude}>{t.actions.conclude}</Button>
        )}
        {order.status === 'criada' && may('enviar_pedidos_compra') && (
          <Button loading={busy('enviar')} onClick={() => send('enviar')}>
            {t.actions.send}
          </Button>
        )}
        {canEvaluate && (
          <>
            <Button color="green" loading={busy('aprovar')} onClick={() => send('aprovar')}>
              {withinLimit ? t.actions.approveWithinLimit : t.actions.approve}
            </Button>
            <Button variant="default" color="red" onClick={() => props.onAsk('reprovar')}>
              {t.actions.reject}
            </Button>
          </>
        )}
        {open && may('editar_pedidos_compra') && (
          <Button variant="default" onClick={props.onEdit}>
            {t.actions.edit}
          </Button>
        )}
        {open && (may('editar_pedidos_compra') || may('avaliar_pedidos_compra')) && (
          <Button variant="subtle" color="red" onClick={() => props.onAsk('cancelar')}>
            {t.actions.cancel}
          </Button>
        )}
        {order.payableId && (
          <Button
            variant="light"
            onClick={() => void navigate({ to: '/contas/pagar', search: { doc: order.payableId } })}
          >
            {d.payable}
          </Button>
        )}
      </Group>
      {canEvaluate && withinLimit && (
        <Text size="xs" c="dimmed">
          {t.actions.withinLimitHelp(formatBRL(mine.limit), formatBRL(order.total))}
        </Text>
      )}
    </Stack>
  );
}

function OrderView({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const me = useAuthzStore((s) => s.userData?.id);
  const query = useQuery(trpc.purchasing.get.queryOptions({ id }));
  const files = useQuery(trpc.purchasing.attachments.list.queryOptions({ orderId: id }));
  const [asking, setAsking] = useState<'reprovar' | 'cancelar' | null>(null);
  const [editing, setEditing] = useState(false);
  const [concluding, setConcluding] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.purchasing.pathFilter());
  const act = useMutation(
    trpc.purchasing.transition.mutationOptions({
      onSuccess: async (_, input) => {
        setAsking(null);
        await refresh();
        notifySuccess(t.done[input.type]);
      },
      onError: (error) => {
        notifyApiError(error);
        // Someone else changed the order: show it as it is now, so the next click sends its new version.
        if (error instanceof TRPCClientError && error.data?.code === 'CONFLICT') {
          setAsking(null);
          void refresh();
        }
      },
    }),
  );
  if (query.isPending) return <Loader aria-label={d.loading} />;
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        {query.error.message}
      </Alert>
    );
  }
  const order = query.data;
  const may = (permission: Permission) => order.myPermissions.includes(permission);
  const open = order.status === 'criada' || order.status === 'aguardando_aprovacao' || order.status === 'aprovada';
  const send = (type: Transition, reason?: string) =>
    act.mutate(
      type === 'reprovar' || type === 'cancelar'
        ? { type, id: order.id, version: order.version, reason: reason ?? '' }
        : { type, id: order.id, version: order.version },
    );
  const busy = (type: Transition) => act.isPending && act.variables.type === type;

  return (
    <Stack gap="lg">
      <OrderHeading order={order} />
      {(open || order.payableId) && (
        <OrderActions
          order={order}
          me={me}
          open={open}
          may={may}
          send={send}
          busy={busy}
          onConclude={() => setConcluding(true)}
          onAsk={setAsking}
          onEdit={() => setEditing(true)}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Fact label={d.department}>{`${order.department} · ${order.unit}`}</Fact>
        <Fact label={d.requester}>{order.requester}</Fact>
        <Fact label={d.supplier}>{order.supplier ?? d.notInformed}</Fact>
        <Fact label={d.neededBy}>{order.neededBy ? formatCalendarDate(order.neededBy) : d.notInformed}</Fact>
        <Fact label={d.classification}>{order.classification ?? d.notInformed}</Fact>
        <Fact label={d.costCentre}>{order.costCentre ?? d.notInformed}</Fact>
      </SimpleGrid>
      <Fact label={d.justification}>{order.justification}</Fact>
      <Section title={d.items}>
        <ItemsTable order={order} />
      </Section>
      <Section title={d.quotations}>
        <Quotations order={order} files={files.data} />
      </Section>
      <OrderFiles order={order} files={files} canChange={open && may('editar_pedidos_compra')} />
      <Section title={d.approvers}>
        <Approvers order={order} me={me} />
      </Section>
      <Section title={d.timeline}>
        <OrderTimeline order={order} />
      </Section>
      <ReasonDialog
        key={asking ?? 'none'}
        opened={asking !== null}
        title={asking === 'reprovar' ? t.reject.title : t.cancel.title}
        message={asking === 'reprovar' ? t.reject.message : t.cancel.message}
        label={asking === 'reprovar' ? t.reject.label : t.cancel.label}
        confirmLabel={asking === 'reprovar' ? t.reject.confirm : t.cancel.confirm}
        busy={act.isPending}
        onConfirm={(reason) => asking && send(asking, reason)}
        onClose={() => setAsking(null)}
      />
      <OrderFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        order={order}
        onSaved={() => setEditing(false)}
      />
      <ConcludeOrderModal
        order={concluding ? order : null}
        onClose={() => setConcluding(false)}
        onConcluded={() => setConcluding(false)}
      />
    </Stack>
  );
}

/** A purchase order with its items, quotations, approvers and timeline, and what the caller may do with it now. */
export function OrderDrawer(props: { id: string | null; onClose: () => void }) {
  return (
    <Drawer opened={props.id !== null} onClose={props.onClose} position="right" size="xl" title={d.title}>
      {props.id && <OrderView key={props.id} id={props.id} />}
    </Drawer>
  );
}
