import { Text } from '@mantine/core';
import { accountInput, formatBRL, formatCalendarDate } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { moneyText } from './fields';
import { Figure, RowTitle } from './cells';
import { RegistryPage } from './RegistryPage';
import { organizationUnitIds, registrySource, unitsSource } from './sources';

const t = registryMessages.accounts;
type Account = inferOutput<typeof trpc.registries.accounts.get>;
/**
 * The form's values, the opening balance as typed ("1.234,56"). The page hands them on as a plain record: the
 * registry screen sends them as its procedures' input, which holds the balance in centavos.
 */
type AccountValues = FormValues<
  z.input<typeof accountInput>,
  'name' | 'accountTypeId' | 'bankId' | 'branch' | 'number' | 'openingBalance' | 'openingDate' | 'unitIds',
  'openingBalance'
>;

/** gestao_contas/contas: where the organization's money is, and which units may move it. */
export function AccountsPage() {
  return (
    <RegistryPage<Account, Record<string, unknown>>
      name="contas"
      procedures={trpc.registries.accounts}
      client={apiClient.registries.accounts}
      permissions={{ edit: 'editar_contas', level: 'organization' }}
      labels={t}
      defaultSort="name"
      schema={accountInput}
      importable
      columns={[
        {
          key: 'name',
          card: 'title',
          header: t.name,
          sortable: true,
          render: (a) => (
            <div>
              <RowTitle>{a.name}</RowTitle>
              {(a.branch || a.number) && (
                <Text size="xs" c="dimmed">
                  {[a.branch && `Ag. ${a.branch}`, a.number && `C/C ${a.number}`].filter(Boolean).join(' · ')}
                </Text>
              )}
            </div>
          ),
        },
        {
          key: 'openingBalance',
          card: 'figure',
          header: t.openingBalance,
          sortable: true,
          align: 'right',
          render: (a) => <Figure negative={a.openingBalance < 0}>{formatBRL(a.openingBalance)}</Figure>,
        },
        {
          key: 'openingDate',
          card: 'figure',
          header: t.openingDate,
          sortable: true,
          render: (a) => formatCalendarDate(a.openingDate),
        },
        { key: 'units', card: 'figure', header: t.units, render: (a) => a.unitIds.length },
      ]}
      fields={[
        { key: 'name', label: t.name, description: t.nameHelp },
        {
          key: 'accountTypeId',
          label: t.accountType,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.accountTypes.options),
        },
        {
          key: 'bankId',
          label: t.bank,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.banks.options),
        },
        { key: 'branch', label: t.branch, half: true },
        { key: 'number', label: t.number, half: true },
        { key: 'openingBalance', label: t.openingBalance, kind: 'money', half: true },
        { key: 'openingDate', label: t.openingDate, kind: 'date', half: true },
        { key: 'unitIds', label: t.units, kind: 'references', source: unitsSource },
      ]}
      toValues={(a): AccountValues => ({
        name: a?.name ?? '',
        accountTypeId: a?.accountTypeId ?? '',
        bankId: a?.bankId ?? '',
        branch: a?.branch ?? '',
        number: a?.number ?? '',
        openingBalance: moneyText(a?.openingBalance ?? 0),
        openingDate: a?.openingDate ?? '',
        unitIds: a?.unitIds ?? organizationUnitIds(),
      })}
      csv={(a) => ({
        [t.name]: a.name,
        [t.branch]: a.branch,
        [t.number]: a.number,
        [t.openingBalance]: a.openingBalance / 100,
        [t.openingDate]: formatCalendarDate(a.openingDate),
      })}
      title={(a) => a.name}
    />
  );
}
