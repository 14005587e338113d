import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { appMessages } from '../../i18n/app';
import { useAuthzStore } from '../../stores/session';

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
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        {/* Named by the name it shows (label in name); on a phone, where only the initials show, by a hidden copy. */}
        <UnstyledButton>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email ?? user?.username}</Menu.Label>
        <Menu.Item component={Link} to="/account/profile" leftSection={<IconUserCircle size={16} />}>
          {appMessages.shell.account}
        </Menu.Item>
        <Menu.Item component={Link} to="/auth/sign-out" color="red" leftSection={<IconLogout size={16} />}>
          {appMessages.shell.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
