import { Stack, Text, Title } from '@mantine/core';
import { useParams, useRouter } from '@tanstack/react-router';
import type { Scope, TenantSelection } from '@financeiro/core';
import { SimplifiedLayout } from '../../layouts/SimplifiedLayout';
import { appMessages } from '../../i18n/app';
import { fullPath, screenByName } from '../../routes/table';
import type { TenantTarget } from '../../routes/guard';
import { applySelection } from './apply-selection';
import { TenantSelector } from './TenantSelector';

const SCOPES: Scope[] = ['organization', 'unit', 'department'];

/** Where to go once chosen: the route that asked for the scope (`target`), or home. */
function targetHref(search: string): string {
  const raw = new URLSearchParams(search).get('target');
  if (!raw) return '/';
  try {
    const target = JSON.parse(raw) as TenantTarget;
    const screen = screenByName(target.name);
    if (!screen) return '/';
    return `${fullPath(screen)}${target.query ?? ''}`;
  } catch {
    return '/';
  }
}

/** The simplified layout at /select-tenant/{scope}. */
export function SelectTenantPage() {
  const router = useRouter();
  const { scope: raw } = useParams({ strict: false });
  const scope: Scope = SCOPES.find((s) => s === raw) ?? 'organization';

  async function choose(selection: TenantSelection) {
    await applySelection(selection);
    router.history.push(targetHref(window.location.search));
  }

  return (
    <SimplifiedLayout maw={560}>
      <Stack gap={4} mb="lg">
        <Title order={2} fz={22}>
          {appMessages.selectTenant.title[scope]}
        </Title>
        <Text size="sm" c="dimmed">
          {appMessages.selectTenant.subtitle}
        </Text>
      </Stack>
      <TenantSelector scope={scope} onSelect={choose} />
    </SimplifiedLayout>
  );
}
