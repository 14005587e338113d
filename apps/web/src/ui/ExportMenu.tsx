import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { appMessages } from '../i18n/app';
import type { ExportFormat } from './download';

const t = appMessages.common;

/**
 * "Exportar" with its two formats: CSV for systems, Excel for people; a report adds its PDF and "Imprimir" when it
 * passes `onPdf` and `onPrint`.
 */
export function ExportMenu(props: {
  onExport: (format: ExportFormat) => void;
  onPdf?: () => void;
  onPrint?: () => void;
  loading?: boolean;
  disabled?: boolean;
}) {
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
        {props.onPdf && (
          <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={props.onPdf}>
            {t.exportPdf}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => props.onExport('csv')}>
          {t.exportCsv}
        </Menu.Item>
        {props.onPrint && (
          <Menu.Item leftSection={<IconPrinter size={16} />} onClick={props.onPrint}>
            {t.print}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
