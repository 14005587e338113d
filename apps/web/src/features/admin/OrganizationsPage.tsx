import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { createOrganizationInput, formatDocument, maskCnpj, updateOrganizationInput } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { refreshTenants } from '../../api/session';
import { adminMessages } from '../../i18n/admin';
import { appMessages } from '../../i18n/app';
import { DataTable } from '../../ui/DataTable';
import type { FormValues } from '../../ui/form-values';
import { MaskedInput } from '../../ui/MaskedInput';
import { conflictOnField } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { StatusBadge } from '../../ui/StatusBadge';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty, useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { NameSlugFields } from './NameSlugFields';

const t = adminMessages.organizations;
const common = appMessages.common;

interface Organization {
  id: string;
  name: string;
  slug: string;
  status: 'active' | 'inactive';
  cnpj: string | null;
}

/** One form for both: a new organization's first unit, a saved one's status and CNPJ. */
type OrganizationValues = FormValues<z.input<typeof updateOrganizationInput>, 'name' | 'slug' | 'status' | 'cnpj'> &
  FormValues<z.input<typeof createOrganizationInput>, 'firstUnitName'>;

function OrganizationForm({
  organization,
  onClose,
  onCancel,
  onDirty,
}: {
  organization: Organization | null;
  onClose: () => void;
  /** Cancel: the screen asks first when something was typed. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<OrganizationValues>({
    initialValues: {
      name: organization?.name ?? '',
      slug: organization?.slug ?? '',
      status: organization?.status ?? 'active',
      cnpj: organization?.cnpj ? formatDocument(organization.cnpj) : '',
      firstUnitName: 'Matriz',
    },
    validate: schemaResolver(organization ? updateOrganizationInput.omit({ id: true }) : createOrganizationInput, {
      sync: true,
    }),
  });
  useReportDirty(form.isDirty(), onDirty);
  const done = async () => {
    await queryClient.invalidateQueries(trpc.tenants.organizations.list.pathFilter());
    await refreshTenants();
    notifySuccess(organization ? common.saved : t.created);
    onClose();
  };
  const onSaveError = conflictOnField(form, 'slug');
  const idempotencyKey = useIdempotencyKey();
  const create = useMutation(
    trpc.tenants.organizations.create.mutationOptions({ onSuccess: done, onError: onSaveError }),
  );
  const update = useMutation(
    trpc.tenants.organizations.update.mutationOptions({ onSuccess: done, onError: onSaveError }),
  );
  return (
    <form
      onSubmit={form.onSubmit(({ name, slug, status, cnpj, firstUnitName }) =>
        organization
          ? update.mutate({ id: organization.id, name, slug, status, cnpj })
          : create.mutate({ name, slug, firstUnitName, idempotencyKey }),
      )}
    >
      <Stack>
        <NameSlugFields form={form} nameLabel={t.name} editing={organization !== null} />
        {organization && (
          <MaskedInput
            label={t.cnpj}
            description={t.cnpjHelp}
            mask={maskCnpj}
            inputMode="numeric"
            {...form.getInputProps('cnpj')}
            value={form.values.cnpj}
            onChange={(cnpj) => form.setFieldValue('cnpj', cnpj)}
          />
        )}
        {organization ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {adminMessages.status}
            </Text>
            <SegmentedControl
              data={[
                { value: 'active', label: common.status.active },
                { value: 'inactive', label: common.status.inactive },
              ]}
              {...form.getInputProps('status')}
            />
            {form.values.status === 'inactive' && (
              <Text size="xs" c="orange">
                {t.inactiveHelp}
              </Text>
            )}
          </Stack>
        ) : (
          <TextInput label={t.firstUnit} description={t.firstUnitHelp} {...form.getInputProps('firstUnitName')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {organization ? common.save : common.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Organizations the user manages; users whose account allows it create new ones and administer them. */
export function OrganizationsPage() {
  const list = useQuery(trpc.tenants.organizations.list.queryOptions());
  const [editing, setEditing] = useState<Organization | 'new' | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const close = () => setEditing(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          {t.intro}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t.new}
        </Button>
      </Group>
      <DataTable
        minWidth={520}
        query={list}
        rows={list.data}
        rowKey={(o) => o.id}
        empty={t.empty}
        onOpen={setEditing}
        columns={[
          {
            key: 'name',
            card: 'title',
            header: t.name,
            render: (o) => (
              <Text fw={600} size="sm">
                {o.name}
              </Text>
            ),
          },
          {
            key: 'slug',
            card: 'figure',
            header: adminMessages.slug,
            render: (o) => (
              <Text size="sm" ff="monospace">
                {o.slug}
              </Text>
            ),
          },
          { key: 'units', card: 'figure', header: t.units, align: 'right', render: (o) => o.units },
          {
            key: 'status',
            card: 'status',
            header: adminMessages.status,
            render: (o) => <StatusBadge status={o.status} />,
          },
          {
            key: 'actions',
            card: 'actions',
            header: '',
            align: 'right',
            render: (o) => (
              <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setEditing(o)}>
                {common.edit}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => unsaved.confirmClose(close)}
        title={editing === 'new' ? t.new : t.edit}
      >
        {editing !== null && (
          <OrganizationForm
            organization={editing === 'new' ? null : editing}
            onClose={close}
            onCancel={() => unsaved.confirmClose(close)}
            onDirty={setDirty}
          />
        )}
      </Modal>
      {unsaved.dialog}
    </Stack>
  );
}
