import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { fetchAuthSession, fetchDevices, forgetDevice, type FetchDevicesOutput } from 'aws-amplify/auth';
import { formatDateTime } from '@financeiro/core';
import { authMessages } from '../../i18n/auth';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../ui/notify';
import { deviceLabel } from '../../ui/device-name';

const t = authMessages.devices;
const KEY = ['devices'];
type Device = FetchDevicesOutput[number];

async function loadDevices(): Promise<{ devices: Device[]; current: string | null }> {
  const [devices, session] = await Promise.all([fetchDevices(), fetchAuthSession()]);
  const current = session.tokens?.accessToken.payload.device_key;
  return { devices, current: typeof current === 'string' ? current : null };
}

/** ListDevices (limit 60) with a way to forget each one, the current device included. */
export function DevicesCard() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: loadDevices });
  const [forgetting, setForgetting] = useState<Device | null>(null);
  const [busy, setBusy] = useState(false);
  const current = query.data?.current ?? null;

  async function confirmForget() {
    if (!forgetting) return;
    setBusy(true);
    try {
      await forgetDevice({ device: { id: forgetting.id } });
      notifySuccess(t.forgotten);
      // Forgetting this device ends its session: leave as the sign-out page does.
      if (forgetting.id === current) router.history.replace('/auth/sign-out');
      else await queryClient.invalidateQueries({ queryKey: KEY });
    } catch {
      notifyError(authMessages.signIn.errors.unknown);
    } finally {
      setBusy(false);
      setForgetting(null);
    }
  }

  return (
    <Card p="lg" maw={720}>
      <Title order={2} fz={16} mb={4}>
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t.text}
      </Text>
      {query.isPending ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red">{t.loadError}</Alert>
      ) : query.data.devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <Table verticalSpacing="sm" data-testid="devices">
          <Table.Tbody>
            {query.data.devices.map((device) => (
              <Table.Tr key={device.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <IconDevices size={18} stroke={1.6} style={{ flexShrink: 0 }} />
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {deviceLabel(device.name) ?? t.unknownDevice}
                        </Text>
                        {device.id === current && (
                          <Badge size="xs" variant="light">
                            {t.current}
                          </Badge>
                        )}
                        {device.attributes['dev:device_remembered_status'] === 'remembered' && (
                          <Badge size="xs" variant="light" color="teal">
                            {t.remembered}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {device.lastAuthenticatedDate &&
                          `${t.lastUsed}: ${formatDateTime(device.lastAuthenticatedDate)}`}
                        {device.createDate && ` · ${t.since} ${formatDateTime(device.createDate)}`}
                      </Text>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setForgetting(device)}>
                    {t.forget}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={forgetting !== null}
        title={t.forgetTitle}
        message={forgetting?.id === current ? t.forgetCurrent : t.forgetConfirm}
        confirmLabel={t.forget}
        busy={busy}
        onConfirm={confirmForget}
        onClose={() => setForgetting(null)}
      />
    </Card>
  );
}
