import { bankInput } from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { RowTitle, Code } from './cells';
import { RegistryPage } from './RegistryPage';

const t = registryMessages.banks;

type Bank = inferOutput<typeof trpc.registries.banks.get>;
type BankValues = FormValues<z.input<typeof bankInput>, 'code' | 'ispb' | 'name' | 'shortName'>;

/** gestao_contas/bancos: the banks and payment institutions the organization works with. */
export function BanksPage() {
  return (
    <RegistryPage<Bank, BankValues>
      name="bancos"
      procedures={trpc.registries.banks}
      client={apiClient.registries.banks}
      permissions={{ edit: 'editar_bancos', level: 'unit' }}
      labels={t}
      defaultSort="name"
      schema={bankInput}
      columns={[
        {
          key: 'code',
          card: 'figure',
          header: t.code,
          sortable: true,
          width: 130,
          render: (b) => <Code>{b.code ?? '—'}</Code>,
        },
        {
          key: 'name',
          card: 'title',
          header: t.name,
          sortable: true,
          render: (b) => <RowTitle sub={b.shortName && b.name}>{b.shortName ?? b.name}</RowTitle>,
        },
        {
          key: 'ispb',
          card: 'figure',
          header: t.ispb,
          sortable: true,
          render: (b) => <Code>{b.ispb ?? '—'}</Code>,
        },
      ]}
      importable
      fields={[
        { key: 'code', label: t.code, description: t.codeHelp },
        { key: 'ispb', label: t.ispb, description: t.ispbHelp },
        { key: 'name', label: t.name },
        { key: 'shortName', label: t.shortName, description: t.shortNameHelp },
      ]}
      toValues={(b) => ({
        code: b?.code ?? '',
        ispb: b?.ispb ?? '',
        name: b?.name ?? '',
        shortName: b?.shortName ?? '',
      })}
      csv={(b) => ({
        [t.code]: b.code,
        [t.ispb]: b.ispb,
        [t.name]: b.name,
        [t.shortName]: b.shortName,
      })}
      title={(b) => b.shortName ?? b.name}
    />
  );
}
