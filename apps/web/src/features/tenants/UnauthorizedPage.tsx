import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { appMessages } from '../../i18n/app';
import { StatusPage } from './StatusPage';

export function UnauthorizedPage() {
  const page = new URLSearchParams(window.location.search).get('title') || appMessages.unauthorized.fallbackPage;
  return (
    <StatusPage icon={IconLock} title={appMessages.unauthorized.title} text={appMessages.unauthorized.text(page)}>
      <Button component={Link} to="/">
        {appMessages.unauthorized.home}
      </Button>
    </StatusPage>
  );
}
