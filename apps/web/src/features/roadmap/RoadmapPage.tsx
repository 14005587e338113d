import { Badge, Card, Chip, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck, IconClockHour4, type Icon } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';
import { useUrlState } from '../../ui/use-url-state';
import { periodLabel, ROADMAP, ROADMAP_STATUSES as STATUSES, type RoadmapStatus } from './roadmap';

const t = appMessages.roadmap;
const LOOK: Record<RoadmapStatus, { color: string; icon: Icon }> = {
  shipped: { color: 'green', icon: IconCircleCheck },
  in_progress: { color: 'blue', icon: IconClockHour4 },
  planned: { color: 'gray', icon: IconCalendarEvent },
};

/** What the product has shipped, is building and plans, as a timeline. */
export function RoadmapPage() {
  const [filters, setFilters] = useUrlState({ status: 'all' });
  const status = STATUSES.find((s) => s === filters.status);
  const items = ROADMAP.filter((i) => status === undefined || i.status === status);
  // Items are in time order: the line is coloured up to the last one that is not merely planned.
  const active = items.findLastIndex((i) => i.status !== 'planned');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={3} spacing="xs">
        {STATUSES.map((s) => (
          <Card key={s} p="sm">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t.status[s]}
            </Text>
            <Text fz={22} fw={700} c={`${LOOK[s].color}.8`}>
              {ROADMAP.filter((i) => i.status === s).length}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Chip.Group value={status ?? 'all'} onChange={(value) => setFilters({ status: value })}>
        <Group gap="xs">
          {[{ value: 'all', label: t.all }, ...STATUSES.map((s) => ({ value: s, label: t.status[s] }))].map((c) => (
            <Chip key={c.value} value={c.value} variant="light">
              {c.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Timeline active={active} bulletSize={28} lineWidth={2}>
          {items.map((item) => {
            const Bullet = LOOK[item.status].icon;
            return (
              <Timeline.Item
                key={item.id}
                color={LOOK[item.status].color}
                bullet={<Bullet size={16} />}
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
