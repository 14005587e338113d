import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDots, IconPencil, IconPlus, IconPower } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unitInput } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { refreshTenants } from '../../api/session';
import { adminMessages } from '../../i18n/admin';
import { appMessages } from '../../i18n/app';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { conflictOnField, notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { StatusBadge } from '../../ui/StatusBadge';
import { SearchInput } from '../../ui/SearchInput';
import { StatusFilter } from '../../ui/StatusFilter';
import { useUrlState } from '../../ui/use-url-state';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty, useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { NameSlugFields } from './NameSlugFields';
import { useCan } from '../tenants/use-can';
import type { z } from 'zod';
import type { FormValues } from '../../ui/form-values';

type Kind = 'units' | 'departments';
interface Node {
  id: string;
  name: string;
  slug: string;
  status: 'active' | 'inactive';
  departments?: number;
}

const common = appMessages.common;

/**
 * The same procedures on units (of the organization) and departments (of the unit). The two answer their list, create
 * and update with rows of their own shapes, which one query or mutation cannot type: the screen declares one for each
 * kind and uses its own kind's (the other list is never asked for).
 */
const procedures = { units: trpc.tenants.units, departments: trpc.tenants.departments };

function NodeForm(props: {
  kind: Kind;
  node: Node | null;
  onClose: () => void;
  /** Cancel: the screen asks first when something was typed. */
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const t = adminMessages[props.kind];
  const queryClient = useQueryClient();
  const form = useForm<FormValues<z.input<typeof unitInput>, 'name' | 'slug'>>({
    initialValues: { name: props.node?.name ?? '', slug: props.node?.slug ?? '' },
    validate: schemaResolver(unitInput, { sync: true }),
  });
  useReportDirty(form.isDirty(), props.onDirty);
  const done = async () => {
    await queryClient.invalidateQueries(procedures[props.kind].pathFilter());
    await refreshTenants();
    notifySuccess(props.node ? common.saved : t.created);
    props.onClose();
  };
  const onSaveError = conflictOnField(form, 'slug');
  const idempotencyKey = useIdempotencyKey();
  const saved = { onSuccess: done, onError: onSaveError };
  const units = {
    create: useMutation(trpc.tenants.units.create.mutationOptions(saved)),
    update: useMutation(trpc.tenants.units.update.mutationOptions(saved)),
  };
  const departments = {
    create: useMutation(trpc.tenants.departments.create.mutationOptions(saved)),
    update: useMutation(trpc.tenants.departments.update.mutationOptions(saved)),
  };
  const { create, update } = props.kind === 'units' ? units : departments;
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        props.node ? update.mutate({ id: props.node.id, ...values }) : create.mutate({ ...values, idempotencyKey }),
      )}
    >
      <Stack>
        <NameSlugFields form={form} nameLabel={t.name} editing={props.node !== null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {props.node ? common.save : common.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A unit's or department's menu: edit, and activate or deactivate (the latter asks first). */
function NodeMenu(props: {
  node: Node;
  onEdit: (node: Node) => void;
  onDeactivate: (node: Node) => void;
  onActivate: (node: Node) => void;
}) {
  const n = props.node;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${common.actions}: ${n.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => props.onEdit(n)}>
          {common.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPower size={16} />}
          color={n.status === 'active' ? 'red' : undefined}
          onClick={() => (n.status === 'active' ? props.onDeactivate(n) : props.onActivate(n))}
        >
          {n.status === 'active' ? common.deactivate : common.activate}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Units of the organization or departments of the unit: list, create, edit, activate and deactivate. */
export function HierarchyPage({ kind }: { kind: Kind }) {
  const t = adminMessages[kind];
  const api = procedures[kind];
  const canEdit = useCan(
    kind === 'units' ? 'edit_units' : 'edit_departments',
    kind === 'units' ? 'organization' : 'unit',
  );
  const [filters, setFilters] = useUrlState({ search: '', status: 'all' });
  const [editing, setEditing] = useState<Node | 'new' | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const close = () => setEditing(null);
  const [toggling, setToggling] = useState<Node | null>(null);
  const queryClient = useQueryClient();
  const units = useQuery({ ...trpc.tenants.units.list.queryOptions(), enabled: kind === 'units' });
  const departments = useQuery({ ...trpc.tenants.departments.list.queryOptions(), enabled: kind === 'departments' });
  const list = kind === 'units' ? units : departments;
  const setStatus = useMutation(
    api.setStatus.mutationOptions({
      onSuccess: async (_data, input) => {
        await queryClient.invalidateQueries(api.pathFilter());
        await refreshTenants();
        notifySuccess(input.status === 'active' ? t.activated : t.deactivated);
        setToggling(null);
      },
      onError: notifyApiError,
    }),
  );
  const term = filters.search.toLowerCase();
  const rows = list.data?.filter(
    (n) =>
      (filters.status === 'all' || n.status === filters.status) &&
      (!term || n.name.toLowerCase().includes(term) || n.slug.includes(term)),
  );
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group>
          <SearchInput value={filters.search} onSearch={(search) => setFilters({ search })} label={t.search} />
          <StatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
        </Group>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t.new}
          </Button>
        )}
      </Group>
      <DataTable
        minWidth={520}
        query={list}
        rows={rows}
        rowKey={(n) => n.id}
        empty={list.data?.length ? adminMessages.noMatch : t.empty}
        onOpen={canEdit ? setEditing : undefined}
        columns={[
          {
            key: 'name',
            card: 'title',
            header: t.name,
            render: (n) => (
              <Text fw={600} size="sm">
                {n.name}
              </Text>
            ),
          },
          {
            key: 'slug',
            card: 'figure',
            header: adminMessages.slug,
            render: (n) => (
              <Text size="sm" ff="monospace">
                {n.slug}
              </Text>
            ),
          },
          ...(kind === 'units'
            ? [
                {
                  key: 'departments',
                  card: 'figure' as const,
                  header: t.departments ?? '',
                  align: 'right' as const,
                  render: (n: Node) => n.departments ?? 0,
                },
              ]
            : []),
          {
            key: 'status',
            card: 'status',
            header: adminMessages.status,
            render: (n) => <StatusBadge status={n.status} />,
          },
          {
            key: 'actions',
            card: 'actions',
            header: '',
            align: 'right',
            width: 60,
            render: (n) =>
              canEdit && (
                <NodeMenu
                  node={n}
                  onEdit={setEditing}
                  onDeactivate={setToggling}
                  onActivate={(node) => setStatus.mutate({ id: node.id, status: 'active' })}
                />
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
          <NodeForm
            kind={kind}
            node={editing === 'new' ? null : editing}
            onClose={close}
            onCancel={() => unsaved.confirmClose(close)}
            onDirty={setDirty}
          />
        )}
      </Modal>
      {unsaved.dialog}
      <ConfirmDialog
        opened={toggling !== null}
        title={t.deactivateTitle}
        message={t.deactivateMessage(toggling?.name ?? '')}
        confirmLabel={common.deactivate}
        busy={setStatus.isPending}
        onConfirm={() => toggling && setStatus.mutate({ id: toggling.id, status: 'inactive' })}
        onClose={() => setToggling(null)}
      />
    </Stack>
  );
}

export const UnitsPage = () => <HierarchyPage kind="units" />;
export const DepartmentsPage = () => <HierarchyPage kind="departments" />;
