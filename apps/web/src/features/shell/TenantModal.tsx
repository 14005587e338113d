import { Modal } from '@mantine/core';
import type { TenantSelection } from '@financeiro/core';
import { appMessages } from '../../i18n/app';
import { useTenantStore } from '../../stores/tenant';
import { TenantSelector } from '../tenants/TenantSelector';

/** The dialog of `TenantSwitcher` in which the user changes where they work; its code loads when it first opens. */
export function TenantModal(props: { scope: 'unit' | 'department'; onSelect: (selection: TenantSelection) => void }) {
  const opened = useTenantStore((s) => s.manualShowSelector);
  const showSelector = useTenantStore((s) => s.showSelector);
  return (
    <Modal
      opened={opened}
      onClose={() => showSelector(false)}
      title={appMessages.selectTenant.title[props.scope]}
      size="lg"
    >
      <TenantSelector scope={props.scope} onSelect={props.onSelect} />
    </Modal>
  );
}
