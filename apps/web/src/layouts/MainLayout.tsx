import { AppShell, Burger, Group, Loader, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { Brand } from './AuthLayout';
import { CommandPalette } from '../features/shell/CommandPalette';
import { PageHeader } from '../features/shell/PageHeader';
import { Sidebar } from '../features/shell/Sidebar';
import { CONTENT_ID, SkipLink } from '../features/shell/SkipLink';
import { TenantSwitcher } from '../features/shell/TenantSwitcher';
import { UserMenu } from '../features/shell/UserMenu';
import { appMessages } from '../i18n/app';
import { refreshTenants } from '../api/session';

/** How often an open app picks up profile changes made by an administrator. */
const TENANTS_REFRESH_MS = 60_000;

export function MainLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => close(), [pathname, close]);
  // A profile change made by an administrator reaches the menu on the next navigation, on returning to the window,
  // or within a minute: no need to sign out.
  useEffect(() => void refreshTenants(), [pathname]);
  useEffect(() => {
    const onFocus = () => void refreshTenants();
    window.addEventListener('focus', onFocus);
    const timer = window.setInterval(onFocus, TENANTS_REFRESH_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.clearInterval(timer);
    };
  }, []);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <SkipLink />
      <CommandPalette />
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={appMessages.shell.menu} />
            <Brand compact />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <TenantSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label={appMessages.shell.menu}>
        <AppShell.Section grow component={ScrollArea}>
          <Sidebar />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <PageHeader />
        <Suspense fallback={<Loader mx="auto" my="xl" display="block" aria-label={appMessages.shell.loading} />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
