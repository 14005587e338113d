import { ActionIcon, Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import {
  IconDots,
  IconKey,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldCheck,
  IconShieldLock,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { formatDateTime } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { adminMessages } from '../../i18n/admin';
import { appMessages } from '../../i18n/app';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../ui/DataTable';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { SearchInput } from '../../ui/SearchInput';
import { StatusFilter } from '../../ui/StatusFilter';
import { useUrlState } from '../../ui/use-url-state';
import { useCan } from '../tenants/use-can';
import { ChangeProfileDialog, InviteDialog, SetPasswordDialog, type MemberRef } from './MemberDialogs';
import { dangerColor } from '../../theme';

const t = adminMessages.members;
const PAGE_SIZE = 20;

type Pending = { kind: 'remove' | 'suspend'; member: MemberRef } | null;
type Member = inferOutput<typeof trpc.tenants.members.list>['rows'][number];

/** Suspending, reactivating and removing members, and requiring their MFA; suspending and removing ask first. */
function useMemberActions() {
  const [pending, setPending] = useState<Pending>(null);
  const queryClient = useQueryClient();
  const after = (message: string) => async () => {
    await queryClient.invalidateQueries(trpc.tenants.members.list.pathFilter());
    notifySuccess(message);
    setPending(null);
  };
  const onError = (error: unknown) => {
    setPending(null);
    notifyApiError(error);
  };
  const setStatus = useMutation(trpc.tenants.members.setStatus.mutationOptions({ onError }));
  const remove = useMutation(trpc.tenants.members.remove.mutationOptions({ onSuccess: after(t.removed), onError }));
  const mfa = useMutation(trpc.tenants.members.setMfaRequired.mutationOptions({ onError }));
  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    setMfa: (membershipId: string, required: boolean) =>
      mfa.mutate({ membershipId, required }, { onSuccess: after(required ? t.mfaRequiredDone : t.mfaWaivedDone) }),
    reactivate: (member: MemberRef) =>
      setStatus.mutate({ id: member.id, status: 'active' }, { onSuccess: after(t.reactivated) }),
    confirm: () => {
      if (!pending) return;
      if (pending.kind === 'remove') remove.mutate({ id: pending.member.id });
      else setStatus.mutate({ id: pending.member.id, status: 'inactive' }, { onSuccess: after(t.suspendedDone) });
    },
    busy: setStatus.isPending || remove.isPending,
  };
}

type MemberActions = ReturnType<typeof useMemberActions>;

/** What a member's menu may offer, and what it opens. */
interface MemberMenuOptions {
  canEdit: boolean;
  canSetPassword: boolean;
  actions: MemberActions;
  onChangeProfile: (member: Member) => void;
  onSetPassword: (member: Member) => void;
}

/** A member's menu: change the profile, require or waive MFA, set a password, suspend or reactivate, remove. */
function MemberMenu(props: MemberMenuOptions & { member: Member }) {
  const { member: m, canEdit, actions } = props;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${appMessages.common.actions}: ${m.name ?? m.username}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && (
          <Menu.Item leftSection={<IconShieldCheck size={16} />} onClick={() => props.onChangeProfile(m)}>
            {t.changeProfile}
          </Menu.Item>
        )}
        {canEdit && (
          <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => actions.setMfa(m.id, !m.mfaRequired)}>
            {m.mfaRequired ? t.waiveMfa : t.requireMfa}
          </Menu.Item>
        )}
        {props.canSetPassword && (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => props.onSetPassword(m)}>
            {t.setPassword}
          </Menu.Item>
        )}
        {canEdit &&
          (m.status === 'active' ? (
            <Menu.Item
              leftSection={<IconPlayerPause size={16} />}
              onClick={() => actions.ask({ kind: 'suspend', member: m })}
            >
              {t.suspend}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => actions.reactivate(m)}>
              {t.reactivate}
            </Menu.Item>
          ))}
        {canEdit && (
          <Menu.Item
            leftSection={<IconTrash size={16} />}
            color={dangerColor}
            onClick={() => actions.ask({ kind: 'remove', member: m })}
          >
            {t.remove}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The members' columns: the person, profile, status badges, last access, and the menu of what may be done. */
function memberColumns(menu: MemberMenuOptions): Column<Member>[] {
  return [
    {
      key: 'name',
      card: 'title',
      header: t.person,
      render: (m) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {m.name ?? m.username}
          </Text>
          <Text size="xs" c="dimmed">
            {m.email ?? m.username}
          </Text>
        </Stack>
      ),
    },
    { key: 'profile', card: 'figure', header: t.profile, render: (m) => m.profileName },
    {
      key: 'status',
      card: 'status',
      header: adminMessages.status,
      render: (m) => (
        <Group gap={4}>
          <Badge variant="light" color={m.status === 'active' ? 'green' : 'gray'}>
            {m.status === 'active' ? appMessages.common.status.active : t.suspended}
          </Badge>
          {m.accountStatus === 'FORCE_CHANGE_PASSWORD' && (
            <Badge variant="light" color="yellow">
              {t.temporaryPassword}
            </Badge>
          )}
          {m.mfaRequired && (
            <Badge variant="light" color="indigo" leftSection={<IconShieldCheck size={12} />}>
              {t.mfaRequired}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'lastAccess',
      card: 'figure',
      header: t.lastAccess,
      render: (m) => (
        <Text size="sm" c={m.lastAccessAt ? undefined : 'dimmed'}>
          {m.lastAccessAt ? formatDateTime(new Date(m.lastAccessAt)) : t.never}
        </Text>
      ),
    },
    {
      key: 'actions',
      card: 'actions',
      header: '',
      align: 'right',
      width: 60,
      render: (m) => (menu.canEdit || menu.canSetPassword) && <MemberMenu member={m} {...menu} />,
    },
  ];
}

/** The organization's members: who they are, their profile, and what an administrator can do about them. */
export function UsersPage() {
  const canInvite = useCan('invite_users');
  const canEdit = useCan('edit_memberships');
  const canSetPassword = useCan('edit_user_passwords');
  const [filters, setFilters] = useUrlState({ search: '', profileId: '', status: 'all', page: 1 });
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<MemberRef | null>(null);
  const [settingPassword, setSettingPassword] = useState<MemberRef | null>(null);
  const profiles = useQuery(trpc.tenants.profiles.list.queryOptions());
  const list = useQuery({
    ...trpc.tenants.members.list.queryOptions({
      search: filters.search,
      page: filters.page,
      pageSize: PAGE_SIZE,
      ...(filters.profileId ? { profileId: filters.profileId } : {}),
      ...(filters.status !== 'all' ? { status: filters.status as 'active' | 'inactive' } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const actions = useMemberActions();
  const { pending } = actions;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <SearchInput value={filters.search} onSearch={(search) => setFilters({ search })} label={t.search} />
          <Select
            aria-label={t.profile}
            placeholder={t.allProfiles}
            clearable
            data={(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={filters.profileId || null}
            onChange={(profileId) => setFilters({ profileId: profileId ?? '' })}
            w={{ base: '100%', xs: 200 }}
          />
          <StatusFilter
            value={filters.status}
            onChange={(status) => setFilters({ status })}
            inactiveLabel={t.suspendedFilter}
          />
        </Group>
        {canInvite && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            {t.invite}
          </Button>
        )}
      </Group>
      <DataTable
        minWidth={760}
        query={list}
        rows={list.data?.rows}
        rowKey={(m) => m.id}
        empty={filters.search || filters.profileId || filters.status !== 'all' ? adminMessages.noMatch : t.empty}
        onOpen={canEdit ? setChanging : undefined}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPage: (page) => setFilters({ page }),
        }}
        columns={memberColumns({
          canEdit,
          canSetPassword,
          actions,
          onChangeProfile: setChanging,
          onSetPassword: setSettingPassword,
        })}
      />
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
      {changing && <ChangeProfileDialog member={changing} onClose={() => setChanging(null)} />}
      {settingPassword && <SetPasswordDialog member={settingPassword} onClose={() => setSettingPassword(null)} />}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'remove' ? t.removeTitle : t.suspendTitle}
        message={(pending?.kind === 'remove' ? t.removeMessage : t.suspendMessage)(
          pending?.member.name ?? pending?.member.username ?? '',
        )}
        confirmLabel={pending?.kind === 'remove' ? t.remove : t.suspend}
        busy={actions.busy}
        onConfirm={actions.confirm}
        onClose={actions.cancel}
      />
    </Stack>
  );
}
