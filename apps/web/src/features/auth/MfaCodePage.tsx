import { useState } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { confirmSignIn } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { CodeInput, isCompleteCode } from './CodeInput';
import { failSignInStep, handleSignInStep } from './sign-in-steps';

/** The second-factor code at sign-in: from the authenticator app (totp page) or by SMS (sms page). */
function MfaCode({ medium }: { medium: 'totp' | 'sms' }) {
  const t = authMessages[medium];
  const destination = new URLSearchParams(window.location.search).get('destination');
  const router = useRouter();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return setError(authMessages.confirm.codeInvalid);
    setError(null);
    setBusy(true);
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: code });
      await handleSignInStep(nextStep, { username: '', go: (path) => router.history.push(path) });
    } catch (e) {
      failSignInStep(e, (path) => router.history.push(path));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <AuthHeader
        title={t.title}
        subtitle={medium === 'sms' && destination ? `${t.subtitle} ${destination}.` : t.subtitle}
      />
      <Stack gap="md">
        <CodeInput value={code} onChange={setCode} error={error} autoFocus />
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

export function TotpSignInPage() {
  return <MfaCode medium="totp" />;
}

export function SmsSignInPage() {
  return <MfaCode medium="sms" />;
}
