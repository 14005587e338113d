import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { refreshSession } from '../../api/session';
import { appMessages } from '../../i18n/app';
import { useSessionStore } from '../../stores/session';
import { StatusPage } from './StatusPage';

export function NoTenantsPage() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const t = appMessages.noTenants;
  async function again() {
    setBusy(true);
    await refreshSession();
    setBusy(false);
    if (useSessionStore.getState().tenants.length > 0) router.history.push('/');
  }
  return (
    <StatusPage icon={IconBuildingOff} title={t.title} text={t.text}>
      <Group>
        <Button onClick={again} loading={busy}>
          {t.refresh}
        </Button>
        <Button component={Link} to="/auth/sign-out" variant="default">
          {t.signOut}
        </Button>
      </Group>
    </StatusPage>
  );
}
