import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { installPromptDecidedThisMonth, rememberInstallDecision } from './install-decision';

// Only an iPhone or iPad shows the steps: the others do not load them.
const IosInstallSteps = lazy(() => import('./IosInstallSteps').then((module) => ({ default: module.IosInstallSteps })));

export const INSTALL_PROMPT_DELAY_MS = 5000;

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent);
const isStandalone = () => window.matchMedia('(display-mode: standalone)').matches;

/** After 5 s: an install notification (Android/Chromium) or the iOS instructions, once a month. */
export function InstallPrompt() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);
  const [show, setShow] = useState<'android' | 'ios' | null>(null);

  useEffect(() => {
    if (isStandalone() || installPromptDecidedThisMonth()) return;
    const capture = (event: Event) => {
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', capture);
    const timer = setTimeout(() => setShow(isIos() ? 'ios' : 'android'), INSTALL_PROMPT_DELAY_MS);
    return () => {
      window.removeEventListener('beforeinstallprompt', capture);
      clearTimeout(timer);
    };
  }, []);

  const close = () => {
    rememberInstallDecision();
    setShow(null);
  };
  const t = appMessages.pwa;

  if (show === 'ios') {
    return (
      <Suspense fallback={null}>
        <IosInstallSteps onClose={close} />
      </Suspense>
    );
  }
  if (show === 'android' && deferred) {
    return (
      <Paper
        shadow="lg"
        p="md"
        withBorder
        role="dialog"
        style={{ position: 'fixed', bottom: 16, left: 16, right: 16, maxWidth: 420, zIndex: 300 }}
      >
        <Text fw={700}>{t.installTitle}</Text>
        <Text size="sm" c="dimmed" mb="sm">
          {t.installText}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={close}>
            {t.later}
          </Button>
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            onClick={async () => {
              await deferred.prompt();
              close();
            }}
          >
            {t.install}
          </Button>
        </Group>
      </Paper>
    );
  }
  return null;
}
