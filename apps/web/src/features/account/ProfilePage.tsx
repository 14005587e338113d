import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { appMessages } from '../../i18n/app';
import { useAuthzStore } from '../../stores/session';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={500}>{value || appMessages.profile.none}</Text>
    </Stack>
  );
}

export function ProfilePage() {
  const user = useAuthzStore((s) => s.userData);
  const t = appMessages.profile;
  return (
    <Card p="lg" maw={720}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Field label={t.name} value={user?.name} />
        <Field label={t.username} value={user?.username} />
        <Field label={t.email} value={user?.email} />
        <Field label={t.phone} value={user?.phone_number} />
        <Field label={t.locale} value={user?.locale === 'pt-BR' ? 'Português (Brasil)' : user?.locale} />
      </SimpleGrid>
    </Card>
  );
}
