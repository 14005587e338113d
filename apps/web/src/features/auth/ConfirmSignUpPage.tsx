import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { autoSignIn, confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { CodeInput, isCompleteCode } from './CodeInput';
import { signUpError } from './errors';
import { notifyError, notifySuccess } from '../../ui/notify';
import { handleSignInStep } from './sign-in-steps';
import { codeMedium, confirmPath, RESEND_INTERVAL_MS, useSignUpStore, type CodeMedium } from './sign-up-store';

const t = authMessages.confirm;

function useSecondsUntil(lastSentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return lastSentAt === null ? 0 : Math.max(0, Math.ceil((lastSentAt + RESEND_INTERVAL_MS - now) / 1000));
}

function ConfirmSignUp({ medium }: { medium: CodeMedium }) {
  const router = useRouter();
  const { username, destination, medium: sentTo, lastSentAt } = useSignUpStore();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wait = useSecondsUntil(lastSentAt);
  const go = (path: string) => router.history.push(path);
  // Without delivery details (a code sent from another browser) the page cannot say where the code went.
  const title = sentTo === null ? t.titleAccount : medium === 'SMS' ? t.titleSms : t.titleEmail;

  if (!username) {
    return (
      <Stack>
        <AuthHeader title={medium === 'SMS' ? t.titleSms : t.titleEmail} />
        <Alert color="yellow">{t.missingUsername}</Alert>
        <Anchor component={Link} to="/auth/sign-up">
          {t.backToSignUp}
        </Anchor>
      </Stack>
    );
  }
  const currentUsername = username;

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return setError(t.codeInvalid);
    setError(null);
    setBusy(true);
    try {
      const { nextStep } = await confirmSignUp({ username: currentUsername, confirmationCode: code });
      useSignUpStore.getState().clear();
      if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        try {
          const result = await autoSignIn();
          return await handleSignInStep(result.nextStep, { username: currentUsername, go });
        } catch {
          // Auto sign-in needs the password typed on this browser tab; after a reload, ask for it.
          notifySuccess(t.confirmed);
          return go(`/auth/sign-in?username=${encodeURIComponent(currentUsername)}`);
        }
      }
      notifySuccess(t.confirmed);
      go(`/auth/sign-in?username=${encodeURIComponent(currentUsername)}`);
    } catch (e) {
      notifyError(signUpError(e, 'confirm').message);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (wait > 0) return notifyError(authMessages.signUp.errors.resendTooSoon);
    try {
      const sent = await resendSignUpCode({ username: currentUsername });
      useSignUpStore.getState().codeSent(currentUsername, sent);
      notifySuccess(t.resent);
      const sentMedium = codeMedium(sent);
      if (sentMedium && sentMedium !== medium) go(confirmPath(sentMedium));
    } catch (e) {
      notifyError(signUpError(e, 'resend').message);
    }
  }

  return (
    <form onSubmit={confirm} noValidate>
      <AuthHeader title={title} />
      <Stack gap="md">
        {sentTo === null ? (
          <Text size="sm">{t.sentRecently}</Text>
        ) : (
          <Text size="sm">
            {t.sentTo} <b>{destination ?? currentUsername}</b>.
          </Text>
        )}
        <CodeInput value={code} onChange={setCode} error={error} autoFocus />
        <Button type="submit" loading={busy} fullWidth size="md">
          {t.submit}
        </Button>
        <Button variant="subtle" onClick={resend} disabled={wait > 0}>
          {wait > 0 ? t.resendIn(wait) : t.resend}
        </Button>
      </Stack>
    </form>
  );
}

export function SignUpConfirmEmailPage() {
  return <ConfirmSignUp medium="EMAIL" />;
}

export function SignUpConfirmSmsPage() {
  return <ConfirmSignUp medium="SMS" />;
}
