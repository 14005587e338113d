import { ActionIcon, Group, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMatches } from '@tanstack/react-router';

/** Title, subtitle and help of the current screen, from its route metadata. */
export function PageHeader() {
  const display = useMatches({ select: (matches) => matches.at(-1)?.staticData.display });
  if (!display) return null;
  const Icon = display.icon;
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
            <Tooltip label={display.helpTooltip} multiline w={260} withArrow>
              <ActionIcon variant="subtle" color="gray" aria-label={display.helpTooltip}>
                <IconInfoCircle size={18} />
              </ActionIcon>
            </Tooltip>
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
