import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useRouter } from '@tanstack/react-router';
import { confirmResetPassword } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { CodeInput, isCompleteCode } from './CodeInput';
import { recoveryErrorMessage } from './errors';
import { notifyError, notifySuccess } from '../../ui/notify';
import { meetsPasswordPolicy } from './password-policy';
import { PasswordRules } from './PasswordRules';

const t = authMessages.challenge;

/** The code from the e-mail and the new password; then back to sign-in with a success message. */
export function RecoveryChallengePage() {
  const router = useRouter();
  const params = new URLSearchParams(window.location.search);
  const username = params.get('username') ?? '';
  const destination = params.get('destination');
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { code: '', password: '', confirm: '' },
    validate: {
      code: (v) => (isCompleteCode(v) ? null : authMessages.confirm.codeInvalid),
      password: (v) => (meetsPasswordPolicy(v) ? null : authMessages.signUp.invalid.password),
      confirm: (v, values) => (v === values.password ? null : authMessages.signUp.invalid.confirm),
    },
  });

  if (!username) {
    return (
      <Stack>
        <AuthHeader title={t.title} />
        <Alert color="yellow">{t.missingUsername}</Alert>
        <Anchor component={Link} to="/auth/recovery">
          {authMessages.recovery.title}
        </Anchor>
      </Stack>
    );
  }

  async function submit(values: typeof form.values) {
    setBusy(true);
    try {
      await confirmResetPassword({ username, confirmationCode: values.code, newPassword: values.password });
      notifySuccess(t.success);
      router.history.push(`/auth/sign-in?username=${encodeURIComponent(username)}`);
    } catch (error) {
      notifyError(recoveryErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <AuthHeader title={t.title} />
      <Stack gap="md">
        {destination && (
          <Text size="sm">
            {authMessages.confirm.sentTo} <b>{destination}</b>.
          </Text>
        )}
        <CodeInput
          value={form.values.code}
          onChange={(code) => form.setFieldValue('code', code)}
          error={form.errors.code}
          autoFocus
        />
        <PasswordInput label={t.newPassword} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordRules password={form.values.password} />
        <PasswordInput label={t.confirm} autoComplete="new-password" {...form.getInputProps('confirm')} />
        <Button type="submit" loading={busy} fullWidth size="md">
          {t.submit}
        </Button>
      </Stack>
    </form>
  );
}
