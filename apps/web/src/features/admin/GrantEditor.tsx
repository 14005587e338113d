import { Badge, Checkbox, Group, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import {
  isRestricted,
  PERMISSION_AREAS,
  PERMISSIONS,
  permissionsForLevel,
  type PermissionGrant,
  type PermissionLevel,
} from '@financeiro/core';
import { adminMessages } from '../../i18n/admin';

const t = adminMessages.profiles;

/**
 * The permissions of one level (organization, a unit or a department), grouped by area with their pt-BR labels.
 * "Tudo" grants '*': everything at that level and below, including what is added to the catalogue later.
 */
export function GrantEditor(props: {
  level: PermissionLevel;
  value: PermissionGrant | undefined;
  onChange: (grant: PermissionGrant | undefined) => void;
  /** The editor may not grant or revoke restricted permissions. */
  restrictedLocked: boolean;
}) {
  const all = props.value === '*';
  const names = new Set(all ? [] : (props.value ?? []));
  const offered = permissionsForLevel(props.level);
  const allLocked = props.restrictedLocked && props.level === 'organization';
  const toggle = (name: string, on: boolean) => {
    const next = new Set(names);
    if (on) next.add(name);
    else next.delete(name);
    props.onChange(next.size > 0 ? [...next] : undefined);
  };
  return (
    <Stack gap="md">
      <Switch
        checked={all}
        disabled={allLocked}
        onChange={(e) => props.onChange(e.currentTarget.checked ? '*' : undefined)}
        label={t.allAt[props.level]}
        description={t.allHelp}
      />
      {PERMISSION_AREAS.map((area) => {
        const inArea = offered.filter((name) => PERMISSIONS[name].area === area);
        if (inArea.length === 0) return null;
        return (
          <Stack key={area} gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={700}>
                {area}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {all ? inArea.length : inArea.filter((n) => names.has(n)).length}/{inArea.length}
              </Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing={6} verticalSpacing={6}>
              {inArea.map((name) => {
                const restricted = isRestricted(name) && props.level === 'organization';
                return (
                  <Checkbox
                    key={name}
                    size="sm"
                    checked={all || names.has(name)}
                    disabled={all || (restricted && props.restrictedLocked)}
                    onChange={(e) => toggle(name, e.currentTarget.checked)}
                    label={
                      <Group gap={4} wrap="nowrap">
                        <span>{PERMISSIONS[name].label}</span>
                        {restricted && (
                          <Tooltip label={t.restrictedHelp} multiline w={240} withArrow>
                            <IconLock size={14} aria-label={t.restricted} color="var(--mantine-color-orange-7)" />
                          </Tooltip>
                        )}
                      </Group>
                    }
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
