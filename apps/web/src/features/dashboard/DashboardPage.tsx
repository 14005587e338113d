import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconKey, IconSitemap, IconUsers } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { tenantsApi } from '../../api/trpc';
import { appMessages } from '../../i18n/app';

const t = appMessages.dashboard;

function Stat({ icon: StatIcon, label, value }: { icon: Icon; label: string; value: string | number }) {
  return (
    <Card p="md">
      <Group wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          <StatIcon size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text fz={22} fw={700}>
            {value}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function PermissionBadges({ granted }: { granted: { name: string; label: string }[] }) {
  if (granted.length === 0) return null;
  return (
    <Group gap={6}>
      {granted.map((p) => (
        <Badge key={p.name} variant="light" tt="none" title={p.name}>
          {p.label}
        </Badge>
      ))}
    </Group>
  );
}

/** Real data of the selected unit until the finance screens fill the dashboard. */
export function DashboardPage() {
  const overview = useQuery(tenantsApi.getUnitOverview.queryOptions());

  if (overview.isPending) {
    return (
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={84} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton h={220} radius="lg" />
      </Stack>
    );
  }
  if (overview.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t.error}>
        <Button mt="sm" variant="white" color="red" onClick={() => overview.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  const data = overview.data;
  // What the user holds at the unit or in any of its departments: a requester's are in their department.
  const held = new Set(
    [data.permissions.granted, ...data.permissions.departments.map((d) => d.granted)].flat().map((p) => p.name),
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat icon={IconBuildingStore} label={t.unit} value={data.unit.name} />
        <Stat icon={IconSitemap} label={t.departments} value={data.departments.length} />
        <Stat icon={IconUsers} label={t.members} value={data.members.length} />
        <Stat icon={IconKey} label={t.permissionCount} value={data.permissions.all ? t.all : held.size} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card p="lg">
          <Title order={2} fz={16} mb="md">
            {t.departments}
          </Title>
          {data.departments.length === 0 ? (
            <Text c="dimmed">{t.noDepartments}</Text>
          ) : (
            <Stack gap="xs">
              {data.departments.map((d) => (
                <Group
                  key={d.id}
                  justify="space-between"
                  p="xs"
                  style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
                >
                  <Group gap="xs">
                    <IconSitemap size={16} stroke={1.6} />
                    <Text fw={500}>{d.name}</Text>
                  </Group>
                  <Badge variant="light" color={d.status === 'active' ? 'green' : 'gray'}>
                    {d.status === 'active' ? 'Ativo' : 'Inativo'}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
        <Card p="lg">
          <Title order={2} fz={16} mb="md">
            {t.members}
          </Title>
          {/* On a phone the table scrolls sideways: the region takes focus so the arrow keys can scroll it. */}
          <Table.ScrollContainer
            minWidth={320}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': t.members } }}
          >
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.name}</Table.Th>
                  <Table.Th>{t.username}</Table.Th>
                  <Table.Th>{t.profile}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.members.map((m) => (
                  <Table.Tr key={m.userId}>
                    <Table.Td>{m.name ?? '—'}</Table.Td>
                    <Table.Td>{m.username}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" style={{ overflow: 'visible' }}>
                        {m.profile}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </SimpleGrid>
      <Card p="lg">
        <Title order={2} fz={16} mb="md">
          {t.permissions}
        </Title>
        {data.permissions.all ? (
          <Text fw={600} c="brand.7">
            {t.allPermissions}
          </Text>
        ) : (
          <Stack gap="sm">
            {held.size === 0 && <Text c="dimmed">{t.noPermissions}</Text>}
            <PermissionBadges granted={data.permissions.granted} />
            {data.permissions.departments.map((d) => (
              <Stack key={d.id} gap={6}>
                <Text size="sm" fw={600}>
                  {t.inDepartment(d.name)}
                </Text>
                <PermissionBadges granted={d.granted} />
              </Stack>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
