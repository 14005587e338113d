import { Button, Group, Modal, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { changeProfileInput, inviteInput, setUserPasswordInput } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { refreshTenants } from '../../api/session';
import { adminMessages } from '../../i18n/admin';
import { appMessages } from '../../i18n/app';
import { notifyApiError } from '../../ui/api-error';
import type { FormValues } from '../../ui/form-values';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';

const t = adminMessages.members;
const common = appMessages.common;

type InviteValues = FormValues<z.input<typeof inviteInput>, 'email' | 'name' | 'profileId'>;
type ChangeProfileValues = FormValues<z.input<typeof changeProfileInput>, 'id' | 'profileId'>;

function useProfileOptions() {
  const profiles = useQuery(trpc.tenants.profiles.list.queryOptions());
  return (profiles.data ?? []).map((p) => ({ value: p.id, label: p.name }));
}

function useDone(message: string, onClose: () => void) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries(trpc.tenants.members.list.pathFilter());
    await refreshTenants();
    notifySuccess(message);
    onClose();
  };
}

function Actions({ busy, submit, onClose }: { busy: boolean; submit: string; onClose: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {common.cancel}
      </Button>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </Group>
  );
}

export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.invite}>
      <InviteForm onClose={onClose} />
    </Modal>
  );
}

/** Mounted at each opening of the dialog: empty fields and a new idempotency key. */
function InviteForm({ onClose }: { onClose: () => void }) {
  const options = useProfileOptions();
  const idempotencyKey = useIdempotencyKey();
  const form = useForm<InviteValues>({
    initialValues: { email: '', name: '', profileId: '' },
    validate: schemaResolver(inviteInput, { sync: true }),
  });
  const done = useDone(t.invited, onClose);
  const invite = useMutation(
    trpc.tenants.members.invite.mutationOptions({
      onSuccess: async (result) => {
        await done();
        if (!result.newAccount) notifySuccess(t.existingAccount);
      },
      onError: notifyApiError,
    }),
  );
  return (
    <form onSubmit={form.onSubmit((values) => invite.mutate({ ...values, idempotencyKey }))}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t.inviteHelp}
        </Text>
        <TextInput label={t.email} type="email" data-autofocus {...form.getInputProps('email')} />
        <TextInput label={t.name} {...form.getInputProps('name')} />
        <Select label={t.profile} data={options} searchable {...form.getInputProps('profileId')} />
        <Actions busy={invite.isPending} submit={t.sendInvite} onClose={onClose} />
      </Stack>
    </form>
  );
}

export interface MemberRef {
  id: string;
  name: string | null;
  username: string;
  profileId: string;
}

export function ChangeProfileDialog({ member, onClose }: { member: MemberRef | null; onClose: () => void }) {
  const options = useProfileOptions();
  const form = useForm<ChangeProfileValues>({
    initialValues: { id: member?.id ?? '', profileId: member?.profileId ?? '' },
    validate: schemaResolver(changeProfileInput, { sync: true }),
  });
  const done = useDone(t.profileChanged, onClose);
  const change = useMutation(
    trpc.tenants.members.changeProfile.mutationOptions({ onSuccess: done, onError: notifyApiError }),
  );
  return (
    <Modal opened={member !== null} onClose={onClose} title={t.changeProfile}>
      <form onSubmit={form.onSubmit((values) => change.mutate(values))}>
        <Stack>
          <Text size="sm">{member?.name ?? member?.username}</Text>
          <Select label={t.profile} data={options} data-autofocus {...form.getInputProps('profileId')} />
          <Actions busy={change.isPending} submit={common.save} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

export function SetPasswordDialog({ member, onClose }: { member: MemberRef | null; onClose: () => void }) {
  const form = useForm({
    initialValues: { membershipId: member?.id ?? '', password: '' },
    validate: schemaResolver(setUserPasswordInput, { sync: true }),
  });
  const done = useDone(t.passwordSet, onClose);
  const set = useMutation(
    trpc.tenants.members.setPassword.mutationOptions({ onSuccess: done, onError: notifyApiError }),
  );
  return (
    <Modal opened={member !== null} onClose={onClose} title={t.setPassword}>
      <form onSubmit={form.onSubmit((values) => set.mutate(values))}>
        <Stack>
          <Text size="sm">{t.setPasswordHelp(member?.name ?? member?.username ?? '')}</Text>
          <PasswordInput
            label={t.newPassword}
            data-autofocus
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Actions busy={set.isPending} submit={t.setPassword} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
