import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../api/trpc';
import { logsMessages } from '../../i18n/logs';
import { apiErrorMessage } from '../../ui/api-error';
import { BarChart, DonutChart, themeColor } from '../../ui/Charts';
import { useUrlState } from '../../ui/use-url-state';
import { actionLabel } from './event-text';
import { dayEnd, dayStart, everyDay, saoPauloDay } from './period';
import { PeriodInput } from './PeriodInput';

const t = logsMessages.dashboard;
const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'yellow.6',
  'red.6',
  'lime.6',
  'pink.6',
  'gray.6',
];

const count = (events: number) => events.toLocaleString('pt-BR');
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card p="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={value.length > 12 ? 17 : 22} fw={700} lineClamp={2}>
        {value}
      </Text>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card p="md">
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Events per day, per person and per action over a chosen period (the last 30 days by default). */
export function EventsDashboardPage() {
  const [period, setPeriod] = useUrlState({ from: saoPauloDay(-29), to: saoPauloDay() });
  const data = useQuery(
    trpc.logs.events.dashboard.queryOptions({ from: dayStart(period.from), to: dayEnd(period.to) }),
  );
  const total = data.data?.perDay.reduce((sum, d) => sum + d.events, 0) ?? 0;
  return (
    <Stack>
      <Group>
        <PeriodInput from={period.from} to={period.to} onChange={setPeriod} />
      </Group>
      {data.isError && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t.error}>
          {apiErrorMessage(data.error)}
        </Alert>
      )}
      {data.isPending && <Skeleton h={320} radius="lg" />}
      {data.data && total === 0 && <Alert color="gray">{t.none}</Alert>}
      {data.data && total > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Stat label={t.total} value={count(total)} />
            <Stat label={t.people} value={String(data.data.perUser.length)} />
            <Stat label={t.topAction} value={actionLabel(data.data.perAction[0]?.action ?? '')} />
          </SimpleGrid>
          <ChartCard title={t.perDay}>
            <BarChart
              label={t.perDayChart}
              height={260}
              data={everyDay(period.from, period.to, data.data.perDay).map((d) => ({
                label: dayLabel(d.day),
                values: [d.events],
              }))}
              series={[{ name: t.events, color: 'indigo.6' }]}
              maxBarWidth={48}
              format={count}
            />
          </ChartCard>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ChartCard title={t.perUser}>
              <BarChart
                label={t.perUserChart}
                height={Math.max(160, data.data.perUser.length * 36)}
                horizontal
                data={data.data.perUser.map((u) => ({
                  label: u.name ?? u.username ?? logsMessages.system,
                  values: [u.events],
                }))}
                series={[{ name: t.events, color: 'teal.6' }]}
                maxBarWidth={28}
                format={count}
              />
            </ChartCard>
            <ChartCard title={t.perAction}>
              <Group justify="center">
                <DonutChart
                  label={t.perActionChart}
                  size={200}
                  thickness={28}
                  data={data.data.perAction.slice(0, COLORS.length).map((a, i) => ({
                    name: actionLabel(a.action),
                    value: a.events,
                    color: COLORS[i] ?? 'gray.6',
                  }))}
                  format={count}
                />
              </Group>
              <Stack gap={4} mt="md">
                {data.data.perAction.slice(0, COLORS.length).map((a, i) => (
                  <Group key={a.action} justify="space-between" wrap="nowrap">
                    <Group gap={6} wrap="nowrap">
                      <span
                        style={{
                          width: 10,
                          height: 10,
                          borderRadius: 5,
                          background: themeColor(COLORS[i] ?? 'gray.6'),
                        }}
                      />
                      <Text size="sm">{actionLabel(a.action)}</Text>
                    </Group>
                    <Text size="sm" fw={600}>
                      {count(a.events)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </ChartCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
