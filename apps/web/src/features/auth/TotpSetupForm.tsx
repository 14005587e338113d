import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { authMessages } from '../../i18n/auth';
import { CodeInput, isCompleteCode } from './CodeInput';

const t = authMessages.mfa;

/** The fixed name the authenticator is registered under (VerifySoftwareToken FriendlyDeviceName). */
export const AUTHENTICATOR_NAME = 'Device 1 Test';

/**
 * Setting up an authenticator app: the setup URI as a QR code, and as an otpauth:// link that opens the app on the
 * phone the form is read on (a phone cannot scan its own screen); the secret as text with a copy button, then a code
 * from the app.
 * Used by the account's MFA page and by a sign-in that requires a second factor.
 */
export function TotpSetupForm(props: {
  setup: { secret: string; uri: string } | null;
  busy: boolean;
  onSubmit: (code: string) => Promise<boolean>;
}) {
  const { setup, busy, onSubmit } = props;
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');

  useEffect(() => {
    let cancelled = false;
    if (setup) {
      void QRCode.toDataURL(setup.uri, { margin: 1, width: 200 }).then((url) => {
        if (!cancelled) setQr(url);
      });
    }
    return () => {
      cancelled = true;
    };
  }, [setup]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!isCompleteCode(code)) return;
    if (!(await onSubmit(code))) setCode('');
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">1. {t.setupStep1}</Text>
        {qr ? <Image src={qr} alt="QR code" w={200} h={200} mx="auto" /> : <Skeleton h={200} w={200} mx="auto" />}
        {setup && (
          <Anchor href={setup.uri} size="sm" ta="center">
            <IconExternalLink size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
            {t.openInApp}
          </Anchor>
        )}
        <Text size="sm">2. {t.setupStep2}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block data-testid="totp-secret" style={{ wordBreak: 'break-all', flex: 1 }}>
            {setup?.secret ?? '…'}
          </Code>
          <CopyButton value={setup?.secret ?? ''}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t.keyCopied : t.copyKey} withArrow>
                <ActionIcon
                  variant="light"
                  size="lg"
                  onClick={copy}
                  disabled={!setup}
                  aria-label={copied ? t.keyCopied : t.copyKey}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">3. {t.setupStep3}</Text>
        <CodeInput value={code} onChange={setCode} />
        <Button type="submit" loading={busy} disabled={!setup || !isCompleteCode(code)}>
          {t.verify}
        </Button>
      </Stack>
    </form>
  );
}
