import { Badge, Text } from '@mantine/core';
import { CLASSIFICATION_NATURES, classificationInput, codeDepth, costCentreInput, DRE_GROUPS } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import type { Column } from '../../ui/DataTable';
import { Code } from './cells';
import { RegistryPage } from './RegistryPage';
import { registrySource } from './sources';

type Classification = inferOutput<typeof trpc.registries.classifications.get>;
type CostCentre = inferOutput<typeof trpc.registries.costCentres.get>;
type ClassificationValues = FormValues<
  z.input<typeof classificationInput>,
  'parentId' | 'name' | 'nature' | 'apportionmentTemplateId' | 'dreGroup'
>;
type CostCentreValues = FormValues<z.input<typeof costCentreInput>, 'parentId' | 'name'>;

/** The code and name of a tree node, indented by its level; groups in bold. */
function treeColumns<Row extends { code: string; name: string; parentId: string | null }>(labels: {
  code: string;
  name: string;
}): Column<Row>[] {
  return [
    {
      key: 'code',
      card: 'figure',
      header: labels.code,
      sortable: true,
      width: 140,
      render: (r) => <Code>{r.code}</Code>,
    },
    {
      key: 'name',
      card: 'title',
      header: labels.name,
      sortable: true,
      render: (r) => (
        <Text size="sm" fw={r.parentId ? 400 : 700} pl={(codeDepth(r.code) - 1) * 20}>
          {r.name}
        </Text>
      ),
    },
  ];
}

const c = registryMessages.classifications;

/** agrupamentos/classificacoes_financeiras: the income and expense tree, coded by level. */
export function ClassificationsPage() {
  return (
    <RegistryPage<Classification, ClassificationValues>
      name="classificacoes"
      procedures={trpc.registries.classifications}
      client={apiClient.registries.classifications}
      permissions={{ edit: 'editar_classificacoes_financeiras', level: 'unit' }}
      labels={c}
      defaultSort="code"
      schema={classificationInput}
      columns={[
        ...treeColumns<Classification>(c),
        {
          key: 'nature',
          card: 'figure',
          header: c.nature,
          sortable: true,
          width: 120,
          render: (r) => (
            <Badge variant="light" color={r.nature === 'income' ? 'teal' : 'orange'}>
              {c.natures[r.nature]}
            </Badge>
          ),
        },
        {
          key: 'dreGroup',
          card: 'figure',
          header: c.dreGroup,
          width: 180,
          render: (r) => (r.dreGroup ? c.dreGroups[r.dreGroup] : ''),
        },
      ]}
      fields={[
        {
          key: 'parentId',
          label: c.parent,
          description: c.parentHelp,
          kind: 'reference',
          source: registrySource(trpc.registries.classifications.options),
        },
        { key: 'name', label: c.name },
        {
          key: 'nature',
          label: c.nature,
          kind: 'select',
          options: CLASSIFICATION_NATURES.map((n) => ({ value: n, label: c.natures[n] })),
        },
        {
          key: 'apportionmentTemplateId',
          label: c.apportionmentTemplate,
          description: c.apportionmentTemplateHelp,
          kind: 'reference',
          source: registrySource(trpc.registries.apportionmentTemplates.options),
        },
        {
          key: 'dreGroup',
          label: c.dreGroup,
          description: c.dreGroupHelp,
          kind: 'select',
          options: [
            { value: '', label: c.dreGroupInherited },
            ...DRE_GROUPS.map((g) => ({ value: g, label: c.dreGroups[g] })),
          ],
        },
      ]}
      toValues={(r) => ({
        parentId: r?.parentId ?? '',
        name: r?.name ?? '',
        nature: r?.nature ?? 'expense',
        apportionmentTemplateId: r?.apportionmentTemplateId ?? '',
        dreGroup: r?.dreGroup ?? '',
      })}
      csv={(r) => ({
        [c.code]: r.code,
        [c.name]: r.name,
        [c.nature]: c.natures[r.nature],
        [c.dreGroup]: r.dreGroup ? c.dreGroups[r.dreGroup] : '',
      })}
      title={(r) => `${r.code} ${r.name}`}
    />
  );
}

const cc = registryMessages.costCentres;

/** agrupamentos/centros_custo: the cost centre tree, coded by level. */
export function CostCentresPage() {
  return (
    <RegistryPage<CostCentre, CostCentreValues>
      name="centros-de-custo"
      procedures={trpc.registries.costCentres}
      client={apiClient.registries.costCentres}
      permissions={{ edit: 'editar_centros_custo', level: 'unit' }}
      labels={cc}
      defaultSort="code"
      schema={costCentreInput}
      columns={treeColumns<CostCentre>(cc)}
      fields={[
        {
          key: 'parentId',
          label: cc.parent,
          description: cc.parentHelp,
          kind: 'reference',
          source: registrySource(trpc.registries.costCentres.options),
        },
        { key: 'name', label: cc.name },
      ]}
      toValues={(r) => ({ parentId: r?.parentId ?? '', name: r?.name ?? '' })}
      csv={(r) => ({ [cc.code]: r.code, [cc.name]: r.name })}
      title={(r) => `${r.code} ${r.name}`}
    />
  );
}
