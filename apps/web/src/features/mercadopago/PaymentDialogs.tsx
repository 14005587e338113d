import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays, formatBRL, formatCalendarDate, maskMoney, moneyText, parseBRL, pastedMoney } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { apiErrorMessage, notifyApiError } from '../../ui/api-error';
import { CARDS_MEDIA_QUERY } from '../../ui/DataTable.cards';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/SearchInput';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { MaskedInput } from '../../ui/MaskedInput';
import { ledgerSources } from '../ledger/sources';
import { ReferenceSelect } from '../registries/fields';
import type { PaymentRow, ReceivableRow, Settings } from './api';
import { mercadoPagoMessages } from './messages';

const t = mercadoPagoMessages;
const RECEIVABLES_PAGE = 20;
/** Manual matching looks for receivables due up to about six months around the approval day. */
const WINDOW_DAYS = 180;

const usePhone = () => useMediaQuery(CARDS_MEDIA_QUERY, false, { getInitialValueInEffect: false });
const receivableLabel = (r: ReceivableRow) =>
  `${r.documentNumber ? `Doc. ${r.documentNumber}` : r.description} ${r.number}/${r.count}${r.partyName ? ` · ${r.partyName}` : ''}`;

/** The payment's figures a dialog states first: id, approval, gross and coupon, what must be settled. */
function PaymentFacts({ payment, target }: { payment: PaymentRow; target: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t.match.payment}
        </Text>
        <Text size="sm" fw={600}>
          {payment.sourceId}
        </Text>
        <Text size="xs" c="dimmed">
          {payment.externalReference ? t.payments.reference(payment.externalReference) : t.payments.noReference}
        </Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t.payments.columns.gross}
        </Text>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatBRL(payment.gross)}
        </Text>
        {payment.coupon !== 0 && (
          <Text size="xs" c="dimmed">
            {t.payments.coupon(formatBRL(payment.coupon))}
          </Text>
        )}
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t.match.target}
        </Text>
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatBRL(target)}
        </Text>
      </Stack>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t.match.approvedOn}
        </Text>
        <Text size="sm">{formatCalendarDate(payment.approvalDay)}</Text>
      </Stack>
    </SimpleGrid>
  );
}

/** A receivable picked for a match, with the amount typed for it. */
interface PickedReceivable {
  row: ReceivableRow;
  amount: string;
}

/**
 * The receivables picked with the amount each settles (typed as money), their sum against the payment's target, and
 * what keeps the match from being made.
 */
function useReceivablePicks(target: number) {
  const [picked, setPicked] = useState<Map<string, PickedReceivable>>(new Map());
  const chosen = [...picked.values()].map((p) => ({ ...p, cents: parseBRL(p.amount) ?? 0 }));
  const sum = chosen.reduce((s, p) => s + p.cents, 0);
  const difference = target - sum;
  const over = chosen.find((p) => p.cents > p.row.open);
  const problem =
    chosen.length === 0
      ? null
      : over
        ? t.match.tooMuch(receivableLabel(over.row))
        : difference !== 0
          ? t.match.mismatch
          : null;
  const toggle = (row: ReceivableRow) => {
    const next = new Map(picked);
    if (next.has(row.installmentId)) next.delete(row.installmentId);
    else next.set(row.installmentId, { row, amount: moneyText(Math.max(0, Math.min(row.open, difference))) });
    setPicked(next);
  };
  const setAmount = (id: string, amount: string) => {
    const next = new Map(picked);
    const entry = next.get(id);
    if (entry) next.set(id, { ...entry, amount });
    setPicked(next);
  };
  return { picked, chosen, sum, difference, problem, toggle, setAmount };
}

