import { useEffect, useState, type ReactNode } from 'react';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { useOnlineStore } from '../../stores/session';

export const OFFLINE_CHECK_MS = 1000;
export const TOGGLE_FLASH_MS = 500;

/** Replaces the app with the offline screen while the browser is offline, checked every second (SPEC 2 and 9). */
export function OfflineGate({ children }: { children: ReactNode }) {
  const { online, setOnline } = useOnlineStore();
  const [flashing, setFlashing] = useState(false);

  useEffect(() => {
    let flash: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      const now = navigator.onLine;
      if (now === useOnlineStore.getState().online) return;
      setOnline(now);
      setFlashing(true);
      clearTimeout(flash);
      flash = setTimeout(() => setFlashing(false), TOGGLE_FLASH_MS);
    }, OFFLINE_CHECK_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(flash);
    };
  }, [setOnline]);

  if (flashing) {
    return (
      <Center h="100dvh">
        <Loader />
      </Center>
    );
  }
  if (!online) {
    return (
      <Center h="100dvh" px="md">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={72} radius="xl" variant="light">
            <IconWifiOff size={38} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            {appMessages.pwa.offline}
          </Title>
          <Text c="dimmed" maw={360}>
            {appMessages.pwa.offlineText}
          </Text>
        </Stack>
      </Center>
    );
  }
  return <>{children}</>;
}
