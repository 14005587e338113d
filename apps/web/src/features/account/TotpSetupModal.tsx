import { useEffect, useState } from 'react';
import { Button, Code, Image, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { authMessages } from '../../i18n/auth';
import { CodeInput, isCompleteCode } from '../auth/CodeInput';
import { notifyError, notifySuccess } from '../auth/notify';

const t = authMessages.mfa;

/** Setup URI as a QR code and as text, then a code from the app to verify it, then TOTP on as preferred. */
export function TotpSetupModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  // Mounted only while open (see MfaConfigPage), so each opening starts a fresh setup.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const details = await setUpTOTP();
        const qr = await QRCode.toDataURL(details.getSetupUri('Financeiro').toString(), { margin: 1, width: 200 });
        if (!cancelled) setSetup({ secret: details.sharedSecret, qr });
      } catch {
        notifyError(authMessages.signIn.errors.unknown);
        onClose();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [onClose]);

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return;
    setBusy(true);
    try {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      notifySuccess(t.totpEnabled);
      onDone();
    } catch {
      notifyError(t.setupFailed);
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t.setupTitle} centered>
      <form onSubmit={verify} noValidate>
        <Stack gap="sm">
          <Text size="sm">1. {t.setupStep1}</Text>
          {setup ? (
            <Image src={setup.qr} alt="QR code" w={200} h={200} mx="auto" />
          ) : (
            <Skeleton h={200} w={200} mx="auto" />
          )}
          <Text size="sm">2. {t.setupStep2}</Text>
          <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {setup?.secret ?? '…'}
          </Code>
          <Text size="sm">3. {t.setupStep3}</Text>
          <CodeInput value={code} onChange={setCode} />
          <Button type="submit" loading={busy} disabled={!setup || !isCompleteCode(code)}>
            {t.verify}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
