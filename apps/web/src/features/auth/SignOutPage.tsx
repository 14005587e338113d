import { useEffect } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { signOut } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { refreshSession } from '../../api/session';

/** Signs out, resets the stores, then goes to sign-in. */
export function SignOutPage() {
  const router = useRouter();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        await signOut();
      } finally {
        await refreshSession();
        if (!cancelled) router.history.replace('/auth/sign-in');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [router]);
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{authMessages.signOut.message}</Text>
      </Stack>
    </Center>
  );
}
