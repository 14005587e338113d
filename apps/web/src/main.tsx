import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/spotlight/styles.css';
import 'dayjs/locale/pt-br';
import { configureAmplify, loadIdentityConfig } from './features/auth/amplify';
import { refreshSession } from './api/session';
import { queryClient } from './api/trpc';
import { router } from './routes/router';
import { cssVariablesResolver, theme } from './theme';

async function start(root: HTMLElement) {
  await configureAmplify(await loadIdentityConfig());
  // The guard decides from the session, so the session is known before the first route loads.
  await refreshSession();
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <Notifications position="top-right" autoClose={5000} />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
