import { useMemo, useState } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconBuildingStore, IconChevronRight, IconSearch, IconSitemap } from '@tabler/icons-react';
import { buildTenantTree, type Scope, type TenantSelection, type TreeNode } from '@financeiro/core';
import { appMessages } from '../../i18n/app';
import { useSessionStore } from '../../stores/session';
import classes from './TenantSelector.module.css';

const icons = { organization: IconBuilding, unit: IconBuildingStore, department: IconSitemap };

function matches(node: TreeNode, term: string): boolean {
  return node.name.toLowerCase().includes(term) || node.children.some((c) => matches(c, term));
}

/**
 * The organizations, units and departments the user may choose for a scope (core tree rules). Only nodes of the
 * scope's level are choosable; the levels above give context.
 */
export function TenantSelector({ scope, onSelect }: { scope: Scope; onSelect: (selection: TenantSelection) => void }) {
  const memberships = useSessionStore((s) => s.tenants);
  const [term, setTerm] = useState('');
  const level = scope === 'user' ? 'organization' : scope;
  const tree = useMemo(() => buildTenantTree(memberships, level), [memberships, level]);
  const search = term.trim().toLowerCase();
  const shown = search ? tree.filter((n) => matches(n, search)) : tree;

  function render(node: TreeNode, path: TenantSelection, depth: number) {
    const selection: TenantSelection =
      node.type === 'organization'
        ? { organizationId: node.id }
        : node.type === 'unit'
          ? { ...path, unitId: node.id }
          : { ...path, departmentId: node.id };
    const choosable = node.type === level;
    const Icon = icons[node.type];
    const children = search ? node.children.filter((c) => matches(c, search)) : node.children;
    return (
      <Stack key={node.id} gap={6}>
        {choosable ? (
          <Box pl={depth * 20}>
            <UnstyledButton className={classes.option} onClick={() => onSelect(selection)}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <Icon size={20} stroke={1.6} />
                  <Text fw={600}>{node.name}</Text>
                </Group>
                <IconChevronRight size={18} stroke={1.6} />
              </Group>
            </UnstyledButton>
          </Box>
        ) : (
          <Group gap={8} mt={depth === 0 ? 0 : 4} style={{ marginLeft: depth * 20 }}>
            <Icon size={16} stroke={1.6} color="var(--mantine-color-dimmed)" />
            <Text size="sm" fw={700} c="dimmed" tt="uppercase">
              {node.name}
            </Text>
            {node.status === 'inactive' && <Badge color="gray">{appMessages.selectTenant.inactive}</Badge>}
          </Group>
        )}
        {children.map((child) => render(child, selection, depth + 1))}
      </Stack>
    );
  }

  if (tree.length === 0) {
    return (
      <Paper p="lg" withBorder>
        <Text c="dimmed">{appMessages.selectTenant.none}</Text>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <TextInput
        placeholder={appMessages.selectTenant.search}
        aria-label={appMessages.selectTenant.search}
        leftSection={<IconSearch size={16} />}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
      />
      {shown.length === 0 ? (
        <Text c="dimmed">{appMessages.selectTenant.empty}</Text>
      ) : (
        shown.map((node) => render(node, {}, 0))
      )}
    </Stack>
  );
}
