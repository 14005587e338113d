import { ActionIcon, Alert, Badge, Button, Drawer, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PERMISSION_NAMES, type ProfilePermissions } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { adminMessages } from '../../i18n/admin';
import { appMessages } from '../../i18n/app';
import { useSessionStore } from '../../stores/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable } from '../../ui/DataTable';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useCan } from '../tenants/use-can';
import { ProfileEditor, type EditableProfile } from './ProfileEditor';
import { dangerColor } from '../../theme';

const t = adminMessages.profiles;

/** "Acesso total", or how many permissions and at how many units and departments. */
function reach(permissions: ProfilePermissions): string {
  if (permissions.organization === '*') return t.fullAccess;
  const organization = permissions.organization?.length ?? 0;
  const places = Object.keys(permissions).filter((k) => k !== 'organization').length;
  return t.reach(organization, places, PERMISSION_NAMES.length);
}

export function ProfilesPage() {
  const organization = useSessionStore((s) => s.selectedTenant?.organization);
  const canEdit = useCan('edit_profiles');
  const restrictedLocked = !useCan('manage_restricted_permissions');
  const [editing, setEditing] = useState<EditableProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EditableProfile | null>(null);
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const close = () => setEditing(null);
  const queryClient = useQueryClient();
  const list = useQuery(trpc.tenants.profiles.list.queryOptions());
  const remove = useMutation(
    trpc.tenants.profiles.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.tenants.profiles.list.pathFilter());
        notifySuccess(t.deleted);
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        notifyApiError(error);
      },
    }),
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          {t.intro}
        </Text>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t.new}
          </Button>
        )}
      </Group>
      <DataTable
        query={list}
        rows={list.data}
        rowKey={(p) => p.id}
        empty={t.empty}
        onOpen={canEdit ? setEditing : undefined}
        columns={[
          {
            key: 'name',
            card: 'title',
            header: t.name,
            render: (p) => (
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
                {p.description && (
                  <Text size="xs" c="dimmed">
                    {p.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'reach',
            card: 'figure',
            header: t.permissions,
            render: (p) => (
              <Badge variant="light" color={p.permissions.organization === '*' ? 'orange' : 'blue'}>
                {reach(p.permissions)}
              </Badge>
            ),
          },
          { key: 'members', card: 'figure', header: t.members, align: 'right', render: (p) => p.members },
          {
            key: 'actions',
            card: 'actions',
            header: '',
            align: 'right',
            width: 60,
            render: (p) =>
              canEdit && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`${appMessages.common.actions}: ${p.name}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(p)}>
                      {appMessages.common.edit}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconTrash size={16} />} color={dangerColor} onClick={() => setDeleting(p)}>
                      {t.delete}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              ),
          },
        ]}
      />
      <Drawer
        opened={editing !== null}
        onClose={() => unsaved.confirmClose(close)}
        position="right"
        size="xl"
        title={editing === 'new' ? t.new : t.edit}
      >
        {editing !== null && organization ? (
          <ProfileEditor
            profile={editing === 'new' ? null : editing}
            organization={organization}
            restrictedLocked={restrictedLocked}
            onCancel={() => unsaved.confirmClose(close)}
            onClose={close}
            onDirty={setDirty}
          />
        ) : (
          <Alert color="gray">{t.noOrganization}</Alert>
        )}
      </Drawer>
      {unsaved.dialog}
      <ConfirmDialog
        opened={deleting !== null}
        title={t.deleteTitle}
        message={t.deleteMessage(deleting?.name ?? '')}
        confirmLabel={t.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
