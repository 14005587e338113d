import { lazy, Suspense } from 'react';
import { ActionIcon, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMatches } from '@tanstack/react-router';

// Few screens have help: their tooltip's code comes with the first of them, the button shows meanwhile.
const HelpTooltip = lazy(() => import('./HelpTooltip').then((module) => ({ default: module.HelpTooltip })));

/** Title, subtitle and help of the current screen, from its route metadata. */
export function PageHeader() {
  const display = useMatches({ select: (matches) => matches.at(-1)?.staticData.display });
  if (!display) return null;
  const Icon = display.icon;
  const help = (
    <ActionIcon variant="subtle" color="gray" aria-label={display.helpTooltip}>
      <IconInfoCircle size={18} />
    </ActionIcon>
  );
  return (
    <Group mb="lg" gap="sm" wrap="nowrap" align="center">
      {Icon && (
        <ThemeIcon size={40} radius="md" variant="light">
          <Icon size={22} />
        </ThemeIcon>
      )}
      <Stack gap={0}>
        <Group gap={6}>
          <Title order={1} fz={{ base: 20, sm: 24 }}>
            {display.title}
          </Title>
          {display.helpTooltip && (
            <Suspense fallback={help}>
              <HelpTooltip label={display.helpTooltip}>{help}</HelpTooltip>
            </Suspense>
          )}
        </Group>
        {display.subtitle && (
          <Text c="dimmed" size="sm">
            {display.subtitle}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
