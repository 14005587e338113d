import { useEffect, useState } from 'react';
import { Center, Loader, Paper, Text } from '@mantine/core';
import { appMessages } from '../../i18n/app';

export const PULL_RELOAD_DELAY_MS = 1000;
const THRESHOLD_PX = 80;

/** On touch screens, pulling down from the top of the page reloads it after 1 s. */
export function PullToRefresh() {
  const [state, setState] = useState<'idle' | 'pulling' | 'refreshing'>('idle');

  useEffect(() => {
    let startY: number | null = null;
    let armed = false;
    const onStart = (e: TouchEvent) => {
      startY = window.scrollY === 0 ? (e.touches[0]?.clientY ?? null) : null;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      armed = (e.touches[0]?.clientY ?? 0) - startY > THRESHOLD_PX;
      setState(armed ? 'pulling' : 'idle');
    };
    const onEnd = () => {
      if (armed) {
        setState('refreshing');
        setTimeout(() => window.location.reload(), PULL_RELOAD_DELAY_MS);
      } else setState('idle');
      startY = null;
      armed = false;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
    };
  }, []);

  if (state === 'idle') return null;
  return (
    <Center style={{ position: 'fixed', top: 12, left: 0, right: 0, zIndex: 500 }}>
      <Paper shadow="md" px="md" py={6} radius="xl">
        {state === 'refreshing' ? <Loader size="xs" /> : <Text size="sm">{appMessages.pwa.pull}</Text>}
      </Paper>
    </Center>
  );
}
