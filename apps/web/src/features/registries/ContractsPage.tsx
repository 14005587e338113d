import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  contractInput,
  contractSchedule,
  formatBRL,
  formatCalendarDate,
  PERIODICITIES,
  READJUSTMENT_INDEXES,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { Attachments } from '../../ui/Attachments';
import { ContractGeneration } from '../ledger/ContractGeneration';
import { inCentavos } from '../../ui/money-fields';
import { useCan } from '../tenants/use-can';
import { moneyText } from './fields';
import { RowTitle, Figure } from './cells';
import { RegistryPage } from './RegistryPage';
import { partiesSource, registrySource } from './sources';

const t = registryMessages.contracts;
type Contract = inferOutput<typeof trpc.registries.contracts.get>;
/**
 * The form's values: the installment's value as typed ("1.234,56"), the readjustment month as its select holds it
 * ("1" to "12"). The page hands them on as a plain record: the registry screen sends them as its procedures' input,
 * which holds the value in centavos.
 */
type ContractValues = FormValues<
  z.input<typeof contractInput>,
  | 'partyId'
  | 'object'
  | 'value'
  | 'periodicity'
  | 'startDate'
  | 'endDate'
  | 'readjustmentIndex'
  | 'readjustmentMonth'
  | 'classificationId'
  | 'costCentreId',
  'value' | 'readjustmentMonth'
>;

/** The installments the contract being filled in implies, with the readjustment to come; nothing until it is valid. */
function Schedule({ values }: { values: Record<string, unknown> }) {
  const parsed = contractInput.safeParse(inCentavos(values, ['value']));
  if (!parsed.success) return null;
  const contract = parsed.data;
  const installments = contractSchedule(contract);
  const total = installments.reduce((sum, i) => sum + i.amount, 0);
  return (
    <Stack gap="xs" mt="md">
      <Title order={5}>{t.schedule}</Title>
      <Text size="sm" c="dimmed">
        {contract.endDate ? t.scheduleTotal(installments.length, formatBRL(total)) : t.scheduleOpen}
      </Text>
      {contract.readjustmentIndex !== 'none' && contract.readjustmentMonth && (
        <Text size="sm" c="dimmed">
          {t.readjustNote(t.months[contract.readjustmentMonth - 1] ?? '', t.indexes[contract.readjustmentIndex])}
        </Text>
      )}
      <Table striped withTableBorder aria-label={t.schedule}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.installment}</Table.Th>
            <Table.Th>{t.dueDate}</Table.Th>
            <Table.Th ta="right">{t.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {installments.map((i) => (
            <Table.Tr key={i.number}>
              <Table.Td>{i.number}</Table.Td>
              <Table.Td>{formatCalendarDate(i.dueDate)}</Table.Td>
              <Table.Td ta="right">
                <Figure>{formatBRL(i.amount)}</Figure>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A contract's files: attach PDF or images, download, remove. */
function ContractFiles({ contract }: { contract: Contract }) {
  const canEdit = useCan('editar_contratos', 'unit');
  const files = useQuery(trpc.registries.contractAttachments.list.queryOptions({ contractId: contract.id }));
  const api = apiClient.registries.contractAttachments;
  return (
    <Attachments
      labels={t}
      files={files}
      refreshes={trpc.registries.contractAttachments.list.pathFilter()}
      help={t.attachmentsHelp}
      canAttach={canEdit}
      canRemove={() => canEdit}
      upload={(file) => api.upload.mutate({ contractId: contract.id, ...file })}
      remove={(id) => api.delete.mutate({ id })}
      download={(id) => api.download.query({ id })}
    />
  );
}

/** contas/contratos: contracts with parties, their installments and their files. */
export function ContractsPage() {
  return (
    <RegistryPage<Contract, Record<string, unknown>>
      name="contratos"
      procedures={trpc.registries.contracts}
      client={apiClient.registries.contracts}
      permissions={{ edit: 'editar_contratos', level: 'unit' }}
      labels={t}
      defaultSort="startDate"
      schema={contractInput}
      importable
      wide
      columns={[
        {
          key: 'object',
          card: 'title',
          header: t.object,
          render: (c) => <RowTitle sub={c.partyName}>{c.object}</RowTitle>,
        },
        {
          key: 'startDate',
          card: 'figure',
          header: t.period,
          sortable: true,
          render: (c) =>
            `${formatCalendarDate(c.startDate)} – ${c.endDate ? formatCalendarDate(c.endDate) : t.indefinite}`,
        },
        { key: 'periodicity', card: 'figure', header: t.periodicity, render: (c) => t.periodicities[c.periodicity] },
        {
          key: 'value',
          card: 'figure',
          header: t.value,
          sortable: true,
          align: 'right',
          render: (c) => <Figure>{formatBRL(c.value)}</Figure>,
        },
      ]}
      fields={[
        { key: 'partyId', label: t.party, kind: 'reference', source: partiesSource },
        { key: 'object', label: t.object },
        { key: 'value', label: t.value, kind: 'money', half: true },
        {
          key: 'periodicity',
          label: t.periodicity,
          kind: 'select',
          half: true,
          options: PERIODICITIES.map((p) => ({ value: p, label: t.periodicities[p] })),
        },
        { key: 'startDate', label: t.startDate, kind: 'date', half: true },
        { key: 'endDate', label: t.endDate, placeholder: t.endDateHelp, kind: 'date', half: true },
        {
          key: 'readjustmentIndex',
          label: t.readjustmentIndex,
          kind: 'select',
          half: true,
          options: READJUSTMENT_INDEXES.map((i) => ({ value: i, label: t.indexes[i] })),
        },
        {
          key: 'readjustmentMonth',
          label: t.readjustmentMonth,
          kind: 'select',
          disabledWhen: (values) => values.readjustmentIndex === 'none',
          half: true,
          options: t.months.map((m, i) => ({ value: String(i + 1), label: m })),
        },
        {
          key: 'classificationId',
          label: t.classification,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.classifications.options),
        },
        {
          key: 'costCentreId',
          label: t.costCentre,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.costCentres.options),
        },
      ]}
      toValues={(c): ContractValues => ({
        partyId: c?.partyId ?? '',
        object: c?.object ?? '',
        value: c ? moneyText(c.value) : '',
        periodicity: c?.periodicity ?? 'monthly',
        startDate: c?.startDate ?? '',
        endDate: c?.endDate ?? '',
        readjustmentIndex: c?.readjustmentIndex ?? 'none',
        readjustmentMonth: c?.readjustmentMonth ? String(c.readjustmentMonth) : '',
        classificationId: c?.classificationId ?? '',
        costCentreId: c?.costCentreId ?? '',
      })}
      csv={(c) => ({
        [t.object]: c.object,
        [t.value]: moneyText(c.value),
        [t.periodicity]: t.periodicities[c.periodicity],
        [t.startDate]: formatCalendarDate(c.startDate),
        [t.endDate]: c.endDate ? formatCalendarDate(c.endDate) : null,
        [t.readjustmentIndex]: t.indexes[c.readjustmentIndex],
      })}
      title={(c) => c.object}
      preview={(values) => <Schedule values={values} />}
      details={(c) => (
        <Stack gap="lg">
          <ContractGeneration contract={c} />
          <ContractFiles contract={c} />
        </Stack>
      )}
    />
  );
}
