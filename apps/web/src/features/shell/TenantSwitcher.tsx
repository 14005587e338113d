import { lazy, Suspense, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconSwitchHorizontal } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { resolveSelection, type TenantSelection } from '@financeiro/core';
import { appMessages } from '../../i18n/app';
import { useSessionStore } from '../../stores/session';
import { useTenantStore } from '../../stores/tenant';
import { DialogLoader } from '../../ui/DialogLoader';
import { applySelection } from '../tenants/apply-selection';

const TenantModal = lazy(() => import('./TenantModal').then((module) => ({ default: module.TenantModal })));

/** "Organização › Unidade › Departamento" in the header, and the selector to change it (manualShowSelector). */
export function TenantSwitcher() {
  const router = useRouter();
  const memberships = useSessionStore((s) => s.tenants);
  const { selectedOrganization, selectedUnit, selectedDepartment, manualShowSelector, showSelector } = useTenantStore();
  // The dialog stays once it has opened, for its closing transition and the next opening.
  const [asked, setAsked] = useState(false);
  if (manualShowSelector && !asked) setAsked(true);
  const resolved = resolveSelection(memberships, {
    organizationId: selectedOrganization,
    unitId: selectedUnit,
    departmentId: selectedDepartment,
  });
  const department = resolved?.unit?.departments.find((d) => d.id === selectedDepartment);
  const parts = [resolved?.organization.name, resolved?.unit?.name, department?.name].filter(Boolean);
  const label = parts.length > 0 ? parts.join(' › ') : appMessages.shell.chooseTenant;
  // Choosing a unit also chooses its organization, so the header offers units even on organization-wide screens;
  // departments while the user works at department level, which a department screen asked them to choose (a
  // requester keeps theirs on the unit's dashboard too).
  const scope = selectedDepartment ? 'department' : 'unit';

  async function choose(selection: TenantSelection) {
    await applySelection(selection);
    await router.invalidate();
  }

  return (
    <>
      <Button
        variant="light"
        size="sm"
        rightSection={<IconSwitchHorizontal size={16} />}
        onClick={() => showSelector(true)}
        maw={{ base: 210, sm: 420 }}
        aria-label={`${label} — ${appMessages.shell.changeTenant}`}
      >
        <Text size="sm" fw={600} truncate>
          {label}
        </Text>
      </Button>
      {asked && (
        <Suspense fallback={<DialogLoader />}>
          <TenantModal scope={scope} onSelect={choose} />
        </Suspense>
      )}
    </>
  );
}
