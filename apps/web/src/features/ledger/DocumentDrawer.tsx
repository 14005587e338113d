import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Drawer,
  Flex,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import {
  digitableLine,
  formatBRL,
  formatCalendarDate,
  formatDateTime,
  formatPercent,
  isOverdue,
  parseBoleto,
  parsePixCopyPaste,
  todayInSaoPaulo,
  type DocumentKind,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { apiClient, trpc } from '../../api/trpc';
import { ledgerMessages } from '../../i18n/ledger';
import { Attachments } from '../../ui/Attachments';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { purchasingMessages } from '../purchasing/messages';
import { Figure } from '../registries/cells';
import { useCan } from '../tenants/use-can';
import { CancelDocumentsDialog } from './CancelDocumentsDialog';
import { DocumentForm } from './DocumentForm';
import { InstallmentStatus } from './InstallmentStatus';
import { ReverseModal } from './ReverseModal';
import { SettleModal } from './SettleModal';

const t = ledgerMessages;
const d = t.drawer;

type LedgerDocument = inferOutput<typeof trpc.ledger.documents.get>;
type Payment = LedgerDocument['payments'][number];
type Installment = LedgerDocument['installments'][number];

function Section(props: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{props.title}</Title>
        {props.action}
      </Group>
      {props.children}
    </Stack>
  );
}

