import type { ReactNode } from 'react';
import { Box, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Brand } from '../../layouts/AuthLayout';

/** A full-page message with an icon and actions: no tenants, unauthorized, not found. */
export function StatusPage({ icon: IconComponent, title, text, children }: { icon: Icon; title: string; text: string; children?: ReactNode }) {
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'md', sm: 64 }} px="md">
      <Center mb="lg">
        <Brand />
      </Center>
      <Center>
        <Card w="100%" maw={520} p={{ base: 'lg', sm: 40 }} shadow="sm">
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
        </Card>
      </Center>
    </Box>
  );
}
