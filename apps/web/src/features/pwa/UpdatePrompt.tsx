import { useEffect, useState } from 'react';
import { Button, Group, Paper, Text, Transition } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { activateWaiting, registerServiceWorker } from './service-worker';

/** Registers /sw.js and, when a new version is waiting, offers to reload into it ("Nova Atualização"). */
export function UpdatePrompt() {
  // The new version, until the user answers; "Agora não" leaves it waiting for the next visit.
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => registerServiceWorker(setWaiting), []);
  return (
    <Transition mounted={waiting !== null} transition="slide-up" duration={300}>
      {(styles) => (
        <Paper
          role="alert"
          shadow="lg"
          p="md"
          withBorder
          style={{
            ...styles,
            position: 'fixed',
            bottom: 16,
            right: 16,
            left: 16,
            maxWidth: 420,
            marginLeft: 'auto',
            zIndex: 400,
          }}
        >
          <Text fw={700}>{appMessages.pwa.update}</Text>
          <Text size="sm" c="dimmed" mb="sm">
            {appMessages.pwa.updateText}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setWaiting(null)}>
              {appMessages.pwa.later}
            </Button>
            <Button
              size="xs"
              leftSection={<IconRefresh size={14} />}
              onClick={() => waiting && activateWaiting(waiting)}
            >
              {appMessages.pwa.reload}
            </Button>
          </Group>
        </Paper>
      )}
    </Transition>
  );
}
