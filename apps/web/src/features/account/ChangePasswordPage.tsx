import { useState } from 'react';
import { Button, Card, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePassword } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { changePasswordErrorMessage } from '../auth/errors';
import { notifyError, notifySuccess } from '../../ui/notify';
import { meetsPasswordPolicy } from '../auth/password-policy';
import { PasswordRules } from '../auth/PasswordRules';

const t = authMessages.changePassword;

export function ChangePasswordPage() {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { current: '', password: '', confirm: '' },
    validate: {
      current: (v) => (v ? null : authMessages.signIn.required),
      password: (v, values) =>
        !meetsPasswordPolicy(v) ? authMessages.signUp.invalid.password : v === values.current ? t.sameAsCurrent : null,
      confirm: (v, values) => (v === values.password ? null : authMessages.signUp.invalid.confirm),
    },
  });

  async function submit(values: typeof form.values) {
    setBusy(true);
    try {
      await updatePassword({ oldPassword: values.current, newPassword: values.password });
      notifySuccess(t.success);
      form.reset();
    } catch (error) {
      notifyError(changePasswordErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card p="lg" maw={520}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <PasswordInput label={t.current} autoComplete="current-password" {...form.getInputProps('current')} />
          <PasswordInput label={t.newPassword} autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordRules password={form.values.password} />
          <PasswordInput label={t.confirm} autoComplete="new-password" {...form.getInputProps('confirm')} />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
