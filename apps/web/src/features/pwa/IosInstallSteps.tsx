import { Button, Group, List, Modal, Text } from '@mantine/core';
import { appMessages } from '../../i18n/app';

/** How to add the app to the home screen on an iPhone or iPad, which offer no install prompt of their own. */
export function IosInstallSteps({ onClose }: { onClose: () => void }) {
  const t = appMessages.pwa;
  return (
    <Modal opened onClose={onClose} title={t.installTitle} centered>
      <Text size="sm" mb="sm">
        {t.installText}
      </Text>
      <List type="ordered" size="sm" spacing={6}>
        {t.iosSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>Entendi</Button>
      </Group>
    </Modal>
  );
}
