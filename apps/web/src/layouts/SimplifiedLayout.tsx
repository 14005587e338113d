import type { ReactNode } from 'react';
import { Box, Card, Center } from '@mantine/core';
import { Brand } from './AuthLayout';

/** The simplified layout (select-tenant, no-tenants, unauthorized, not found): the brand and one card. */
export function SimplifiedLayout({ children, maw = 540 }: { children: ReactNode; maw?: number }) {
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'md', sm: 48 }} px="md">
      <Center mb="lg">
        <Brand />
      </Center>
      <Center>
        <Card w="100%" maw={maw} p={{ base: 'lg', sm: 32 }} shadow="sm">
          {children}
        </Card>
      </Center>
    </Box>
  );
}
