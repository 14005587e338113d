import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconReportMoney } from '@tabler/icons-react';
import { mercadoPagoMessages } from './messages';

const t = mercadoPagoMessages.empty;

/** No report in the month: which two reports Mercado Pago's panel gives, and where to find them. */
export function EmptyReports(props: { onImport?: () => void }) {
  return (
    <Paper withBorder p="lg" role="region" aria-labelledby="mp-empty-title">
      <Stack gap="sm" maw={760}>
        <IconReportMoney size={36} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={2} size="h4" id="mp-empty-title">
          {t.title}
        </Title>
        <Text size="sm">{t.intro}</Text>
        <List size="sm" spacing="xs" type="ordered">
          <List.Item>{t.settlement}</List.Item>
          <List.Item>{t.release}</List.Item>
        </List>
        <Text size="sm">{t.then}</Text>
        {props.onImport && (
          <div>
            <Button leftSection={<IconFileImport size={16} />} onClick={props.onImport}>
              {mercadoPagoMessages.actions.import}
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
