import { Badge, Group } from '@mantine/core';
import {
  formatCep,
  formatDocument,
  formatPhone,
  PARTY_ROLES,
  partyInput,
  PIX_KEY_TYPES,
  UFS,
  type PartyRole,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { RowTitle, Code } from './cells';
import { RegistryPage } from './RegistryPage';
import { registrySource } from './sources';

const t = registryMessages.parties;

type Party = inferOutput<typeof trpc.registries.suppliers.get>;
type PartyValues = FormValues<
  z.input<typeof partyInput>,
  | 'personType'
  | 'document'
  | 'name'
  | 'roles'
  | 'bankId'
  | 'apportionmentTemplateId'
  | 'pixKeyType'
  | 'tradeName'
  | 'stateRegistration'
  | 'municipalRegistration'
  | 'email'
  | 'phone'
  | 'cep'
  | 'street'
  | 'number'
  | 'complement'
  | 'district'
  | 'city'
  | 'uf'
  | 'branch'
  | 'accountNumber'
  | 'pixKey'
>;

const CLIENTS = {
  supplier: {
    procedures: trpc.registries.suppliers,
    client: apiClient.registries.suppliers,
    name: 'fornecedores',
    edit: 'editar_fornecedores',
  },
  customer: {
    procedures: trpc.registries.customers,
    client: apiClient.registries.customers,
    name: 'clientes',
    edit: 'editar_clientes',
  },
  partner: {
    procedures: trpc.registries.partners,
    client: apiClient.registries.partners,
    name: 'parceiros',
    edit: 'editar_parceiros',
  },
} as const;

/** A party as the form holds it: a new one playing `role`, or the row to change, its document and phone masked. */
const partyValues = (role: PartyRole, p: Party | null): PartyValues => ({
  personType: p?.personType ?? 'PJ',
  document: p ? formatDocument(p.document) : '',
  name: p?.name ?? '',
  roles: p?.roles ?? [role],
  bankId: p?.bankId ?? '',
  apportionmentTemplateId: p?.apportionmentTemplateId ?? '',
  pixKeyType: p?.pixKeyType ?? '',
  tradeName: p?.tradeName ?? '',
  stateRegistration: p?.stateRegistration ?? '',
  municipalRegistration: p?.municipalRegistration ?? '',
  email: p?.email ?? '',
  phone: p?.phone ? formatPhone(p.phone) : '',
  cep: p?.cep ? formatCep(p.cep) : '',
  street: p?.street ?? '',
  number: p?.number ?? '',
  complement: p?.complement ?? '',
  district: p?.district ?? '',
  city: p?.city ?? '',
  uf: p?.uf ?? '',
  branch: p?.branch ?? '',
  accountNumber: p?.accountNumber ?? '',
  pixKey: p?.pixKey ?? '',
});

/** One screen of the parties registry: the parties playing `role`, the same records the other screens share. */
function PartiesPage({ role }: { role: PartyRole }) {
  const { procedures, client, name, edit } = CLIENTS[role];
  const labels = t[role];
  return (
    <RegistryPage<Party, PartyValues>
      name={name}
      procedures={procedures}
      client={client}
      permissions={{ edit, level: 'unit' }}
      labels={labels}
      defaultSort="name"
      schema={partyInput}
      wide
      importable
      columns={[
        {
          key: 'name',
          card: 'title',
          header: t.name,
          sortable: true,
          render: (p) => <RowTitle sub={p.tradeName && p.name}>{p.tradeName ?? p.name}</RowTitle>,
        },
        {
          key: 'document',
          card: 'figure',
          header: t.document,
          sortable: true,
          width: 200,
          render: (p) => <Code>{formatDocument(p.document)}</Code>,
        },
        {
          key: 'city',
          card: 'figure',
          header: t.location,
          sortable: true,
          render: (p) => (p.city ? `${p.city}${p.uf ? `/${p.uf}` : ''}` : '—'),
        },
        {
          key: 'roles',
          header: t.roles,
          render: (p) => (
            <Group gap={4}>
              {p.roles.map((r) => (
                <Badge key={r} size="sm" variant={r === role ? 'filled' : 'light'}>
                  {t.roleNames[r]}
                </Badge>
              ))}
            </Group>
          ),
        },
      ]}
      fields={[
        {
          key: 'personType',
          label: t.personType,
          kind: 'select',
          half: true,
          options: (['PJ', 'PF'] as const).map((v) => ({ value: v, label: t.personTypes[v] })),
        },
        {
          key: 'document',
          label: t.document,
          placeholder: t.documentPlaceholder,
          half: true,
          kind: 'document',
          personType: (values) => (values.personType === 'PF' ? 'PF' : 'PJ'),
        },
        { key: 'name', label: t.name },
        { key: 'tradeName', label: t.tradeName },
        { key: 'stateRegistration', label: t.stateRegistration, half: true },
        { key: 'municipalRegistration', label: t.municipalRegistration, half: true },
        {
          key: 'roles',
          label: t.roles,
          description: t.rolesHelp,
          kind: 'multiselect',
          options: PARTY_ROLES.map((r) => ({ value: r, label: t.roleNames[r] })),
        },
        {
          key: 'apportionmentTemplateId',
          label: t.apportionmentTemplate,
          description: t.apportionmentTemplateHelp,
          kind: 'reference',
          source: registrySource(trpc.registries.apportionmentTemplates.options),
        },
        { key: 'email', label: t.email, half: true, section: t.contact },
        { key: 'phone', label: t.phone, half: true, kind: 'phone' },
        { key: 'cep', label: t.cep, half: true, section: t.address, kind: 'cep' },
        { key: 'uf', label: t.uf, half: true, kind: 'select', options: UFS.map((uf) => ({ value: uf, label: uf })) },
        { key: 'street', label: t.street },
        { key: 'number', label: t.number, half: true },
        { key: 'complement', label: t.complement, half: true },
        { key: 'district', label: t.district, half: true },
        { key: 'city', label: t.city, half: true },
        {
          key: 'bankId',
          label: t.bank,
          kind: 'reference',
          source: registrySource(trpc.registries.banks.options),
          section: t.banking,
        },
        { key: 'branch', label: t.branch, half: true },
        { key: 'accountNumber', label: t.accountNumber, half: true },
        {
          key: 'pixKeyType',
          label: t.pixKeyType,
          half: true,
          kind: 'select',
          options: PIX_KEY_TYPES.map((k) => ({ value: k, label: t.pixTypes[k] })),
        },
        { key: 'pixKey', label: t.pixKey, half: true },
      ]}
      toValues={(p) => partyValues(role, p)}
      csv={(p) => ({
        [t.personType]: p.personType,
        [t.document]: formatDocument(p.document),
        [t.name]: p.name,
        [t.tradeName]: p.tradeName,
        [t.roles]: p.roles.map((r) => t.roleNames[r]).join(', '),
        [t.stateRegistration]: p.stateRegistration,
        [t.municipalRegistration]: p.municipalRegistration,
        [t.email]: p.email,
        [t.phone]: p.phone && formatPhone(p.phone),
        [t.cep]: p.cep && formatCep(p.cep),
        [t.street]: p.street,
        [t.number]: p.number,
        [t.complement]: p.complement,
        [t.district]: p.district,
        [t.city]: p.city,
        [t.uf]: p.uf,
        [t.branch]: p.branch,
        [t.accountNumber]: p.accountNumber,
        [t.pixKeyType]: p.pixKeyType ? t.pixTypes[p.pixKeyType] : null,
        [t.pixKey]: p.pixKey,
      })}
      title={(p) => p.tradeName ?? p.name}
    />
  );
}

export const SuppliersPage = () => <PartiesPage role="supplier" />;
export const CustomersPage = () => <PartiesPage role="customer" />;
export const PartnersPage = () => <PartiesPage role="partner" />;
