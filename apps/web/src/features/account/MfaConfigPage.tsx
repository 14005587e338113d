import { useCallback, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceMobileMessage, IconShieldLock } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchMFAPreference, fetchUserAttributes, updateMFAPreference } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../ui/notify';
import { TotpSetupModal } from './TotpSetupModal';
import { VerifyPhoneModal } from './VerifyPhoneModal';

const t = authMessages.mfa;
const KEY = ['mfa-preference'];

function FactorRow(props: {
  testId: string;
  icon: Icon;
  title: string;
  text: string;
  enabled: boolean;
  preferred: boolean;
  onEnable: () => void;
  onDisable: () => void;
}) {
  const FactorIcon = props.icon;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid={props.testId}>
      <Group wrap="nowrap" align="flex-start">
        <FactorIcon size={28} stroke={1.5} />
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600}>{props.title}</Text>
            <Badge color={props.enabled ? 'teal' : 'gray'} variant="light">
              {props.enabled ? t.enabled : t.disabled}
            </Badge>
            {props.preferred && <Badge variant="outline">{t.preferred}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {props.text}
          </Text>
        </Stack>
      </Group>
      {props.enabled ? (
        <Button variant="default" onClick={props.onDisable}>
          {t.disable}
        </Button>
      ) : (
        <Button onClick={props.onEnable}>{t.enable}</Button>
      )}
    </Group>
  );
}

/** The second factors: each factor on or off, with the rules about the last factor and the verified phone. */
export function MfaConfigPage() {
  const queryClient = useQueryClient();
  const preference = useQuery({ queryKey: KEY, queryFn: () => fetchMFAPreference() });
  const [setupOpen, setSetupOpen] = useState(false);
  // The phone to verify before SMS can go on; undefined while the dialog is closed.
  const [phoneToVerify, setPhoneToVerify] = useState<{ phone: string | undefined } | undefined>();
  const [confirmAllOpen, setConfirmAllOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const closeSetup = useCallback(() => setSetupOpen(false), []);

  if (preference.isPending) return <Skeleton h={220} radius="lg" maw={720} />;
  if (preference.isError) return <Alert color="red">{t.loadError}</Alert>;
  const enabled = preference.data.enabled ?? [];
  const totpOn = enabled.includes('TOTP');
  const smsOn = enabled.includes('SMS');

  async function change(settings: Parameters<typeof updateMFAPreference>[0], message: string) {
    try {
      await updateMFAPreference(settings);
      notifySuccess(message);
      await refresh();
    } catch {
      notifyError(authMessages.signIn.errors.unknown);
    }
  }

  // An authenticator set up before (turned off since) goes back on as it is; only a user without one scans a code.
  async function enableTotp() {
    try {
      await updateMFAPreference({ totp: 'PREFERRED' });
      notifySuccess(t.totpEnabled);
      await refresh();
    } catch (error) {
      if (error instanceof Error && /not verified software token/i.test(error.message)) setSetupOpen(true);
      else notifyError(authMessages.signIn.errors.unknown);
    }
  }

  // SMS needs a verified phone (the service refuses otherwise): offer to verify it here first.
  async function enableSms() {
    try {
      const attributes = await fetchUserAttributes();
      if (attributes.phone_number_verified !== 'true') return setPhoneToVerify({ phone: attributes.phone_number });
      await change({ sms: 'PREFERRED' }, t.smsEnabled);
    } catch {
      notifyError(authMessages.signIn.errors.unknown);
    }
  }

  const disableOne = (other: boolean, settings: Parameters<typeof updateMFAPreference>[0], message: string) =>
    other ? change(settings, message) : notifyError(t.onlyFactor);

  return (
    <Stack maw={720} gap="lg">
      <Card p="lg">
        <Stack gap="lg">
          <Text c="dimmed" size="sm">
            {t.intro}
          </Text>
          <FactorRow
            testId="factor-totp"
            icon={IconShieldLock}
            title={t.totp}
            text={t.totpText}
            enabled={totpOn}
            preferred={preference.data.preferred === 'TOTP'}
            onEnable={enableTotp}
            onDisable={() => disableOne(smsOn, { totp: 'DISABLED' }, t.totpDisabled)}
          />
          <FactorRow
            testId="factor-sms"
            icon={IconDeviceMobileMessage}
            title={t.sms}
            text={t.smsText}
            enabled={smsOn}
            preferred={preference.data.preferred === 'SMS'}
            onEnable={enableSms}
            onDisable={() => disableOne(totpOn, { sms: 'DISABLED' }, t.smsDisabled)}
          />
        </Stack>
      </Card>
      {(totpOn || smsOn) && (
        <Button
          variant="subtle"
          color="red"
          onClick={() => setConfirmAllOpen(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t.disableAll}
        </Button>
      )}
      {setupOpen && (
        <TotpSetupModal
          onClose={closeSetup}
          onDone={() => {
            closeSetup();
            void refresh();
          }}
        />
      )}
      {phoneToVerify && (
        <VerifyPhoneModal
          phone={phoneToVerify.phone}
          onClose={() => setPhoneToVerify(undefined)}
          onVerified={() => {
            setPhoneToVerify(undefined);
            // The profile shows the phone as verified now.
            void queryClient.invalidateQueries({ queryKey: ['user-attributes'] });
            void change({ sms: 'PREFERRED' }, t.smsEnabled);
          }}
        />
      )}
      <ConfirmDialog
        opened={confirmAllOpen}
        title={t.disableAll}
        message={t.disableAllConfirm}
        confirmLabel={t.confirm}
        onConfirm={async () => {
          setConfirmAllOpen(false);
          await change({ totp: 'DISABLED', sms: 'DISABLED' }, t.allDisabled);
        }}
        onClose={() => setConfirmAllOpen(false)}
      />
    </Stack>
  );
}
