import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { confirmSignIn } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { AuthHeader } from './AuthHeader';
import { AUTHENTICATOR_NAME, TotpSetupForm } from './TotpSetupForm';
import { failSignInStep, handleSignInStep } from './sign-in-steps';
import { useSignInStore } from './sign-in-store';

const t = authMessages.totpSetup;

/** CONTINUE_SIGN_IN_WITH_TOTP_SETUP: the account requires a second factor and has none yet. */
export function TotpSetupSignInPage() {
  const router = useRouter();
  const go = (path: string) => router.history.push(path);
  const setup = useSignInStore((s) => s.totpSetup);
  const [busy, setBusy] = useState(false);

  async function verify(code: string): Promise<boolean> {
    setBusy(true);
    try {
      const { nextStep } = await confirmSignIn({
        challengeResponse: code,
        options: { friendlyDeviceName: AUTHENTICATOR_NAME },
      });
      await handleSignInStep(nextStep, { username: '', go });
      return true;
    } catch (error) {
      failSignInStep(error, go);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <AuthHeader title={t.title} subtitle={t.subtitle} />
      {setup ? (
        <TotpSetupForm setup={setup} busy={busy} onSubmit={verify} />
      ) : (
        <Stack gap="md">
          <Alert color="yellow">{t.expired}</Alert>
          <Button component={Link} to="/auth/sign-in">
            {t.back}
          </Button>
        </Stack>
      )}
      {setup && (
        <Anchor component={Link} to="/auth/sign-in" size="sm" ta="center" display="block" mt="md">
          {t.back}
        </Anchor>
      )}
    </>
  );
}
