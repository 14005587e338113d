import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { confirmUserAttribute } from 'aws-amplify/auth';
import { authMessages } from '../../i18n/auth';
import { CodeInput, isCompleteCode } from '../auth/CodeInput';
import { profileErrorMessage } from '../auth/errors';
import { notifyError, notifySuccess } from '../../ui/notify';

const t = authMessages.profile;
export type VerifiableAttribute = 'email' | 'phone_number';

/** The "Código de Verificação" dialog: exactly 6 digits, confirming an e-mail or phone. */
export function VerifyAttributeModal(props: {
  attribute: VerifiableAttribute;
  destination: string;
  onClose: () => void;
  onVerified: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return;
    setBusy(true);
    try {
      await confirmUserAttribute({ userAttributeKey: props.attribute, confirmationCode: code });
      notifySuccess(props.attribute === 'email' ? t.emailVerified : t.phoneVerified);
      props.onVerified();
    } catch (error) {
      notifyError(profileErrorMessage(error));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={props.onClose} title={t.dialogTitle[props.attribute]} centered>
      <form onSubmit={confirm} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t.dialogText} <b>{props.destination}</b>.
          </Text>
          <CodeInput label={authMessages.confirm.codeDialogLabel} value={code} onChange={setCode} autoFocus />
          <Button type="submit" loading={busy} disabled={!isCompleteCode(code)}>
            {t.confirm}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
