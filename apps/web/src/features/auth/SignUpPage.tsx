import { useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  LoadingOverlay,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useRouter } from '@tanstack/react-router';
import { signUp, resendSignUpCode, autoSignIn } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { signUpError } from './errors';
import { notifyError } from '../../ui/notify';
import { formatPhone, toE164 } from './phone';
import { handleSignInStep } from './sign-in-steps';
import { meetsPasswordPolicy } from './password-policy';
import { PasswordRules } from './PasswordRules';
import { codeMedium, confirmPath, useSignUpStore } from './sign-up-store';

const t = authMessages.signUp;
const USERNAME = /^[a-z0-9._-]{3,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignUpPage() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: '', email: '', phone: '', username: '', password: '', confirm: '' },
    validate: {
      name: (v) => (v.trim().length >= 2 ? null : t.invalid.name),
      email: (v) => (EMAIL.test(v.trim()) ? null : t.invalid.email),
      phone: (v) => (!v.trim() || toE164(v) ? null : t.invalid.phone),
      username: (v) => (USERNAME.test(v.trim()) ? null : t.invalid.username),
      password: (v) => (meetsPasswordPolicy(v) ? null : t.invalid.password),
      confirm: (v, values) => (v === values.password ? null : t.invalid.confirm),
    },
  });

  const go = (path: string) => router.history.push(path);

  function showError(error: unknown) {
    const { message, emailExists } = signUpError(error, 'sign-up');
    if (!emailExists) return notifyError(message);
    const id = 'sign-up-email-exists';
    notifications.show({
      id,
      color: 'red',
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{message}</Text>
          <Button
            size="xs"
            variant="white"
            onClick={() => {
              notifications.hide(id);
              go(`/auth/sign-in?username=${encodeURIComponent(form.values.email.trim())}`);
            }}
          >
            {t.errors.emailExistsAction}
          </Button>
        </Group>
      ),
    });
  }

  async function submit(values: typeof form.values) {
    setBusy(true);
    const username = values.username.trim();
    try {
      const phone = toE164(values.phone);
      const { nextStep } = await signUp({
        username,
        password: values.password,
        options: {
          userAttributes: {
            name: values.name.trim(),
            email: values.email.trim().toLowerCase(),
            ...(phone ? { phone_number: phone } : {}),
            locale: 'pt-BR',
          },
          autoSignIn: true,
        },
      });
      if (nextStep.signUpStep === 'DONE') return go('/');
      if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        const result = await autoSignIn();
        return handleSignInStep(result.nextStep, { username, go });
      }
      const details = nextStep.codeDeliveryDetails;
      // No delivery details: ask for a code first, then confirm where it went.
      const sent = details?.deliveryMedium ? details : await resendSignUpCode({ username });
      useSignUpStore.getState().codeSent(username, sent);
      const medium = codeMedium(sent);
      if (medium) return go(confirmPath(medium));
      console.warn('Meio de entrega do código não suportado:', sent.deliveryMedium);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate style={{ position: 'relative' }}>
      <LoadingOverlay visible={busy} zIndex={10} overlayProps={{ blur: 1 }} />
      <AuthHeader title={t.title} subtitle={t.subtitle} />
      <Stack gap="sm">
        <TextInput label={t.name} autoComplete="name" autoFocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput
            label={t.phone}
            type="tel"
            autoComplete="tel-national"
            placeholder="(11) 91234-5678"
            {...form.getInputProps('phone')}
            onChange={(e) => form.setFieldValue('phone', formatPhone(e.currentTarget.value))}
          />
        </SimpleGrid>
        <TextInput
          label={t.username}
          description={t.usernameHint}
          autoComplete="username"
          {...form.getInputProps('username')}
          onChange={(e) => form.setFieldValue('username', e.currentTarget.value.toLowerCase())}
        />
        <PasswordInput label={t.password} autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordRules password={form.values.password} />
        <PasswordInput label={t.confirmPassword} autoComplete="new-password" {...form.getInputProps('confirm')} />
        <Button type="submit" fullWidth size="md" mt="xs">
          {t.submit}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t.haveAccount}{' '}
          <Anchor component={Link} to="/auth/sign-in" fw={600}>
            {t.signIn}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
