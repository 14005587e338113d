import { lazy, Suspense, useState } from 'react';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { appMessages } from '../../i18n/app';
import { useAuthzStore } from '../../stores/session';

// Menus are the heaviest of the header's components: this one comes when it is first opened.
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

export function UserMenu() {
  const user = useAuthzStore((s) => s.userData);
  const name = user?.name || user?.username || appMessages.product;
  const [used, setUsed] = useState(false);
  const button = (
    // Named by the name it shows (label in name); on a phone, where only the initials show, by a hidden copy.
    <UnstyledButton aria-haspopup="menu" aria-expanded={false} onClick={() => setUsed(true)}>
      <Group gap={8} wrap="nowrap">
        <Avatar color="brand" radius="xl" size={34} src={user?.picture ?? null} aria-hidden>
          {initials(name)}
        </Avatar>
        <Text size="sm" fw={600} visibleFrom="md" maw={160} truncate>
          {name}
        </Text>
        <VisuallyHidden hiddenFrom="md">{name}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenu label={user?.email ?? user?.username}>{button}</AccountMenu>
    </Suspense>
  );
}
