import { Alert, Anchor, Button, Group, Loader, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconCalendarRepeat, IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  addMonths,
  contractGenerationInput,
  contractPeriods,
  formatBRL,
  formatCalendarDate,
  ledgerPermission,
  parseDateText,
  todayInSaoPaulo,
  type DocumentKind,
  type Periodicity,
} from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { appMessages } from '../../i18n/app';
import { recurrenceMessages } from '../../i18n/recurrences';
import { notifyApiError } from '../../ui/api-error';
import { DateField } from '../../ui/DateField';
import { Figure } from '../registries/cells';
import { useCan } from '../tenants/use-can';

const t = recurrenceMessages.contract;

/** What generating needs of a saved contract. */
export interface GeneratedContract {
  id: string;
  object: string;
  partyId: string;
  value: number;
  periodicity: Periodicity;
  startDate: string;
  endDate: string | null;
  status: 'active' | 'inactive';
}

interface Generated {
  kind: DocumentKind;
  created: number;
  existing: number;
  from: string;
  to: string;
}

const listPath = (kind: DocumentKind) => (kind === 'payable' ? '/contas/pagar' : '/contas/receber');
/** The list's filters that show what was generated: the contract's party, due in the range. */
const listSearch = (partyId: string, from: string, to: string) => ({ partyId, period: 'custom', from, to });

/** What was generated: how many documents, how many were there before, and a link to them in their list. */
function GenerationDone(props: { contract: GeneratedContract; done: Generated; onClose: () => void }) {
  const { done } = props;
  const navigate = useNavigate();
  const search = listSearch(props.contract.partyId, done.from, done.to);
  return (
    <Stack>
      <Alert color="teal" icon={<IconCircleCheck />} role="status">
        <Text size="sm" fw={600}>
          {t.result(done.created, done.existing)}
        </Text>
      </Alert>
      <Group justify="space-between">
        <Anchor
          href={`${listPath(done.kind)}?${new URLSearchParams(search).toString()}`}
          onClick={(click) => {
            click.preventDefault();
            void navigate({ to: listPath(done.kind), search });
          }}
          size="sm"
          fw={600}
        >
          {t.open[done.kind]}
        </Anchor>
        <Button variant="default" onClick={props.onClose} data-autofocus>
          {appMessages.common.close}
        </Button>
      </Group>
    </Stack>
  );
}

