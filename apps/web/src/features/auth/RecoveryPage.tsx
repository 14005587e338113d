import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useRouter } from '@tanstack/react-router';
import { resetPassword } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { recoveryErrorMessage } from './errors';
import { notifyError } from '../../ui/notify';

const t = authMessages.recovery;

/**
 * Asks for a reset code: /auth/recovery (forgotten password) and /auth/sign-in/reset (the identity service requires
 * a reset; the username comes filled from sign-in).
 */
function Recovery({ forced }: { forced: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: new URLSearchParams(window.location.search).get('username') ?? '' },
    validate: { username: (v) => (v.trim() ? null : authMessages.signIn.required) },
  });

  async function submit({ username }: typeof form.values) {
    setBusy(true);
    try {
      const { nextStep } = await resetPassword({ username: username.trim() });
      const destination = nextStep.codeDeliveryDetails.destination ?? '';
      router.history.push(
        `/auth/recovery/challenge?username=${encodeURIComponent(username.trim())}&destination=${encodeURIComponent(destination)}`,
      );
    } catch (error) {
      notifyError(recoveryErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <AuthHeader title={forced ? t.forcedTitle : t.title} subtitle={forced ? t.forcedSubtitle : t.subtitle} />
      <Stack gap="md">
        <TextInput label={t.username} autoComplete="username" autoFocus {...form.getInputProps('username')} />
        <Button type="submit" loading={busy} fullWidth size="md">
          {t.submit}
        </Button>
        <Anchor component={Link} to="/auth/sign-in" size="sm" ta="center">
          {t.back}
        </Anchor>
      </Stack>
    </form>
  );
}

export function RecoveryPage() {
  return <Recovery forced={false} />;
}

export function ForcedResetPage() {
  return <Recovery forced />;
}
