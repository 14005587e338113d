import { purchasingCentreInput } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { moneyText } from './fields';
import { RowTitle } from './cells';
import { RegistryPage } from './RegistryPage';
import { departmentsSource, membersSource } from './sources';

const t = registryMessages.purchasingCentres;
type Centre = inferOutput<typeof trpc.registries.purchasingCentres.get>;
type CentreInput = z.input<typeof purchasingCentreInput>;
/**
 * The form's values, each approver's limit as typed ("1.234,56"). The page hands them on as a plain record: the
 * registry screen sends them as its procedures' input, which holds the limits in centavos.
 */
type CentreValues = FormValues<CentreInput, 'name' | 'departmentIds'> & {
  approvers: FormValues<CentreInput['approvers'][number], 'userId' | 'limit', 'limit'>[];
};

/** contas/centros_compras: who buys for which departments, and who approves up to how much. */
export function PurchasingCentresPage() {
  return (
    <RegistryPage<Centre, Record<string, unknown>>
      name="centros-de-compras"
      procedures={trpc.registries.purchasingCentres}
      client={apiClient.registries.purchasingCentres}
      permissions={{ edit: 'editar_centros_compras', level: 'unit' }}
      labels={t}
      defaultSort="name"
      schema={purchasingCentreInput}
      wide
      columns={[
        {
          key: 'name',
          card: 'title',
          header: t.name,
          sortable: true,
          render: (c) => <RowTitle>{c.name}</RowTitle>,
        },
        {
          key: 'summary',
          card: 'figure',
          header: t.approvers,
          render: (c) => t.summary(c.departmentIds.length, c.approvers.length),
        },
      ]}
      fields={[
        { key: 'name', label: t.name },
        { key: 'departmentIds', label: t.departments, kind: 'references', source: departmentsSource },
        {
          key: 'approvers',
          label: t.approvers,
          kind: 'lines',
          newLine: () => ({ userId: '', limit: '' }),
          columns: [
            { key: 'userId', label: t.approver, kind: 'reference', source: membersSource },
            { key: 'limit', label: t.limit, kind: 'money' },
          ],
        },
      ]}
      toValues={(c): CentreValues => ({
        name: c?.name ?? '',
        departmentIds: c?.departmentIds ?? [],
        approvers: c?.approvers.map((a) => ({ userId: a.userId, limit: moneyText(a.limit) })) ?? [
          { userId: '', limit: '' },
        ],
      })}
      csv={(c) => ({ [t.name]: c.name, [t.approvers]: t.summary(c.departmentIds.length, c.approvers.length) })}
      title={(c) => c.name}
    />
  );
}
