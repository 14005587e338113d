import { cloneElement, useRef, type ReactElement, type Ref } from 'react';
import { Menu } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { appMessages } from '../../i18n/app';
import { dangerColor } from '../../theme';

/**
 * The menu of `UserMenu`'s button (the account, signing out): it loads on the button's first click, opens as it
 * appears, and stays for the next clicks.
 */
export function AccountMenu({
  label,
  children,
}: {
  label: string | undefined;
  children: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
}) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu
      defaultOpened
      // Opened as it mounts, it has no element to give the focus back to on closing, as it does after a click: its
      // button, which replaced the one clicked, takes the focus back.
      onClose={() => target.current?.focus()}
      position="bottom-end"
      width={220}
      shadow="md"
    >
      <Menu.Target>{cloneElement(children, { ref: target })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Menu.Item component={Link} to="/account/profile" leftSection={<IconUserCircle size={16} />}>
          {appMessages.shell.account}
        </Menu.Item>
        <Menu.Item component={Link} to="/auth/sign-out" color={dangerColor} leftSection={<IconLogout size={16} />}>
          {appMessages.shell.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
