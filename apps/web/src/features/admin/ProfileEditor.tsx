import {
  Accordion,
  Alert,
  Badge,
  Button,
  Group,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBuildingStore, IconEye, IconLock, IconSitemap } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { profileInput, type OrganizationData, type PermissionGrant, type ProfilePermissions } from '@financeiro/core';
import { trpc } from '../../api/trpc';
import { refreshTenants } from '../../api/session';
import { adminMessages } from '../../i18n/admin';
import { appMessages } from '../../i18n/app';
import { SCREENS } from '../../routes/table';
import { notifyApiError } from '../../ui/api-error';
import { notifySuccess } from '../../ui/notify';
import { useIdempotencyKey } from '../../ui/use-idempotency-key';
import { useReportDirty } from '../../ui/use-unsaved-changes';
import { GrantEditor } from './GrantEditor';
import { previewProfile } from './profile-preview';
import type { z } from 'zod';
import type { FormValues } from '../../ui/form-values';

const t = adminMessages.profiles;

export interface EditableProfile {
  id: string;
  name: string;
  description: string | null;
  permissions: ProfilePermissions;
}

const countOf = (grant: PermissionGrant | undefined) => (grant === '*' ? t.all : String(grant?.length ?? 0));

function Preview({ permissions, organization }: { permissions: ProfilePermissions; organization: OrganizationData }) {
  const preview = useMemo(() => previewProfile(permissions, organization, SCREENS), [permissions, organization]);
  if (!preview.entersOrganization) return <Alert color="gray">{t.previewNothing}</Alert>;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.previewIntro}
      </Text>
      <Stack gap={4}>
        <Text fw={700} size="sm">
          {t.previewOrganization(organization.name)}
        </Text>
        {preview.organizationScreens.length > 0 ? (
          <Group gap={6}>
            {preview.organizationScreens.map((s) => (
              <Badge key={s} variant="light">
                {s}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t.previewNoScreens}
          </Text>
        )}
      </Stack>
      {preview.units.map((unit) => (
        <Stack key={unit.id} gap={4}>
          <Group gap={6}>
            <ThemeIcon size="sm" variant="light">
              <IconBuildingStore size={14} />
            </ThemeIcon>
            <Text fw={700} size="sm">
              {unit.name}
            </Text>
          </Group>
          <Group gap={6}>
            {unit.screens.map((s) => (
              <Badge key={s} variant="light" color="teal">
                {s}
              </Badge>
            ))}
          </Group>
          {unit.departments.length > 0 && (
            <Text size="xs" c="dimmed">
              {t.previewDepartments}: {unit.departments.join(', ')}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** Where a grant is kept: the organization, a unit, or a unit's department. */
type GrantKey = 'organization' | `unit:${string}`;

/** The profile as its editor holds it: the description as typed (blank is none), the grants by key. */
type ProfileValues = FormValues<z.input<typeof profileInput>, 'name' | 'description'> & {
  permissions: ProfilePermissions;
};

/** Each unit's grants in an accordion, with its departments' grants nested under it. */
function UnitGrants(props: {
  organization: OrganizationData;
  permissions: ProfilePermissions;
  restrictedLocked: boolean;
  onGrant: (key: GrantKey, grant: PermissionGrant | undefined) => void;
}) {
  const { permissions } = props;
  return (
    <Accordion variant="separated" multiple>
      {props.organization.units.map((unit) => {
        const unitKey = `unit:${unit.id}` as const;
        return (
          <Accordion.Item key={unit.id} value={unit.id}>
            <Accordion.Control icon={<IconBuildingStore size={18} />}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {unit.name}
                </Text>
                <Badge size="sm" variant="light" color="gray">
                  {countOf(permissions[unitKey])}
                </Badge>
                {unit.status === 'inactive' && (
                  <Badge size="sm" color="gray">
                    {appMessages.common.status.inactive}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <GrantEditor
                level="unit"
                value={permissions[unitKey]}
                onChange={(g) => props.onGrant(unitKey, g)}
                restrictedLocked={props.restrictedLocked}
              />
              {unit.departments.length > 0 && (
                <Accordion variant="contained" multiple mt="md">
                  {unit.departments.map((department) => {
                    const key = `unit:${unit.id}.department:${department.id}` as const;
                    return (
                      <Accordion.Item key={department.id} value={department.id}>
                        <Accordion.Control icon={<IconSitemap size={16} />}>
                          <Group gap="xs">
                            <Text size="sm">{department.name}</Text>
                            <Badge size="sm" variant="light" color="gray">
                              {countOf(permissions[key])}
                            </Badge>
                          </Group>
                        </Accordion.Control>
                        <Accordion.Panel>
                          <GrantEditor
                            level="department"
                            value={permissions[key]}
                            onChange={(g) => props.onGrant(key, g)}
                            restrictedLocked={props.restrictedLocked}
                          />
                        </Accordion.Panel>
                      </Accordion.Item>
                    );
                  })}
                </Accordion>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/** Name, description and grants of a profile, at the organization and at each unit and department, with a preview. */
export function ProfileEditor(props: {
  profile: EditableProfile | null;
  organization: OrganizationData;
  restrictedLocked: boolean;
  /** Cancel: the screen asks first when something was changed. */
  onCancel: () => void;
  /** Saved. */
  onClose: () => void;
  onDirty: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const initialValues: ProfileValues = {
    name: props.profile?.name ?? '',
    description: props.profile?.description ?? '',
    permissions: props.profile?.permissions ?? ({} as ProfilePermissions),
  };
  const form = useForm({
    initialValues,
    validate: schemaResolver(profileInput, { sync: true }),
    transformValues: (v) => ({ ...v, description: v.description.trim() || null }),
  });
  useReportDirty(form.isDirty(), props.onDirty);
  const permissions = form.values.permissions;
  const setGrant = (key: GrantKey, grant: PermissionGrant | undefined) => {
    const next: ProfilePermissions = { ...permissions };
    if (grant === undefined) delete next[key as 'organization'];
    else next[key as 'organization'] = grant;
    form.setFieldValue('permissions', next);
  };
  const done = async () => {
    await queryClient.invalidateQueries(trpc.tenants.profiles.list.pathFilter());
    await refreshTenants();
    notifySuccess(props.profile ? appMessages.common.saved : t.created);
    props.onClose();
  };
  const idempotencyKey = useIdempotencyKey();
  const create = useMutation(
    trpc.tenants.profiles.create.mutationOptions({ onSuccess: done, onError: notifyApiError }),
  );
  const update = useMutation(
    trpc.tenants.profiles.update.mutationOptions({ onSuccess: done, onError: notifyApiError }),
  );
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        // The wire type of grants is a plain record; ProfilePermissions is the same data, keyed more precisely.
        const input = { ...values, permissions: values.permissions as Record<string, string[] | '*'> };
        if (props.profile) update.mutate({ id: props.profile.id, ...input });
        else create.mutate({ ...input, idempotencyKey });
      })}
    >
      <Stack>
        <TextInput label={t.name} data-autofocus {...form.getInputProps('name')} />
        <Textarea label={t.description} autosize minRows={2} {...form.getInputProps('description')} />
        {props.restrictedLocked && (
          <Alert color="orange" icon={<IconLock size={18} />}>
            {t.restrictedLocked}
          </Alert>
        )}
        <Tabs defaultValue="organization" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="organization">
              {t.tabOrganization} ({countOf(permissions.organization)})
            </Tabs.Tab>
            <Tabs.Tab value="units">{t.tabUnits}</Tabs.Tab>
            <Tabs.Tab value="preview" leftSection={<IconEye size={16} />}>
              {t.tabPreview}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="organization" pt="md">
            <Text size="sm" c="dimmed" mb="sm">
              {t.organizationHelp}
            </Text>
            <GrantEditor
              level="organization"
              value={permissions.organization}
              onChange={(g) => setGrant('organization', g)}
              restrictedLocked={props.restrictedLocked}
            />
          </Tabs.Panel>
          <Tabs.Panel value="units" pt="md">
            <Text size="sm" c="dimmed" mb="sm">
              {t.unitsHelp}
            </Text>
            <UnitGrants
              organization={props.organization}
              permissions={permissions}
              restrictedLocked={props.restrictedLocked}
              onGrant={setGrant}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            <Preview permissions={permissions} organization={props.organization} />
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="white">
          <Button variant="default" onClick={props.onCancel}>
            {appMessages.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {props.profile ? appMessages.common.save : appMessages.common.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
