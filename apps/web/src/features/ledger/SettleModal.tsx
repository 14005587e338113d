import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPaperclip } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  centavosOfText,
  typedCentavos,
  dateInput,
  formatBRL,
  formatCalendarDate,
  lateCharges,
  todayInSaoPaulo,
  type DocumentKind,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { apiClient, trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { ledgerMessages } from '../../i18n/ledger';
import { notifyApiError } from '../../ui/api-error';
import { DateField } from '../../ui/DateField';
import { base64Of } from '../../ui/download';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { moneyText, ReferenceSelect } from '../registries/fields';
import { MoneyInput } from './MoneyInput';
import { ledgerSources } from './sources';
import { ClosedMonthAlert } from '../closing/ClosedMonthAlert';

const t = ledgerMessages;
const s = t.payment;
const d = t.drawer;
const common = appMessages.common;

type Row = inferOutput<typeof trpc.ledger.documents.rows>[number];
type Typed = Partial<Record<'principal' | 'interest' | 'fine' | 'discount', string>>;
type ProofType = (typeof ATTACHMENT_TYPES)[number];

const cents = (text: string) => typedCentavos(text, 0) ?? 0;
const iso = (text: string) => dateInput().safeParse(text).data ?? null;

/**
 * An installment as it will be settled: what the person typed, else the open balance as principal and the interest
 * and fine its document's rates give on the payment date.
 */
function itemOf(row: Row, typed: Typed, paidDate: string | null) {
  const principal = typed.principal ?? moneyText(row.open);
  const charges = paidDate
    ? lateCharges({
        amount: cents(principal),
        dueDate: row.dueDate,
        paidDate,
        interestRate: row.interestRate,
        fineRate: row.fineRate,
      })
    : { interest: 0, fine: 0, days: 0 };
  return {
    principal,
    interest: typed.interest ?? moneyText(charges.interest),
    fine: typed.fine ?? moneyText(charges.fine),
    discount: typed.discount ?? '',
    days: charges.days,
  };
}

/** One installment being settled: which it is, its due date, open balance and days late, and its four amounts. */
function SettleItem({
  item,
  onType,
}: {
  item: ReturnType<typeof itemOf> & { row: Row };
  onType: (change: Typed) => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {`${item.row.partyName} · ${item.row.description} (${item.row.number}/${item.row.count})`}
      </Text>
      <Text size="xs" c="dimmed">
        {formatCalendarDate(item.row.dueDate)} · {s.openBalance(formatBRL(item.row.open))}
        {item.days > 0 ? ` · ${s.late(item.days)}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <MoneyInput label={d.principal} value={item.principal} onChange={(v) => onType({ principal: v })} />
        <MoneyInput label={d.interest} value={item.interest} onChange={(v) => onType({ interest: v })} />
        <MoneyInput label={d.fine} value={item.fine} onChange={(v) => onType({ fine: v })} />
        <MoneyInput label={d.discount} value={item.discount} onChange={(v) => onType({ discount: v })} />
      </SimpleGrid>
    </Stack>
  );
}

/** The total that will move when several installments are settled at once. */
function SettleTotal({ total }: { total: number }) {
  return (
    <Table aria-label={s.total}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{s.total}</Table.Td>
          <Table.Td ta="right">{formatBRL(total)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * Pays (or receives) one or more installments of one party in one act: the principal of each (the open balance, or
 * less for a partial payment), interest and fine computed from the document's rates and the date (and editable),
 * discount, account, fees, and the proof of payment (comprovante), kept with the payment as a file of each document
 * it settles; the button says the total that will move before anything is saved.
 */
export function SettleModal(props: {
  kind: DocumentKind;
  installmentIds: string[];
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const idempotencyKey = useIdempotencyKey();
  const [paidDate, setPaidDate] = useState(formatCalendarDate(todayInSaoPaulo()));
  const [accountId, setAccountId] = useState<string | null>(null);
  const [paymentMethodId, setPaymentMethodId] = useState<string | null>(null);
  const [fees, setFees] = useState('');
  const [notes, setNotes] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const proofTooLarge = proof !== null && proof.size > ATTACHMENT_MAX_BYTES;
  const [typed, setTyped] = useState<Record<string, Typed>>({});
  const sources = ledgerSources;
  const details = useQuery(
    trpc.ledger.documents.rows.queryOptions(
      { kind: props.kind, ids: props.installmentIds },
      { enabled: props.opened && props.installmentIds.length > 0 },
    ),
  );
  const rows = details.data ?? [];
  const date = iso(paidDate);
  const items = rows.map((row) => ({ row, ...itemOf(row, typed[row.id] ?? {}, date) }));
  // The document's intended account and payment method, until the person picks others.
  const account = accountId ?? rows[0]?.accountId ?? null;
  const method = paymentMethodId ?? rows[0]?.paymentMethodId ?? null;
  const type = (id: string, change: Typed) =>
    setTyped((current) => ({ ...current, [id]: { ...current[id], ...change } }));
  const total = items.reduce(
    (sum, i) => sum + cents(i.principal) + cents(i.interest) + cents(i.fine) - cents(i.discount),
    0,
  );
  // The proof is read before the call, so the call is made here, through the one client.
  const settle = useMutation({
    mutationFn: async () =>
      apiClient.ledger.payments.settle.mutate({
        kind: props.kind,
        paidDate,
        accountId: account ?? '',
        paymentMethodId: method,
        fees: centavosOfText(fees) ?? 0,
        notes,
        items: items.map((i) => ({
          installmentId: i.row.id,
          principal: centavosOfText(i.principal),
          interest: centavosOfText(i.interest) ?? 0,
          fine: centavosOfText(i.fine) ?? 0,
          discount: centavosOfText(i.discount) ?? 0,
        })),
        proof: proof && {
          fileName: proof.name,
          contentType: proof.type as ProofType,
          content: await base64Of(proof),
        },
        idempotencyKey,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries(trpc.ledger.pathFilter());
      notifySuccess(t.settled[props.kind]);
      props.onClose();
    },
    onError: notifyApiError,
  });

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t.settleTitle[props.kind]} size="xl">
      {/* The selects mount with the document's account and method already chosen, so they show them. */}
      {details.isPending ? (
        <Loader />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField label={s.paidDate} value={paidDate} onChange={setPaidDate} withAsterisk />
            <ReferenceSelect
              label={s.account}
              source={sources.accounts}
              value={account}
              onChange={setAccountId}
              required
            />
            <ReferenceSelect
              label={s.paymentMethod}
              source={sources.paymentMethods}
              value={method}
              onChange={setPaymentMethodId}
            />
          </SimpleGrid>
          <ClosedMonthAlert dates={[paidDate]} />
          {details.isError && (
            <Alert color="red" icon={<IconAlertTriangle />}>
              {appMessages.table.error}
            </Alert>
          )}
          {items.map((item) => (
            <SettleItem key={item.row.id} item={item} onType={(change) => type(item.row.id, change)} />
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput label={s.fees} value={fees} onChange={setFees} />
            <TextInput label={s.notes} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
          </SimpleGrid>
          <FileInput
            label={s.proof}
            description={s.proofHint}
            placeholder={s.chooseProof}
            accept={ATTACHMENT_TYPES.join(',')}
            value={proof}
            onChange={setProof}
            clearable
            clearButtonProps={{ 'aria-label': s.removeProof }}
            leftSection={<IconPaperclip size={16} />}
            error={proofTooLarge ? d.tooLarge : undefined}
          />
          {items.length > 1 && <SettleTotal total={total} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {common.cancel}
            </Button>
            <Button
              onClick={() => settle.mutate()}
              loading={settle.isPending}
              disabled={items.length === 0 || proofTooLarge}
            >
              {t.confirmSettle[props.kind](formatBRL(total))}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
