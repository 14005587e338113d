import { Anchor, Badge, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { showInMenu, type RouteAuthz } from '@financeiro/core';
import { appMessages } from '../../i18n/app';
import { useAuthzStore, useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';
import { periodLabel, type RoadmapItem } from '../roadmap/roadmap';

const t = appMessages.comingSoon;

/** Whether the menu would offer the Roadmap screen: the card links there only for profiles that may open it. */
function useMayOpen(authz: RouteAuthz): boolean {
  const { authenticated, userData } = useAuthzStore();
  const memberships = useSessionStore((s) => s.tenants);
  const { selectedOrganization, selectedUnit, selectedDepartment } = useTenantStore();
  const selection = { organizationId: selectedOrganization, unitId: selectedUnit, departmentId: selectedDepartment };
  return showInMenu({ route: authz, authenticated, memberships, selection, userData });
}

/** The honest state of a screen whose content arrives in a later version: what it will do and when, no fake data. */
export function ComingSoonPage({ item, roadmap }: { item: RoadmapItem; roadmap: { path: string; authz: RouteAuthz } }) {
  const canOpenRoadmap = useMayOpen(roadmap.authz);
  return (
    <Card p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCalendarEvent size={28} stroke={1.5} />
        </ThemeIcon>
        <Badge variant="light">{t.badge}</Badge>
        <Title order={2} fz={18}>
          {t.title}
        </Title>
        <Text size="sm">{item.description}</Text>
        <Text size="sm" fw={600}>
          {t.planned(periodLabel(item.period))}
        </Text>
        {canOpenRoadmap && (
          <Anchor component={Link} to={roadmap.path} size="sm">
            {t.roadmapLink}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
