import { Badge } from '@mantine/core';
import { ACCOUNT_KINDS, accountTypeInput } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { RowTitle } from './cells';
import { RegistryPage } from './RegistryPage';

const t = registryMessages.accountTypes;

type AccountType = inferOutput<typeof trpc.registries.accountTypes.get>;
type AccountTypeValues = FormValues<z.input<typeof accountTypeInput>, 'name' | 'kind'>;

/** parametrizacao/tipos_conta: the kinds of financial account the organization keeps. */
export function AccountTypesPage() {
  return (
    <RegistryPage<AccountType, AccountTypeValues>
      name="tipos-de-conta"
      procedures={trpc.registries.accountTypes}
      client={apiClient.registries.accountTypes}
      permissions={{ edit: 'editar_tipos_conta', level: 'unit' }}
      labels={t}
      defaultSort="name"
      schema={accountTypeInput}
      importable
      columns={[
        {
          key: 'name',
          card: 'title',
          header: t.name,
          sortable: true,
          render: (a) => <RowTitle>{a.name}</RowTitle>,
        },
        {
          key: 'kind',
          card: 'figure',
          header: t.kind,
          sortable: true,
          render: (a) => (
            <Badge variant="light" color="gray">
              {t.kinds[a.kind]}
            </Badge>
          ),
        },
      ]}
      fields={[
        { key: 'name', label: t.name },
        {
          key: 'kind',
          label: t.kind,
          description: t.kindHelp,
          kind: 'select',
          options: ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t.kinds[kind] })),
        },
      ]}
      toValues={(a) => ({ name: a?.name ?? '', kind: a?.kind ?? 'checking' })}
      csv={(a) => ({ [t.name]: a.name, [t.kind]: t.kinds[a.kind] })}
      title={(a) => a.name}
    />
  );
}
