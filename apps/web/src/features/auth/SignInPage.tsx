import { useEffect, useState } from 'react';
import { Anchor, Button, Checkbox, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { Link, useRouter } from '@tanstack/react-router';
import { signIn } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { signInErrorMessage } from './errors';
import { notifyError } from '../../ui/notify';
import { continueIfSignedIn, handleSignInStep } from './sign-in-steps';
import { useSignInStore } from './sign-in-store';

const t = authMessages.signIn;

export function SignInPage() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const remember = useSignInStore((s) => s.rememberDevice);
  const setRemember = useSignInStore((s) => s.setRememberDevice);
  const googleEnabled = useSignInStore((s) => s.googleEnabled);
  const redirectError = useSignInStore((s) => s.redirectError);
  useEffect(() => {
    if (!redirectError) return;
    notifyError(redirectError);
    useSignInStore.getState().setRedirectError(null);
  }, [redirectError]);
  const initialUsername = new URLSearchParams(window.location.search).get('username') ?? '';
  const form = useForm({
    initialValues: { username: initialUsername, password: '' },
    validate: {
      username: (v) => (v.trim() ? null : t.required),
      password: (v) => (v ? null : t.required),
    },
  });

  const go = (path: string) => router.history.push(path);

  async function submit(values: typeof form.values) {
    setBusy(true);
    const username = values.username.trim();
    try {
      const { nextStep } = await signIn({ username, password: values.password });
      await handleSignInStep(nextStep, { username, go });
    } catch (error) {
      if (!(await continueIfSignedIn(error, go))) notifyError(signInErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function signInWithGoogle() {
    setBusy(true);
    try {
      const { redirectToGoogle } = await import('./google-sign-in');
      await redirectToGoogle();
    } catch (error) {
      if (!(await continueIfSignedIn(error, go))) notifyError(authMessages.google.failed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <AuthHeader title={t.title} subtitle={t.subtitle} />
      <Stack gap="md">
        <TextInput
          label={t.username}
          placeholder={t.usernamePlaceholder}
          autoComplete="username"
          autoFocus
          {...form.getInputProps('username')}
        />
        <PasswordInput label={t.password} autoComplete="current-password" {...form.getInputProps('password')} />
        <Group justify="space-between" align="flex-start" mt={-4} wrap="nowrap">
          <Checkbox
            label={t.rememberDevice}
            description={t.rememberDeviceHint}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
            size="sm"
          />
          <Anchor component={Link} to="/auth/recovery" size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t.forgot}
          </Anchor>
        </Group>
        <Button type="submit" loading={busy} fullWidth size="md">
          {t.submit}
        </Button>
        {googleEnabled && (
          <>
            <Divider label={authMessages.google.or} labelPosition="center" my={-4} />
            <Button
              variant="default"
              fullWidth
              size="md"
              leftSection={<IconBrandGoogle size={18} />}
              onClick={signInWithGoogle}
              disabled={busy}
            >
              {authMessages.google.button}
            </Button>
          </>
        )}
        <Text size="sm" ta="center" c="dimmed">
          {t.noAccount}{' '}
          <Anchor component={Link} to="/auth/sign-up" fw={600}>
            {t.createAccount}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
