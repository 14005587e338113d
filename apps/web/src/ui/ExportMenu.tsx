import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { appMessages } from '../i18n/app';
import type { ExportFormat } from './download';

const t = appMessages.common;

/** "Exportar" with its two formats: CSV for systems, Excel for people. */
export function ExportMenu(props: { onExport: (format: ExportFormat) => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={props.loading}
          disabled={props.disabled}
        >
          {t.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => props.onExport('xlsx')}>
          {t.exportXlsx}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => props.onExport('csv')}>
          {t.exportCsv}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
