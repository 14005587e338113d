import { useState } from 'react';
import { Button, Card, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { signOut } from 'aws-amplify/auth';
import { refreshSession } from '../../api/session';
import { authMessages } from '../../i18n/auth';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../ui/notify';

const t = authMessages.sessions;

/** GlobalSignOut: ends every session of the account, after a confirmation. */
export function SignOutEverywhere() {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    try {
      await signOut({ global: true });
      await refreshSession();
      notifySuccess(t.done);
      router.history.replace('/auth/sign-in');
    } catch {
      notifyError(authMessages.signIn.errors.unknown);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <Card p="lg" maw={720}>
      <Title order={2} fz={16} mb={4}>
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t.text}
      </Text>
      <Button variant="light" color="red" leftSection={<IconLogout size={16} />} onClick={() => setConfirming(true)}>
        {t.button}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t.button}
        message={t.confirm}
        confirmLabel={t.button}
        busy={busy}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
