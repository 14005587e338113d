import { useState } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconDeviceMobileMessage, IconShieldLock } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { confirmSignIn } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { failSignInStep, handleSignInStep } from './sign-in-steps';

const t = authMessages.mfaSelect;
const FACTORS = [
  { type: 'TOTP', label: authMessages.mfa.totp, icon: IconShieldLock },
  { type: 'SMS', label: authMessages.mfa.sms, icon: IconDeviceMobileMessage },
] as const;

/** The sign-in step CONTINUE_SIGN_IN_WITH_MFA_SELECTION — choose among the allowed factors, then continue with it. */
export function MfaSelectPage() {
  const router = useRouter();
  const go = (path: string) => router.history.push(path);
  const [busy, setBusy] = useState<string | null>(null);
  const allowed = (new URLSearchParams(window.location.search).get('allowed') ?? 'TOTP,SMS').split(',');

  async function choose(type: 'TOTP' | 'SMS') {
    setBusy(type);
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: type });
      await handleSignInStep(nextStep, { username: '', go });
    } catch (error) {
      failSignInStep(error, go);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <AuthHeader title={t.title} subtitle={t.subtitle} />
      {FACTORS.filter((f) => allowed.includes(f.type)).map((f) => (
        <Button
          key={f.type}
          variant="default"
          size="md"
          justify="flex-start"
          leftSection={<f.icon size={20} />}
          loading={busy === f.type}
          onClick={() => choose(f.type)}
        >
          {f.label}
        </Button>
      ))}
      <Anchor component={Link} to="/auth/sign-in" size="sm" ta="center">
        {authMessages.totp.back}
      </Anchor>
    </Stack>
  );
}
