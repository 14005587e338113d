import { Box } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';

/** Full-screen flows (the blank layout, at /fluxos): no menu, the whole page for the task. */
export function BlankLayout() {
  return (
    <Box mih="100dvh" p="md">
      <Outlet />
    </Box>
  );
}
