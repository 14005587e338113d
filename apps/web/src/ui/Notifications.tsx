import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Container = lazy(() => import('./NotificationsContainer').then((module) => ({ default: module.Container })));

/**
 * Where `notifications.show` appears. The container's code (with its transitions) loads with the first notification,
 * not with the app: most visits show none. A notification shown earlier waits in the store and appears with it.
 */
export function Notifications() {
  const pending = useNotifications().notifications.length > 0;
  const [loaded, setLoaded] = useState(false);
  if (pending && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
