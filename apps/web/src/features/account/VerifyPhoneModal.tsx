import { useState } from 'react';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { sendUserAttributeVerificationCode, updateUserAttributes } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { profileErrorMessage } from '../auth/errors';
import { formatPhone, toE164 } from '../auth/phone';
import { notifyError } from '../../ui/notify';
import { VerifyAttributeModal } from './VerifyAttributeModal';

const t = authMessages.mfa;

/**
 * SMS as a second factor needs a verified phone, so the dialog offers to verify it here: the number (the one on
 * the account, or a new one), a code sent to it, then `onVerified` turns SMS on.
 */
export function VerifyPhoneModal(props: { phone: string | undefined; onClose: () => void; onVerified: () => void }) {
  const [phone, setPhone] = useState(props.phone ? formatPhone(props.phone.replace(/^\+55/, '')) : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const number = toE164(phone);
    if (!number) return setError(authMessages.signUp.invalid.phone);
    setError(null);
    setBusy(true);
    try {
      // A new number is stored unverified and the code goes to it; the number on the account gets a fresh code.
      const details =
        number === props.phone
          ? await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' })
          : (await updateUserAttributes({ userAttributes: { phone_number: number } })).phone_number?.nextStep
              .codeDeliveryDetails;
      setSentTo(details?.destination ?? phone);
    } catch (e) {
      // A code went to this number under 2 minutes ago: it still works, so let the user type it.
      if (e instanceof Error && e.name === 'LimitExceededException') {
        notifyError(t.codeSentRecently);
        setSentTo(phone);
      } else {
        notifyError(profileErrorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  }

  if (sentTo !== null) {
    return (
      <VerifyAttributeModal
        attribute="phone_number"
        destination={sentTo}
        onClose={props.onClose}
        onVerified={props.onVerified}
      />
    );
  }
  return (
    <Modal opened onClose={props.onClose} title={t.phoneTitle} centered>
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <Text size="sm">{t.phoneText}</Text>
          <TextInput
            label={authMessages.profile.phone}
            type="tel"
            placeholder="(11) 91234-5678"
            autoComplete="tel-national"
            value={phone}
            error={error}
            autoFocus
            onChange={(e) => setPhone(formatPhone(e.currentTarget.value))}
          />
          <Button type="submit" loading={busy}>
            {t.sendCode}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
