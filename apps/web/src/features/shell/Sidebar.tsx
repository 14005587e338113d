import { Badge, NavLink, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { appMessages } from '../../i18n/app';
import { fullPath, MENU_GROUPS } from '../../routes/table';
import { periodLabel, roadmapItem } from '../roadmap/roadmap';
import { useMenuScreens } from './use-menu-screens';

/**
 * The menu: the screens of `useMenuScreens`, in their groups.
 */
export function Sidebar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const visible = useMenuScreens();
  return (
    <Stack gap={2}>
      {MENU_GROUPS.map((group) => {
        const items = visible.filter((s) => s.group === group);
        if (items.length === 0) return null;
        return (
          <Stack key={group} gap={2} mb="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={2}>
              {group}
            </Text>
            {items.map((item) => {
              const Icon = item.display.icon;
              const to = fullPath(item);
              return (
                <NavLink
                  key={item.name}
                  component={Link}
                  to={to}
                  label={item.display.title}
                  leftSection={Icon ? <Icon size={18} stroke={1.6} /> : null}
                  rightSection={
                    // A screen not built yet says so before it is opened; its page tells what it will do.
                    item.upcoming ? (
                      <Badge
                        size="xs"
                        variant="light"
                        title={appMessages.comingSoon.planned(periodLabel(roadmapItem(item.upcoming).period))}
                      >
                        {appMessages.comingSoon.badge}
                      </Badge>
                    ) : null
                  }
                  active={pathname === to}
                  variant="filled"
                  style={{ borderRadius: 8 }}
                />
              );
            })}
          </Stack>
        );
      })}
    </Stack>
  );
}
