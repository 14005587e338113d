import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { appMessages } from '../../i18n/app';

/** The honest state of a screen whose content arrives in a later version: no fake data. */
export function ComingSoonPage() {
  return (
    <Card p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" ta="center" gap="sm" maw={520} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz={18}>
          {appMessages.comingSoon.title}
        </Title>
        <Text c="dimmed" size="sm">
          {appMessages.comingSoon.text}
        </Text>
      </Stack>
    </Card>
  );
}
