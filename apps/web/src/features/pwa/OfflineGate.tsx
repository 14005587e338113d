import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Center, Loader, Overlay, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { formMessages } from '../../i18n/forms';
import { useOnlineStore } from '../../stores/session';

export const OFFLINE_CHECK_MS = 1000;
export const TOGGLE_FLASH_MS = 500;

/** The whole page, for when the app cannot work at all: it was opened without a connection. */
export function OfflineScreen() {
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

/**
 * Watches the connection every second. A drop while the app runs keeps the open screen, and what was typed
 * in it, under a banner: only the calls fail until the connection is back.
 */
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

  return (
    <>
      {!online && (
        <Alert
          role="status"
          color="orange"
          variant="filled"
          icon={<IconWifiOff size={18} />}
          title={formMessages.offlineBanner}
          // In a bottom corner: the header, the tenant switcher and a drawer's title stay in sight.
          pos="fixed"
          bottom={16}
          left={16}
          maw="min(360px, calc(100vw - 32px))"
          style={{ zIndex: 1000 }}
        >
          {formMessages.offlineBannerText}
        </Alert>
      )}
      {children}
      {/* The brief flash when the connection drops or returns covers the screen without replacing it. */}
      {flashing && (
        <Overlay fixed blur={1} color="#fff" backgroundOpacity={0.6} zIndex={1000} center>
          <Loader />
        </Overlay>
      )}
    </>
  );
}
