import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/spotlight/styles.css';
import { configureAmplify, loadIdentityConfig } from './features/auth/amplify';
import { refreshSession } from './api/session';
import { queryClient } from './api/trpc';
import { router } from './routes/router';
import { OfflineScreen } from './features/pwa/OfflineGate';
import { Notifications } from './ui/Notifications';
import { selectTextOnTab } from './ui/select-on-tab';
import { cssVariablesResolver, theme } from './theme';

/**
 * Opened without a connection (the installed app, offline), the configuration or the session cannot be fetched:
 * the offline screen, until the connection is back and the app starts again.
 */
function startOffline(root: HTMLElement) {
  createRoot(root).render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <OfflineScreen />
    </MantineProvider>,
  );
  window.addEventListener('online', () => window.location.reload(), { once: true });
}

async function start(root: HTMLElement) {
  try {
    await configureAmplify(await loadIdentityConfig());
    // The guard decides from the session, so the session is known before the first route loads.
    await refreshSession();
  } catch (error) {
    if (navigator.onLine && !(error instanceof TypeError)) throw error;
    startOffline(root);
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <Notifications />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

selectTextOnTab(document);
const root = document.getElementById('root');
if (root) void start(root);
