import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { showInMenu } from '@financeiro/core';
import { fullPath, MENU_GROUPS, SCREENS } from '../../routes/table';
import { useAuthzStore, useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';

/**
 * The menu, from the same route table and the same guard as the router. An item shows when the guard lets the user
 * in now, or would after choosing a unit or organization that grants it; items the profile forbids are hidden.
 */
export function Sidebar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { authenticated, userData } = useAuthzStore();
  const memberships = useSessionStore((s) => s.tenants);
  const { selectedOrganization, selectedUnit, selectedDepartment } = useTenantStore();
  const selection = { organizationId: selectedOrganization, unitId: selectedUnit, departmentId: selectedDepartment };
  const visible = SCREENS.filter(
    (s) => s.group && showInMenu({ route: s.authz, authenticated, memberships, selection, userData }),
  );
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
