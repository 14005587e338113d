import { Outlet } from '@tanstack/react-router';
import { OfflineGate } from '../features/pwa/OfflineGate';
import { UpdatePrompt } from '../features/pwa/UpdatePrompt';
import { InstallPrompt } from '../features/pwa/InstallPrompt';
import { PullToRefresh } from '../features/pwa/PullToRefresh';

export function RootLayout() {
  return (
    <OfflineGate>
      <PullToRefresh />
      <Outlet />
      <UpdatePrompt />
      <InstallPrompt />
    </OfflineGate>
  );
}
