import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, FileButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchUserAttributes, sendUserAttributeVerificationCode, updateUserAttributes } from 'aws-amplify/auth';
import { refreshSession } from '../../api/session';
import { authMessages } from '../../i18n/auth';
import { profileErrorMessage } from '../auth/errors';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { formatPhone, toE164 } from '../auth/phone';
import { DevicesCard } from './DevicesCard';
import { pictureDataUrl } from './picture';
import { SignOutEverywhere } from './SignOutEverywhere';
import { VerifyAttributeModal, type VerifiableAttribute } from './VerifyAttributeModal';

const t = authMessages.profile;
const KEY = ['user-attributes'];

function VerifiedBadge({ verified, onVerify }: { verified: boolean; onVerify: () => void }) {
  return verified ? (
    <Badge color="teal" variant="light">
      {t.verified}
    </Badge>
  ) : (
    <Group gap={6}>
      <Badge color="yellow" variant="light">
        {t.unverified}
      </Badge>
      <Button size="compact-xs" variant="subtle" onClick={onVerify}>
        {t.verify}
      </Button>
    </Group>
  );
}

/** The account's picture, or its initial, with the buttons to choose an image and to remove it. */
function PictureField(props: { picture: string; name: string; onChange: (picture: string) => void }) {
  async function choosePicture(file: File | null) {
    if (!file) return;
    const url = await pictureDataUrl(file);
    if (url) props.onChange(url);
    else notifyError(t.pictureInvalid);
  }

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar src={props.picture || null} size={64} radius="xl" color="brand" alt={t.picture}>
        {props.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={choosePicture} accept="image/png,image/jpeg,image/webp">
            {(button) => (
              <Button {...button} variant="light" size="xs" leftSection={<IconPhotoUp size={16} />}>
                {t.pictureChoose}
              </Button>
            )}
          </FileButton>
          {props.picture && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} />}
              onClick={() => props.onChange('')}
            >
              {t.pictureRemove}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t.pictureHint}
        </Text>
      </Stack>
    </Group>
  );
}

function ProfileForm({ attributes }: { attributes: Record<string, string | undefined> }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState<{ attribute: VerifiableAttribute; destination: string } | null>(null);
  const form = useForm({
    initialValues: {
      name: attributes.name ?? '',
      email: attributes.email ?? '',
      phone: attributes.phone_number ? formatPhone(attributes.phone_number.replace(/^\+55/, '')) : '',
      picture: attributes.picture ?? '',
    },
    validate: {
      name: (v) => (v.trim().length >= 2 ? null : authMessages.signUp.invalid.name),
      email: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : authMessages.signUp.invalid.email),
      phone: (v) => (!v.trim() || toE164(v) ? null : authMessages.signUp.invalid.phone),
    },
  });
  const unsaved = useUnsavedChanges(form.isDirty());
  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: KEY });
    await refreshSession();
  };

  async function save(values: typeof form.values) {
    setBusy(true);
    try {
      const phone = toE164(values.phone);
      const result = await updateUserAttributes({
        userAttributes: {
          name: values.name.trim(),
          email: values.email.trim().toLowerCase(),
          picture: values.picture.trim(),
          ...(phone ? { phone_number: phone } : {}),
        },
      });
      notifySuccess(t.saved);
      form.resetDirty();
      const pending = (['email', 'phone_number'] as const).find(
        (a) => result[a]?.nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE',
      );
      if (pending) {
        setVerifying({
          attribute: pending,
          destination: result[pending]?.nextStep.codeDeliveryDetails?.destination ?? '',
        });
      }
      await reload();
    } catch (error) {
      notifyError(profileErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function verify(attribute: VerifiableAttribute) {
    try {
      const details = await sendUserAttributeVerificationCode({ userAttributeKey: attribute });
      setVerifying({ attribute, destination: details.destination ?? '' });
    } catch (error) {
      notifyError(profileErrorMessage(error));
    }
  }

  return (
    <Card p="lg" maw={720}>
      {unsaved.dialog}
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <PictureField
            picture={form.values.picture}
            name={form.values.name}
            onChange={(picture) => form.setFieldValue('picture', picture)}
          />
          <TextInput label={t.name} autoComplete="name" {...form.getInputProps('name')} />
          <TextInput
            label={t.email}
            type="email"
            autoComplete="email"
            rightSectionWidth={170}
            rightSection={
              attributes.email ? (
                <VerifiedBadge verified={attributes.email_verified === 'true'} onVerify={() => verify('email')} />
              ) : null
            }
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t.phone}
            type="tel"
            placeholder="(11) 91234-5678"
            rightSectionWidth={170}
            rightSection={
              attributes.phone_number ? (
                <VerifiedBadge
                  verified={attributes.phone_number_verified === 'true'}
                  onVerify={() => verify('phone_number')}
                />
              ) : null
            }
            {...form.getInputProps('phone')}
            onChange={(e) => form.setFieldValue('phone', formatPhone(e.currentTarget.value))}
          />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t.save}
          </Button>
        </Stack>
      </form>
      {verifying && (
        <VerifyAttributeModal
          attribute={verifying.attribute}
          destination={verifying.destination}
          onClose={() => setVerifying(null)}
          onVerified={() => {
            setVerifying(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}

/** The account profile: name, e-mail, phone and picture, with e-mail and phone verification. */
export function ProfilePage() {
  const attributes = useQuery({ queryKey: KEY, queryFn: () => fetchUserAttributes() });
  if (attributes.isPending) return <Skeleton h={360} maw={720} radius="lg" />;
  if (attributes.isError) return <Alert color="red">{authMessages.mfa.loadError}</Alert>;
  return (
    <Stack gap="lg">
      <ProfileForm attributes={attributes.data} />
      <DevicesCard />
      <SignOutEverywhere />
    </Stack>
  );
}