/** The due dates the period holds, each at the contract's value, saying which exist already and which will be made. */
function GenerationPreview(props: {
  value: number;
  periods: ReturnType<typeof contractPeriods>;
  existing: Set<string>;
  toCreate: number;
}) {
  const { periods, existing } = props;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} aria-live="polite">
        {t.summary(props.toCreate, formatBRL(props.toCreate * props.value), existing.size)}
      </Text>
      <Table striped withTableBorder aria-label={t.preview}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.dueDate}</Table.Th>
            <Table.Th ta="right">{t.amount}</Table.Th>
            <Table.Th>{t.situation}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {periods.map((p) => (
            <Table.Tr key={p.period}>
              <Table.Td>{formatCalendarDate(p.dueDate)}</Table.Td>
              <Table.Td ta="right">
                <Figure>{formatBRL(props.value)}</Figure>
              </Table.Td>
              <Table.Td>
                {/* Plain words rather than badges: a phone's narrow column wraps them instead of cutting. */}
                {existing.has(p.period) ? (
                  <Text size="sm" c="gray.7">
                    {t.exists}
                  </Text>
                ) : (
                  <Text size="sm" fw={600} c="blue.8">
                    {t.willCreate}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The generation dialog's body: the period and kind, the preview, then what was generated. */
function GenerationForm({ contract, onClose }: { contract: GeneratedContract; onClose: () => void }) {
  const queryClient = useQueryClient();
  const today = todayInSaoPaulo();
  // The current month and the next two: what a finance team usually books ahead.
  const [fromText, setFromText] = useState(formatCalendarDate(`${today.slice(0, 7)}-01`));
  const [toText, setToText] = useState(formatCalendarDate(addMonths(`${today.slice(0, 7)}-01`, 2, 31)));
  const [chosenKind, setChosenKind] = useState<DocumentKind | null>(null);
  const [done, setDone] = useState<Generated | null>(null);
  const from = parseDateText(fromText);
  const to = parseDateText(toText);
  const range = contractGenerationInput.safeParse({ contractId: contract.id, from: fromText, to: toText });
  const rangeError = from && to && !range.success ? range.error.issues[0]?.message : undefined;
  const valid = range.success && from !== null && to !== null;
  const preview = useQuery(
    trpc.ledger.contracts.preview.queryOptions(
      { contractId: contract.id, from: from ?? '', to: to ?? '' },
      { enabled: valid },
    ),
  );
  const periods = valid && from && to ? contractPeriods(contract, from, to) : [];
  const existing = new Set(preview.data?.existing ?? []);
  const toCreate = periods.filter((p) => !existing.has(p.period));
  const kinds = preview.data?.kinds ?? [];
  // A party that is both supplier and customer (or neither) leaves the choice to the person.
  const kind = kinds.length === 1 ? (kinds[0] ?? null) : chosenKind;
  const canPay = useCan(ledgerPermission('payable', 'editar'), 'unit');
  const canReceive = useCan(ledgerPermission('receivable', 'editar'), 'unit');
  const allowed = (k: DocumentKind) => (k === 'payable' ? canPay : canReceive);

  const generate = useMutation(
    trpc.ledger.contracts.generate.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries(trpc.ledger.pathFilter());
        setDone({
          kind: result.kind,
          created: result.created,
          existing: result.existing,
          from: from ?? '',
          to: to ?? '',
        });
      },
      onError: notifyApiError,
    }),
  );

  if (done) return <GenerationDone contract={contract} done={done} onClose={onClose} />;

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.help}
      </Text>
      {contract.status !== 'active' && (
        <Alert color="orange" p="xs">
          {t.inactive}
        </Alert>
      )}
      <Group grow align="flex-start">
        <DateField label={t.from} value={fromText} onChange={setFromText} data-autofocus />
        <DateField label={t.to} value={toText} onChange={setToText} error={rangeError} />
      </Group>
      {kinds.length !== 1 && preview.data && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="contract-generation-kind">
            {t.kind}
          </Text>
          <SegmentedControl
            aria-labelledby="contract-generation-kind"
            value={kind ?? ''}
            onChange={(value) => setChosenKind(value as DocumentKind)}
            data={(['payable', 'receivable'] as const).map((k) => ({
              value: k,
              label: t.kinds[k],
              disabled: !allowed(k),
            }))}
          />
        </Stack>
      )}
      {!valid && !rangeError && (
        <Text size="sm" c="dimmed">
          {t.choosePeriod}
        </Text>
      )}
      {valid && preview.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t.loading}
          </Text>
        </Group>
      )}
      {valid && preview.isError && (
        <Alert color="red" p="xs">
          {t.previewError}
        </Alert>
      )}
      {valid && preview.data && periods.length === 0 && <Text size="sm">{t.none}</Text>}
      {valid && preview.data && periods.length > 0 && (
        <GenerationPreview value={contract.value} periods={periods} existing={existing} toCreate={toCreate.length} />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {appMessages.common.cancel}
        </Button>
        <Button
          onClick={() =>
            generate.mutate({ contractId: contract.id, from: from ?? '', to: to ?? '', kind: kind ?? undefined })
          }
          loading={generate.isPending}
          disabled={contract.status !== 'active' || !preview.data || toCreate.length === 0 || !kind || !allowed(kind)}
        >
          {t.confirm(toCreate.length)}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Gerar contas" of a saved contract: the period, the kind when its party is both supplier and customer, the due
 * dates the period holds and which of them were generated before, then the documents and a link to them.
 */
export function ContractGeneration({ contract }: { contract: GeneratedContract }) {
  const canPay = useCan(ledgerPermission('payable', 'editar'), 'unit');
  const canReceive = useCan(ledgerPermission('receivable', 'editar'), 'unit');
  const [opened, setOpened] = useState(false);
  if (!canPay && !canReceive) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconCalendarRepeat size={16} />} onClick={() => setOpened(true)}>
        {t.action}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t.title(contract.object)} size="lg" centered>
        {opened && <GenerationForm contract={contract} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
