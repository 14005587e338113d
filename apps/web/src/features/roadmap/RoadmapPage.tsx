import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconRoad } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { useUrlState } from '../../ui/use-url-state';
import { periodLabel, ROADMAP, type RoadmapStatus } from './roadmap';

const t = appMessages.roadmap;
const LOOK: Record<RoadmapStatus, { color: string; icon: typeof IconRoad }> = {
  shipped: { color: 'green', icon: IconCircleCheck },
  in_progress: { color: 'blue', icon: IconClockHour4 },
  planned: { color: 'gray', icon: IconRoad },
};
const STATUSES: RoadmapStatus[] = ['shipped', 'in_progress', 'planned'];

/** What the product has shipped, is building and plans, as a timeline. */
export function RoadmapPage() {
  const [filters, setFilters] = useUrlState({ status: 'all' });
  const items = ROADMAP.filter((i) => filters.status === 'all' || i.status === filters.status);
  const active = ROADMAP.filter((i) => i.status !== 'planned').length - 1;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {STATUSES.map((status) => (
          <Card key={status} p="md">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t.status[status]}
            </Text>
            <Text fz={22} fw={700} c={`${LOOK[status].color}.8`}>
              {ROADMAP.filter((i) => i.status === status).length}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SegmentedControl
        w={{ base: '100%', sm: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
        value={filters.status}
        onChange={(status) => setFilters({ status })}
        data={[{ value: 'all', label: t.all }, ...STATUSES.map((s) => ({ value: s, label: t.status[s] }))]}
      />
      <Card p="lg">
        <Timeline active={filters.status === 'all' ? active : -1} bulletSize={28} lineWidth={2}>
          {items.map((item) => {
            const Icon = LOOK[item.status].icon;
            return (
              <Timeline.Item
                key={item.id}
                color={LOOK[item.status].color}
                bullet={<Icon size={16} />}
                title={
                  <Group gap="xs">
                    <Title order={2} fz="md">
                      {item.title}
                    </Title>
                    <Badge variant="light" color={LOOK[item.status].color}>
                      {t.status[item.status]}
                    </Badge>
                  </Group>
                }
              >
                <Text size="xs" c="dimmed" mt={2}>
                  {periodLabel(item.period)}
                </Text>
                <Text size="sm" mt={4} maw={720}>
                  {item.description}
                </Text>
                <Group gap={6} mt={6}>
                  {item.areas.map((area) => (
                    <Badge key={area} size="sm" variant="outline" color="gray">
                      {area}
                    </Badge>
                  ))}
                </Group>
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Card>
    </Stack>
  );
}