function Amounts({ document }: { document: LedgerDocument }) {
  const cells: [string, number][] = [
    [d.gross, document.grossAmount],
    [d.withheld, document.withheldAmount],
    [d.net, document.netAmount],
  ];
  // Side by side where they fit; on a phone one line each, gross → withheld → net read down.
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={4}>
      {cells.map(([label, value]) => (
        <Paper key={label} withBorder p="xs">
          <Flex
            direction={{ base: 'row', xs: 'column' }}
            justify={{ base: 'space-between', xs: 'flex-start' }}
            align={{ base: 'center', xs: 'flex-start' }}
          >
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatBRL(value)}
            </Text>
          </Flex>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The text a person copies to pay: a boleto's linha digitável, or a PIX copia e cola as it came. */
function CopyCode(props: { label: string; value: string }) {
  return (
    <CopyButton value={props.value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? d.copied : d.copy(props.label)} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={d.copy(props.label)}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** How an installment is paid: the boleto's bank and linha digitável, or the PIX's receiver; each to copy. */
function PaymentCodes({ installment }: { installment: Installment }) {
  const lines: { key: string; title: string; code: string; copy: string }[] = [];
  if (installment.barcode) {
    const read = parseBoleto(installment.barcode);
    const bank = read.ok ? (read.boleto.bankName ?? read.boleto.segmentName ?? read.boleto.bankCode) : null;
    lines.push({
      key: 'boleto',
      title: bank ? `${d.boleto} · ${bank}` : d.boleto,
      code: read.ok ? digitableLine(read.boleto.barcode) : installment.barcode,
      copy: d.boleto,
    });
  }
  if (installment.pixCode) {
    const read = parsePixCopyPaste(installment.pixCode);
    lines.push({
      key: 'pix',
      title: read.ok ? `${d.pix} · ${read.pix.merchantName}` : d.pix,
      code: installment.pixCode,
      copy: d.pix,
    });
  }
  return lines.map((line) => (
    <Group key={line.key} gap="xs" wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" fw={600}>
          {`${t.columns.installment} ${installment.number}/${installment.count} · ${line.title}`}
        </Text>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {line.code}
        </Text>
      </Stack>
      <CopyCode label={line.copy} value={line.code} />
    </Group>
  ));
}

/** The document's installments: a table, or on a phone one card each, with Pagar / Receber on what is open. */
function InstallmentsTable(props: {
  document: LedgerDocument;
  kind: DocumentKind;
  canEdit: boolean;
  onSettle: (id: string) => void;
}) {
  const cards = useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const today = todayInSaoPaulo();
  const settleButton = (i: Installment) =>
    props.canEdit &&
    (i.status === 'open' || i.status === 'partial') && (
      <Button size="compact-xs" variant="light" onClick={() => props.onSettle(i.id)}>
        {t.settle[props.kind]}
      </Button>
    );
  if (cards) {
    return (
      <Stack gap="xs" aria-label={d.installments} role="list">
        {props.document.installments.map((i) => (
          <Paper key={i.id} withBorder p="xs" role="listitem">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {`${i.number}/${i.count} · ${formatCalendarDate(i.dueDate)}`}
              </Text>
              <InstallmentStatus status={i.status} overdue={isOverdue(i.dueDate, i.status, today)} />
            </Group>
            <Group justify="space-between" wrap="nowrap" mt={4}>
              <Text size="xs">
                {t.columns.amount} <b>{formatBRL(i.amount)}</b> · {t.columns.open} <b>{formatBRL(i.open)}</b>
              </Text>
              {settleButton(i)}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped withTableBorder aria-label={d.installments}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t.columns.installment}</Table.Th>
          <Table.Th>{t.columns.dueDate}</Table.Th>
          <Table.Th ta="right">{t.columns.amount}</Table.Th>
          <Table.Th ta="right">{t.columns.open}</Table.Th>
          <Table.Th>{t.columns.status}</Table.Th>
          {props.canEdit && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.document.installments.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{`${i.number}/${i.count}`}</Table.Td>
            <Table.Td>{formatCalendarDate(i.dueDate)}</Table.Td>
            <Table.Td ta="right">
              <Figure>{formatBRL(i.amount)}</Figure>
            </Table.Td>
            <Table.Td ta="right">
              <Figure>{formatBRL(i.open)}</Figure>
            </Table.Td>
            <Table.Td>
              <InstallmentStatus status={i.status} overdue={isOverdue(i.dueDate, i.status, today)} />
            </Table.Td>
            {props.canEdit && <Table.Td ta="right">{settleButton(i)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PaymentRow(props: { payment: Payment; document: LedgerDocument; canEdit: boolean; onReverse: () => void }) {
  const { payment, document } = props;
  const numberOf = (installmentId: string) => {
    const installment = document.installments.find((i) => i.id === installmentId);
    return installment ? `${installment.number}/${installment.count}` : '';
  };
  const reversal = payment.reversalOf !== null;
  return (
    <Paper withBorder p="xs" bg={reversal || payment.reversed ? 'gray.0' : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600} td={payment.reversed ? 'line-through' : undefined}>
              {formatCalendarDate(payment.paidDate)} · {formatBRL(Math.abs(payment.total))}
            </Text>
            {reversal && <Badge color="gray">{t.reverse.reversal}</Badge>}
            {payment.reversed && <Badge color="orange">{t.reverse.reversed}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {payment.accountName}
            {payment.paymentMethodName ? ` · ${payment.paymentMethodName}` : ''}
            {payment.fees ? ` · ${d.fees} ${formatBRL(Math.abs(payment.fees))}` : ''}
          </Text>
          {payment.settlements.map((s) => (
            <Text key={s.id} size="xs">
              {`${t.columns.installment} ${numberOf(s.installmentId)}: ${d.principal} ${formatBRL(Math.abs(s.principal))}`}
              {s.interest ? ` · ${d.interest} ${formatBRL(Math.abs(s.interest))}` : ''}
              {s.fine ? ` · ${d.fine} ${formatBRL(Math.abs(s.fine))}` : ''}
              {s.discount ? ` · ${d.discount} ${formatBRL(Math.abs(s.discount))}` : ''}
            </Text>
          ))}
          {payment.notes && (
            <Text size="xs" c="dimmed">
              {payment.notes}
            </Text>
          )}
          {payment.reversalReason && (
            <Text size="xs" c="dimmed">
              {payment.reversalReason}
            </Text>
          )}
        </Stack>
        {props.canEdit && !reversal && !payment.reversed && (
          <Button size="xs" variant="light" color="orange" onClick={props.onReverse}>
            {t.reverse.action}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The document's files and its payments' proofs: attach PDF or images, download, and remove while no money moved
 * (the server keeps them once a payment exists; the button is not offered then).
 */
function DocumentFiles(props: { document: LedgerDocument; canEdit: boolean }) {
  const { document } = props;
  const removable = props.canEdit && document.payments.length === 0;
  /** A payment's proof says which payment it proves, by its date. */
  const proofLabel = (paymentId: string) => {
    const paid = document.payments.find((p) => p.id === paymentId);
    return paid ? d.proofOf[document.kind](formatCalendarDate(paid.paidDate)) : d.proof;
  };
  return (
    <Attachments
      labels={d}
      files={{ data: document.attachments }}
      refreshes={trpc.ledger.documents.get.pathFilter()}
      help={props.canEdit ? d.attachmentsHelp : undefined}
      canAttach={props.canEdit}
      canRemove={(f) => removable && !f.paymentId}
      upload={(file) => apiClient.ledger.attachments.upload.mutate({ documentId: document.id, ...file })}
      remove={(id) => apiClient.ledger.attachments.delete.mutate({ id })}
      download={(id) => apiClient.ledger.attachments.download.query({ id })}
      detail={(f) => formatDateTime(new Date(f.createdAt))}
      tag={(f) =>
        f.paymentId && (
          <Badge size="sm" variant="light" tt="none" maw="100%">
            {proofLabel(f.paymentId)}
          </Badge>
        )
      }
    />
  );
}

/** Who, what, when: the party, the document's type, number and dates, its notes, order and cancellation. */
function DocumentHeader({ doc }: { doc: LedgerDocument }) {
  const navigate = useNavigate();
  const cancelledBy = doc.history.findLast((e) => e.action.endsWith('.cancel'))?.actorName ?? '';
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={4}>{doc.party?.tradeName ?? doc.party?.name}</Title>
        <InstallmentStatus status={doc.status} overdue={false} />
      </Group>
      <Text size="sm">{doc.description}</Text>
      <Text size="xs" c="dimmed">
        {t.documentTypes[doc.documentType]}
        {doc.documentNumber ? ` ${doc.documentNumber}` : ''} · {d.issued} {formatCalendarDate(doc.issueDate)} ·{' '}
        {d.competence} {doc.competence.slice(5, 7)}/{doc.competence.slice(0, 4)}
      </Text>
      {doc.notes && (
        <Text size="xs" c="dimmed">
          {d.notes}: {doc.notes}
        </Text>
      )}
      {doc.purchaseOrderId && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          ta="left"
          onClick={() =>
            doc.purchaseOrderId && void navigate({ to: '/compras/concluidas', search: { pedido: doc.purchaseOrderId } })
          }
        >
          {purchasingMessages.drawer.title}
        </Anchor>
      )}
      {doc.cancelledAt && (
        <Alert color="gray" p="xs">
          {d.cancelled(cancelledBy, formatDateTime(new Date(doc.cancelledAt)), doc.cancelReason ?? '')}
        </Alert>
      )}
    </Stack>
  );
}

const figureStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Each apportionment line: classification, cost centre, share and amount. */
function ApportionmentSection({ doc }: { doc: LedgerDocument }) {
  return (
    <Section title={d.apportionment}>
      {doc.lines.map((l) => (
        <Group key={l.id} justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            {l.classificationName} · {l.costCentreName}
          </Text>
          <Text size="sm" style={figureStyle}>
            {formatPercent(l.share)} · {formatBRL(l.amount)}
          </Text>
        </Group>
      ))}
    </Section>
  );
}

/**
 * The taxes withheld: rate, base and amount, with the month's collection to open once it is made (decision 0037);
 * until then, that it waits for the next one.
 */
function TaxesSection({ doc, onOpen }: { doc: LedgerDocument; onOpen: (id: string) => void }) {
  return (
    <Section title={d.taxes}>
      {doc.taxes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {d.noTaxes}
        </Text>
      ) : (
        doc.taxes.map((tax) => (
          <Group key={tax.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Text size="sm">
                {tax.name} ({formatPercent(tax.rate)}) · {d.base} {formatBRL(tax.base)}
              </Text>
              {tax.taxDocumentId ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  px={0}
                  onClick={() => tax.taxDocumentId && onOpen(tax.taxDocumentId)}
                >
                  {tax.dueDate ? d.openTaxDue(formatCalendarDate(tax.dueDate)) : d.openTax}
                </Button>
              ) : (
                doc.kind === 'payable' &&
                doc.status !== 'cancelled' && (
                  <Text size="xs" c="dimmed">
                    {d.taxPending}
                  </Text>
                )
              )}
            </Stack>
            <Text size="sm" style={figureStyle}>
              {formatBRL(tax.amount)}
            </Text>
          </Group>
        ))
      )}
    </Section>
  );
}

/** "10.0000" as a person reads a quantity: "10"; "2.5000": "2,5". */
const quantityText = (quantity: string) =>
  Number(quantity).toLocaleString('pt-BR', { maximumFractionDigits: 4, useGrouping: false });

/** The items of the NF-e kept with a payable, with their units as the note states them; nothing without a note. */
function NfeItemsSection({ doc }: { doc: LedgerDocument }) {
  const items = useQuery(
    trpc.ledger.documents.nfeItems.queryOptions({ id: doc.id }, { enabled: doc.documentType === 'nfe' }),
  );
  if (!items.data || items.data.length === 0) return null;
  return (
    <Section title={d.nfeItems}>
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder aria-label={d.nfeItems}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{d.item.code}</Table.Th>
              <Table.Th>{d.item.description}</Table.Th>
              <Table.Th ta="right">{d.item.quantity}</Table.Th>
              <Table.Th>{d.item.unit}</Table.Th>
              <Table.Th ta="right">{d.item.unitPrice}</Table.Th>
              <Table.Th ta="right">{d.item.total}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.data.map((item, i) => (
              <Table.Tr key={i}>
                <Table.Td>{item.code}</Table.Td>
                <Table.Td>{item.description}</Table.Td>
                <Table.Td ta="right">
                  <Figure>{quantityText(item.quantity)}</Figure>
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
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function DocumentView(props: { kind: DocumentKind; id: string; onOpen: (id: string) => void }) {
  const canEdit = useCan(props.kind === 'payable' ? 'editar_contas_pagar' : 'editar_contas_receber', 'unit');
  const document = useQuery(trpc.ledger.documents.get.queryOptions({ id: props.id }));
  const [settling, setSettling] = useState<string[] | null>(null);
  const [reversing, setReversing] = useState<Payment | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  if (document.isPending) return <Loader aria-label={d.loading} />;
  if (document.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        {document.error.message}
      </Alert>
    );
  }
  const doc = document.data;
  const open = doc.installments.filter((i) => i.status === 'open' || i.status === 'partial');
  const withCodes = doc.installments.filter((i) => i.barcode || i.pixCode);
  return (
    <Stack gap="lg">
      <DocumentHeader doc={doc} />
      <Amounts document={doc} />
      {canEdit && doc.status !== 'cancelled' && (
        <Group gap="xs">
          {open.length > 0 && (
            <Button onClick={() => setSettling(open.map((i) => i.id))}>{t.settle[props.kind]}</Button>
          )}
          <Button variant="default" onClick={() => setEditing(true)}>
            {d.editDocument}
          </Button>
          {doc.status === 'open' && (
            <Button variant="default" color="red" onClick={() => setCancelling(true)}>
              {d.cancelDocument}
            </Button>
          )}
        </Group>
      )}
      <Section title={d.installments}>
        <InstallmentsTable document={doc} kind={props.kind} canEdit={canEdit} onSettle={(id) => setSettling([id])} />
        {withCodes.map((i) => (
          <PaymentCodes key={i.id} installment={i} />
        ))}
      </Section>
      <Section title={d.payments[props.kind]}>
        {doc.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {d.noPayments}
          </Text>
        ) : (
          doc.payments.map((p) => (
            <PaymentRow key={p.id} payment={p} document={doc} canEdit={canEdit} onReverse={() => setReversing(p)} />
          ))
        )}
      </Section>
      <ApportionmentSection doc={doc} />
      <TaxesSection doc={doc} onOpen={props.onOpen} />
      <NfeItemsSection doc={doc} />
      <DocumentFiles document={doc} canEdit={canEdit && doc.status !== 'cancelled'} />
      <Section title={d.history}>
        {doc.history.map((e) => (
          <Text key={e.id} size="xs">
            {formatDateTime(new Date(e.createdAt))} · {t.actions[e.action] ?? e.action}
            {e.actorName ? ` ${d.by(e.actorName)}` : ''}
          </Text>
        ))}
      </Section>
      {settling && <SettleModal kind={props.kind} installmentIds={settling} opened onClose={() => setSettling(null)} />}
      {reversing && (
        <ReverseModal
          paymentId={reversing.id}
          paid={{ total: reversing.total, paidDate: reversing.paidDate }}
          opened
          onClose={() => setReversing(null)}
        />
      )}
      <CancelDocumentsDialog
        kind={props.kind}
        documentIds={[doc.id]}
        title={t.cancel.title}
        opened={cancelling}
        onClose={() => setCancelling(false)}
      />
      <DocumentForm kind={props.kind} documentId={doc.id} opened={editing} onClose={() => setEditing(false)} />
    </Stack>
  );
}

/**
 * A payable or receivable with its installments, payments, apportionment, taxes, files and history. `onOpen` shows
 * another document in its place (a withheld tax's guide).
 */
export function DocumentDrawer(props: {
  kind: DocumentKind;
  id: string | null;
  onClose: () => void;
  onOpen: (id: string) => void;
}) {
  return (
    <Drawer opened={props.id !== null} onClose={props.onClose} position="right" size="xl" title={t.one[props.kind]}>
      {props.id && <DocumentView key={props.id} kind={props.kind} id={props.id} onOpen={props.onOpen} />}
    </Drawer>
  );
}
