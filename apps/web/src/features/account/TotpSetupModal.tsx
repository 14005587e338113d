import { useEffect, useState } from 'react';
import { Modal } from '@mantine/core';
import { setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { appMessages } from '../../i18n/app';
import { authMessages } from '../../i18n/auth';
import { AUTHENTICATOR_NAME, TotpSetupForm } from '../auth/TotpSetupForm';
import { notifyError, notifySuccess } from '../../ui/notify';

const t = authMessages.mfa;

/** Setup of the authenticator app from the account area, then TOTP on as preferred. */
export function TotpSetupModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // Mounted only while open (see MfaConfigPage), so each opening starts a fresh setup.
  useEffect(() => {
    let cancelled = false;
    setUpTOTP().then(
      (details) => {
        if (!cancelled)
          setSetup({ secret: details.sharedSecret, uri: details.getSetupUri(appMessages.product).toString() });
      },
      () => {
        notifyError(authMessages.signIn.errors.unknown);
        onClose();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [onClose]);

  async function verify(code: string): Promise<boolean> {
    setBusy(true);
    try {
      await verifyTOTPSetup({ code, options: { friendlyDeviceName: AUTHENTICATOR_NAME } });
      await updateMFAPreference({ totp: 'PREFERRED' });
      notifySuccess(t.totpEnabled);
      onDone();
      return true;
    } catch {
      notifyError(t.setupFailed);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t.setupTitle} centered>
      <TotpSetupForm setup={setup} busy={busy} onSubmit={verify} />
    </Modal>
  );
}