/** The page of open receivables, each with a checkbox to pick it and, once picked, the amount it settles. */
function ReceivablesTable(props: {
  rows: ReceivableRow[];
  pending: boolean;
  busy: boolean;
  picked: Map<string, PickedReceivable>;
  onToggle: (row: ReceivableRow) => void;
  onAmount: (id: string, amount: string) => void;
}) {
  const m = t.match;
  return (
    <div tabIndex={0} role="region" aria-label={m.columns.receivable} style={{ overflowX: 'auto' }}>
      <Table fz="sm" verticalSpacing={6} miw={560} aria-busy={props.busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} aria-label={m.chosen} />
            <Table.Th>{m.columns.receivable}</Table.Th>
            <Table.Th>{m.columns.due}</Table.Th>
            <Table.Th ta="right">{m.columns.open}</Table.Th>
            <Table.Th w={170}>{m.columns.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.pending &&
            [0, 1, 2].map((i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={5}>
                  <Skeleton h={16} />
                </Table.Td>
              </Table.Tr>
            ))}
          {props.rows.map((r) => {
            const entry = props.picked.get(r.installmentId);
            const label = receivableLabel(r);
            return (
              <Table.Tr key={r.installmentId} bg={entry ? 'blue.0' : undefined}>
                <Table.Td>
                  <Checkbox aria-label={m.select(label)} checked={Boolean(entry)} onChange={() => props.onToggle(r)} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {r.documentNumber ? `Doc. ${r.documentNumber}` : r.description}{' '}
                    <Text span size="xs" c="dimmed">
                      {t.payments.installmentOf(r.number, r.count)}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[r.partyName, r.documentNumber ? r.description : null].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(r.dueDate)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatBRL(r.open)}
                </Table.Td>
                <Table.Td>
                  {entry && (
                    <MaskedInput
                      aria-label={m.amountOf(label)}
                      value={entry.amount}
                      onChange={(v) => props.onAmount(r.installmentId, v)}
                      mask={maskMoney}
                      paste={pastedMoney}
                      inputMode="numeric"
                      leftSection={<Text size="sm">R$</Text>}
                      size="xs"
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The target, the sum picked and the difference, and (once something is picked) whether they fit. */
function MatchSums(props: {
  target: number;
  sum: number;
  difference: number;
  picking: boolean;
  problem: string | null;
}) {
  const m = t.match;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" role="status">
        <Text size="sm">
          {m.target}: <b>{formatBRL(props.target)}</b>
        </Text>
        <Text size="sm">
          {m.chosen}: <b>{formatBRL(props.sum)}</b>
        </Text>
        <Text size="sm" c={props.difference === 0 ? 'teal.9' : 'red.9'}>
          {m.difference}: <b>{formatBRL(props.difference)}</b>
        </Text>
      </SimpleGrid>
      {props.picking && (
        <Text size="sm" c={props.problem ? 'red.9' : 'teal.9'}>
          {props.problem ?? m.fits}
        </Text>
      )}
    </>
  );
}

/**
 * "Escolher título": the unit's open receivables (searchable), some of them picked with the amount each settles; the
 * amounts must add up to the payment's gross plus its coupon, and the difference shows as they are typed.
 */
export function MatchDialog(props: {
  accountId: string;
  payment: PaymentRow;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { payment } = props;
  const phone = usePhone();
  const idempotencyKey = useIdempotencyKey();
  const target = payment.gross + payment.coupon;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const picks = useReceivablePicks(target);
  const { chosen, problem } = picks;
  const range = { from: addDays(payment.approvalDay, -WINDOW_DAYS), to: addDays(payment.approvalDay, WINDOW_DAYS) };
  const receivables = useQuery(
    trpc.mercadopago.overview.receivables.queryOptions(
      { accountId: props.accountId, ...range, search: search || undefined, page, pageSize: RECEIVABLES_PAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const match = useMutation(
    trpc.mercadopago.reconciliation.match.mutationOptions({
      onSuccess: async () => {
        props.onClose();
        await props.onDone();
        notifySuccess(t.match.done);
      },
      onError: notifyApiError,
    }),
  );
  const rows = receivables.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((receivables.data?.total ?? 0) / RECEIVABLES_PAGE));
  const m = t.match;
  return (
    <Modal opened onClose={props.onClose} title={m.title(payment.sourceId)} size="xl" fullScreen={phone}>
      <Stack gap="sm">
        <PaymentFacts payment={payment} target={target} />
        <SearchInput
          value={search}
          label={m.search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <ReceivablesTable
          rows={rows}
          pending={receivables.isPending}
          busy={receivables.isFetching}
          picked={picks.picked}
          onToggle={picks.toggle}
          onAmount={picks.setAmount}
        />
        {receivables.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {m.empty}
          </Text>
        )}
        {receivables.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(receivables.error)}
          </Alert>
        )}
        {pages > 1 && (
          <Pagination size="sm" total={pages} value={page} onChange={setPage} aria-label={appMessages.table.pages} />
        )}
        <MatchSums
          target={target}
          sum={picks.sum}
          difference={picks.difference}
          picking={chosen.length > 0}
          problem={problem}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {appMessages.common.cancel}
          </Button>
          <Button
            disabled={chosen.length === 0 || problem !== null}
            loading={match.isPending}
            onClick={() =>
              match.mutate({
                settlementId: payment.id,
                allocations: chosen.map((p) => ({ installmentId: p.row.installmentId, amount: p.cents })),
                idempotencyKey,
              })
            }
          >
            {m.submit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Criar título": a receivable for a sale that had none, reconciled with it at once. */
export function CreateReceivableDialog(props: {
  payment: PaymentRow;
  settings: Settings | null;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { payment } = props;
  const phone = usePhone();
  const idempotencyKey = useIdempotencyKey();
  const c = t.create;
  const [partyId, setPartyId] = useState<string | null>(props.settings?.customerId ?? null);
  const [classificationId, setClassificationId] = useState<string | null>(
    props.settings?.receivableClassificationId ?? null,
  );
  const [costCentreId, setCostCentreId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const create = useMutation(
    trpc.mercadopago.reconciliation.createReceivable.mutationOptions({
      onSuccess: async () => {
        props.onClose();
        await props.onDone();
        notifySuccess(c.done);
      },
      onError: notifyApiError,
    }),
  );
  return (
    <Modal opened onClose={props.onClose} title={c.title(payment.sourceId)} size="lg" fullScreen={phone}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            settlementId: payment.id,
            partyId,
            classificationId,
            costCentreId,
            description: description.trim() || null,
            idempotencyKey,
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {c.intro(formatBRL(payment.gross + payment.coupon), formatCalendarDate(payment.approvalDay))}
          </Text>
          <Stack gap={2}>
            <ReferenceSelect
              label={c.customer}
              source={ledgerSources.receivable}
              value={partyId}
              onChange={setPartyId}
            />
            <Text size="xs" c="dimmed">
              {c.customerHelp}
            </Text>
          </Stack>
          <ReferenceSelect
            label={c.classification}
            source={ledgerSources.classifications}
            value={classificationId}
            onChange={setClassificationId}
          />
          <ReferenceSelect
            label={c.costCentre}
            source={ledgerSources.costCentres}
            value={costCentreId}
            onChange={setCostCentreId}
          />
          <TextInput
            label={c.description}
            placeholder={c.descriptionPlaceholder(payment.sourceId)}
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {appMessages.common.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {c.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Desfazer": the reconciliation's postings reversed, after a confirmation with the reason kept. */
export function UndoDialog(props: { payment: PaymentRow; onClose: () => void; onDone: () => Promise<void> }) {
  const idempotencyKey = useIdempotencyKey();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const u = t.undo;
  const undo = useMutation(
    trpc.mercadopago.reconciliation.undo.mutationOptions({
      onSuccess: async () => {
        props.onClose();
        await props.onDone();
        notifySuccess(u.done);
      },
      onError: notifyApiError,
    }),
  );
  return (
    <ConfirmDialog
      opened
      title={u.title}
      message={u.message(props.payment.sourceId)}
      confirmLabel={u.confirm}
      busy={undo.isPending}
      onConfirm={() => {
        setTried(true);
        if (reason.trim()) undo.mutate({ settlementId: props.payment.id, reason: reason.trim(), idempotencyKey });
      }}
      onClose={props.onClose}
    >
      <Textarea
        label={u.reason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        withAsterisk
        aria-required
        autosize
        minRows={2}
        maxLength={500}
        error={tried && !reason.trim() ? u.reasonRequired : undefined}
        data-autofocus
      />
    </ConfirmDialog>
  );
}
