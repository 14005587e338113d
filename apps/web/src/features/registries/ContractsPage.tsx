import { ActionIcon, Button, FileButton, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_MAX_BYTES,
  contractInput,
  contractSchedule,
  formatBRL,
  formatCalendarDate,
  PERIODICITIES,
  READJUSTMENT_INDEXES,
} from '@financeiro/core';
import { registriesClient } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import { notifyApiError } from '../../ui/api-error';
import { base64Of, downloadBase64 } from '../../ui/download';
import { notifySuccess } from '../../ui/notify';
import { ContractGeneration } from '../ledger/ContractGeneration';
import { useCan } from '../tenants/use-can';
import { moneyText } from './fields';
import { RowTitle, Figure } from './cells';
import { RegistryPage } from './RegistryPage';
import { partiesSource, registrySource } from './sources';

const t = registryMessages.contracts;
type Contract = Awaited<ReturnType<typeof registriesClient.contracts.get.query>>;
type AttachmentType = Parameters<typeof registriesClient.contractAttachments.upload.mutate>[0]['contentType'];

/** The installments the contract being filled in implies, with the readjustment to come; nothing until it is valid. */
function Schedule({ values }: { values: Record<string, unknown> }) {
  const parsed = contractInput.safeParse(values);
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

/** A contract's files: attach PDF or images (size checked here and on the server), download, remove. */
function Attachments({ contract }: { contract: Contract }) {
  const canEdit = useCan('editar_contratos', 'unit');
  const queryClient = useQueryClient();
  const key = ['contract-attachments', contract.id];
  const files = useQuery({
    queryKey: key,
    queryFn: () => registriesClient.contractAttachments.list.query({ contractId: contract.id }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (file.size > ATTACHMENT_MAX_BYTES) throw new Error(t.tooLarge);
      return registriesClient.contractAttachments.upload.mutate({
        contractId: contract.id,
        fileName: file.name,
        contentType: file.type as AttachmentType,
        content: await base64Of(file),
      });
    },
    onSuccess: async () => {
      await refresh();
      notifySuccess(t.attached);
    },
    onError: notifyApiError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => registriesClient.contractAttachments.delete.mutate({ id }),
    onSuccess: async () => {
      await refresh();
      notifySuccess(t.removed);
    },
    onError: notifyApiError,
  });
  const download = async (id: string) => {
    try {
      downloadBase64(await registriesClient.contractAttachments.download.query({ id }));
    } catch (error) {
      notifyApiError(error);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>{t.attachments}</Title>
        {canEdit && (
          <FileButton
            onChange={(file) => file && upload.mutate(file)}
            accept="application/pdf,image/png,image/jpeg,image/webp"
          >
            {(button) => (
              <Button
                {...button}
                size="xs"
                variant="light"
                leftSection={<IconPaperclip size={14} />}
                loading={upload.isPending}
              >
                {t.attach}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t.attachmentsHelp}
      </Text>
      {files.isPending && <Loader size="xs" aria-label={t.loadingAttachments} />}
      {files.isError && (
        <Text size="sm" c="red">
          {t.attachmentsError}
        </Text>
      )}
      {files.data?.length === 0 && <Text size="sm">{t.noAttachments}</Text>}
      {files.data?.map((f) => (
        <Group key={f.id} justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {f.fileName}{' '}
            <Text span size="xs" c="dimmed">
              ({Math.ceil(f.size / 1024).toLocaleString('pt-BR')} KB)
            </Text>
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t.download(f.fileName)} onClick={() => void download(f.id)}>
              <IconDownload size={16} />
            </ActionIcon>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t.removeAttachment(f.fileName)}
                onClick={() => remove.mutate(f.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}

/** contas/contratos: contracts with parties, their installments and their files. */
export function ContractsPage() {
  return (
    <RegistryPage<Contract, Record<string, unknown>>
      name="contratos"
      client={registriesClient.contracts}
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
          source: registrySource('classifications', registriesClient.classifications),
        },
        {
          key: 'costCentreId',
          label: t.costCentre,
          kind: 'reference',
          half: true,
          source: registrySource('costCentres', registriesClient.costCentres),
        },
      ]}
      toValues={(c) => ({
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
          <Attachments contract={c} />
        </Stack>
      )}
    />
  );
}
