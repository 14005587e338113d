import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { SimplifiedLayout } from '../../layouts/SimplifiedLayout';

/** A full-page message with an icon and actions: no tenants, unauthorized, not found. */
export function StatusPage({
  icon: IconComponent,
  title,
  text,
  children,
}: {
  icon: Icon;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <SimplifiedLayout maw={520}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconComponent size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {children}
      </Stack>
    </SimplifiedLayout>
  );
}
