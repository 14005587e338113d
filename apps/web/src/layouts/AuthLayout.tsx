import { Suspense } from 'react';
import { Box, Card, Center, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { appMessages } from '../i18n/app';

export function Brand({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={34} radius="md" color={inverted ? 'white' : 'brand'} variant={inverted ? 'white' : 'filled'}>
        <Text fw={800} fz={18} c={inverted ? 'brand.7' : 'white'}>
          F
        </Text>
      </ThemeIcon>
      <Text fw={700} fz={19} c={inverted ? 'white' : 'brand.7'} visibleFrom={compact ? 'sm' : undefined}>
        {appMessages.product}
      </Text>
    </Group>
  );
}

/** Auth pages: a centred card over the brand colour. */
export function AuthLayout() {
  return (
    <Box
      mih="100dvh"
      py={{ base: 'md', sm: 48 }}
      px="md"
      style={{ background: 'linear-gradient(160deg, #19244f 0%, #2a3a78 55%, #eef0f8 55.2%)' }}
    >
      <Center mb="lg">
        <Brand inverted />
      </Center>
      <Center>
        <Card w="100%" maw={460} p={{ base: 'lg', sm: 32 }} shadow="xl" withBorder={false}>
          <Suspense fallback={<Loader mx="auto" my="xl" display="block" aria-label={appMessages.shell.loading} />}>
            <Outlet />
          </Suspense>
        </Card>
      </Center>
    </Box>
  );
}
