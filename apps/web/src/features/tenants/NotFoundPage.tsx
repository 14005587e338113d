import { Button } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { appMessages } from '../../i18n/app';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  return (
    <StatusPage icon={IconMapSearch} title={appMessages.notFound.title} text={appMessages.notFound.text}>
      <Button component={Link} to="/">
        {appMessages.notFound.home}
      </Button>
    </StatusPage>
  );
}
