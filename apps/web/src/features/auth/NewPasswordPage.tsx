import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRouter } from '@tanstack/react-router';
import { confirmSignIn } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { recoveryErrorMessage } from './errors';
import { notifyError } from '../../ui/notify';
import { meetsPasswordPolicy } from './password-policy';
import { PasswordRules } from './PasswordRules';
import { handleSignInStep } from './sign-in-steps';

const t = authMessages.newPassword;

/** Sign-in step CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: a user created with a temporary password chooses theirs. */
export function NewPasswordPage() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => (meetsPasswordPolicy(v) ? null : authMessages.signUp.invalid.password),
      confirm: (v, values) => (v === values.password ? null : authMessages.signUp.invalid.confirm),
    },
  });

  async function submit(values: typeof form.values) {
    setBusy(true);
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: values.password });
      await handleSignInStep(nextStep, { username: '', go: (path) => router.history.push(path) });
    } catch (error) {
      notifyError(recoveryErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <AuthHeader title={t.title} subtitle={t.subtitle} />
      <Stack gap="md">
        <PasswordInput
          label={authMessages.challenge.newPassword}
          autoComplete="new-password"
          autoFocus
          {...form.getInputProps('password')}
        />
        <PasswordRules password={form.values.password} />
        <PasswordInput
          label={authMessages.challenge.confirm}
          autoComplete="new-password"
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={busy} fullWidth size="md">
          {t.submit}
        </Button>
      </Stack>
    </form>
  );
}
