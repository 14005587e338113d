import { lazy, Suspense, useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { DialogLoader } from '../../ui/DialogLoader';

const ScreenPalette = lazy(() => import('./ScreenPalette').then((module) => ({ default: module.ScreenPalette })));

/**
 * Ctrl+K (Cmd+K on a Mac), from anywhere, even a field: the palette of screens. Its code loads on the first use, not
 * with the app; a spinner stands where it opens until then.
 */
export function CommandPalette() {
  const [used, setUsed] = useState(false);
  const open = () => {
    setUsed(true);
    spotlight.open();
  };
  // From a field too: no element keeps the shortcut to itself.
  useHotkeys([['mod + K', open]], []);
  if (!used) return null;
  return (
    <Suspense fallback={<DialogLoader />}>
      <ScreenPalette />
    </Suspense>
  );
}
