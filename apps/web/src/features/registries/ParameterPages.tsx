import { Badge } from '@mantine/core';
import {
  apportionmentTemplateInput,
  formatBRL,
  formatPercent,
  PAYMENT_KINDS,
  paymentMethodInput,
  PRODUCT_UNITS,
  productInput,
  splitConfigInput,
  SPLIT_COVERAGES,
  TAX_KINDS,
  taxTypeInput,
  WHOLE,
} from '@financeiro/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { z } from 'zod';
import { apiClient, trpc } from '../../api/trpc';
import { registryMessages } from '../../i18n/registries';
import type { FormValues } from '../../ui/form-values';
import { moneyText, percentText } from './fields';
import { RowTitle, Code, Figure } from './cells';
import { RegistryPage } from './RegistryPage';
import { partiesSource, registrySource } from './sources';

const tx = registryMessages.taxTypes;
type TaxType = inferOutput<typeof trpc.registries.taxTypes.get>;
/** The rate and the due day as typed ("12,5", "20"); withheld as its switch holds it. */
type TaxTypeValues = FormValues<
  z.input<typeof taxTypeInput>,
  'name' | 'kind' | 'rate' | 'withheld' | 'collectionCode' | 'dueDay' | 'collectorPartyId',
  'rate' | 'dueDay'
> & {
  withheld: boolean;
};

/**
 * parametrizacao/tipos_imposto: taxes with their rates and whether they are withheld; for a withheld one, how its
 * month is collected (the DARF's code, the day of the next month and who collects it).
 */
export function TaxTypesPage() {
  return (
    <RegistryPage<TaxType, TaxTypeValues>
      name="tipos-de-imposto"
      procedures={trpc.registries.taxTypes}
      client={apiClient.registries.taxTypes}
      permissions={{ edit: 'editar_tipos_imposto', level: 'unit' }}
      labels={tx}
      defaultSort="name"
      schema={taxTypeInput}
      importable
      columns={[
        { key: 'name', card: 'title', header: tx.name, sortable: true, render: (r) => <RowTitle>{r.name}</RowTitle> },
        { key: 'kind', card: 'figure', header: tx.kind, sortable: true, render: (r) => tx.kinds[r.kind] },
        {
          key: 'rate',
          card: 'figure',
          header: tx.rate,
          sortable: true,
          align: 'right',
          render: (r) => <Figure>{formatPercent(r.rate)}</Figure>,
        },
        {
          key: 'withheld',
          card: 'figure',
          header: tx.withheld,
          render: (r) => (r.withheld ? <Badge variant="light">{tx.withheld}</Badge> : '—'),
        },
        {
          key: 'collectionCode',
          card: 'figure',
          header: tx.collectionCode,
          render: (r) => (r.collectionCode ? <Code>{r.collectionCode}</Code> : '—'),
        },
        {
          key: 'dueDay',
          card: 'figure',
          header: tx.dueDayShort,
          align: 'right',
          render: (r) => (r.dueDay ? tx.dueDayOf(r.dueDay) : '—'),
        },
      ]}
      fields={[
        { key: 'name', label: tx.name },
        {
          key: 'kind',
          label: tx.kind,
          kind: 'select',
          half: true,
          options: TAX_KINDS.map((k) => ({ value: k, label: tx.kinds[k] })),
        },
        { key: 'rate', label: tx.rate, kind: 'percent', half: true },
        { key: 'withheld', label: tx.withheld, kind: 'yesno' },
        { key: 'collectionCode', label: tx.collectionCode, description: tx.collectionCodeHint },
        { key: 'dueDay', label: tx.dueDay, description: tx.dueDayHint },
        { key: 'collectorPartyId', label: tx.collector, kind: 'reference', source: partiesSource },
      ]}
      toValues={(r) => ({
        name: r?.name ?? '',
        kind: r?.kind ?? 'custom',
        rate: percentText(r?.rate ?? 0),
        withheld: r?.withheld ?? false,
        collectionCode: r?.collectionCode ?? '',
        dueDay: r?.dueDay ? String(r.dueDay) : '',
        collectorPartyId: r?.collectorPartyId ?? '',
      })}
      csv={(r) => ({
        [tx.name]: r.name,
        [tx.kind]: tx.kinds[r.kind],
        [tx.rate]: formatPercent(r.rate),
        [tx.withheld]: r.withheld ? 'Sim' : 'Não',
        [tx.collectionCode]: r.collectionCode,
        [tx.dueDay]: r.dueDay,
      })}
      title={(r) => r.name}
    />
  );
}

const pm = registryMessages.paymentMethods;
type PaymentMethod = inferOutput<typeof trpc.registries.paymentMethods.get>;
/** The days to clear as typed. */
type PaymentMethodValues = FormValues<
  z.input<typeof paymentMethodInput>,
  'name' | 'kind' | 'daysToClear' | 'defaultAccountId',
  'daysToClear'
>;

/** parametrizacao/metodos_pagamento: how the organization pays and is paid, and when the money clears. */
export function PaymentMethodsPage() {
  return (
    <RegistryPage<PaymentMethod, PaymentMethodValues>
      name="metodos-de-pagamento"
      procedures={trpc.registries.paymentMethods}
      client={apiClient.registries.paymentMethods}
      permissions={{ edit: 'editar_metodos_pagamento', level: 'organization' }}
      labels={pm}
      defaultSort="name"
      schema={paymentMethodInput}
      importable
      columns={[
        { key: 'name', card: 'title', header: pm.name, sortable: true, render: (r) => <RowTitle>{r.name}</RowTitle> },
        { key: 'kind', card: 'figure', header: pm.kind, sortable: true, render: (r) => pm.kinds[r.kind] },
        {
          key: 'daysToClear',
          card: 'figure',
          header: pm.daysToClear,
          sortable: true,
          render: (r) => pm.days(r.daysToClear),
        },
      ]}
      fields={[
        { key: 'name', label: pm.name },
        {
          key: 'kind',
          label: pm.kind,
          kind: 'select',
          half: true,
          options: PAYMENT_KINDS.map((k) => ({ value: k, label: pm.kinds[k] })),
        },
        { key: 'daysToClear', label: pm.daysToClear, half: true },
        {
          key: 'defaultAccountId',
          label: pm.defaultAccount,
          kind: 'reference',
          source: registrySource(trpc.registries.accounts.options),
        },
      ]}
      toValues={(r) => ({
        name: r?.name ?? '',
        kind: r?.kind ?? 'pix',
        daysToClear: String(r?.daysToClear ?? 0),
        defaultAccountId: r?.defaultAccountId ?? '',
      })}
      csv={(r) => ({ [pm.name]: r.name, [pm.kind]: pm.kinds[r.kind], [pm.daysToClear]: r.daysToClear })}
      title={(r) => r.name}
    />
  );
}

const ap = registryMessages.apportionmentTemplates;
type Template = inferOutput<typeof trpc.registries.apportionmentTemplates.get>;
type TemplateInput = z.input<typeof apportionmentTemplateInput>;
/** Each line's share as typed ("33,34"). */
type TemplateValues = FormValues<TemplateInput, 'name'> & {
  lines: FormValues<TemplateInput['lines'][number], 'costCentreId' | 'classificationId' | 'share', 'share'>[];
};

/** parametrizacao/configuracoes_rateio_padrao: named apportionments that add up to exactly 100%. */
export function ApportionmentTemplatesPage() {
  return (
    <RegistryPage<Template, TemplateValues>
      name="rateios-padrao"
      procedures={trpc.registries.apportionmentTemplates}
      client={apiClient.registries.apportionmentTemplates}
      permissions={{ edit: 'editar_configuracoes_rateio_padrao', level: 'organization' }}
      labels={ap}
      defaultSort="name"
      schema={apportionmentTemplateInput}
      wide
      columns={[
        { key: 'name', card: 'title', header: ap.name, sortable: true, render: (r) => <RowTitle>{r.name}</RowTitle> },
        {
          key: 'lines',
          card: 'figure',
          header: ap.lines,
          render: (r) => `${ap.summary(r.lines.length)}: ${r.lines.map((l) => formatPercent(l.share)).join(' + ')}`,
        },
      ]}
      fields={[
        { key: 'name', label: ap.name },
        {
          key: 'lines',
          label: ap.lines,
          kind: 'lines',
          totalOf: 'share',
          newLine: () => ({ costCentreId: '', classificationId: '', share: '' }),
          columns: [
            {
              key: 'costCentreId',
              label: ap.costCentre,
              kind: 'reference',
              source: registrySource(trpc.registries.costCentres.options),
            },
            {
              key: 'classificationId',
              label: ap.classification,
              kind: 'reference',
              source: registrySource(trpc.registries.classifications.options),
            },
            { key: 'share', label: ap.share, kind: 'percent' },
          ],
        },
      ]}
      toValues={(r) => ({
        name: r?.name ?? '',
        lines: r?.lines.map((l) => ({
          costCentreId: l.costCentreId,
          classificationId: l.classificationId,
          share: percentText(l.share),
        })) ?? [{ costCentreId: '', classificationId: '', share: '100' }],
      })}
      csv={(r) => ({ [ap.name]: r.name, [ap.lines]: r.lines.map((l) => formatPercent(l.share)).join(' + ') })}
      title={(r) => r.name}
    />
  );
}

const sp = registryMessages.splitConfigs;
type Split = inferOutput<typeof trpc.registries.splitConfigs.get>;
type SplitInput = z.input<typeof splitConfigInput>;
/**
 * The form's values: the coverage blank until chosen, each partner's share as typed ("33,34"). The page hands them on
 * as a plain record: the registry screen sends them as its procedures' input, which takes no blank coverage.
 */
type SplitValues = FormValues<
  SplitInput,
  'name' | 'classificationId' | 'productId' | 'contractId' | 'coveredPartyId'
> & {
  coverage: SplitInput['coverage'] | '';
  partners: FormValues<SplitInput['partners'][number], 'partyId' | 'share', 'share'>[];
};

/** parametrizacao/configuracoes_split: how revenue is split among partners, never above 100%. */
export function SplitConfigsPage() {
  return (
    <RegistryPage<Split, Record<string, unknown>>
      name="divisoes-de-receitas"
      procedures={trpc.registries.splitConfigs}
      client={apiClient.registries.splitConfigs}
      permissions={{ edit: 'editar_configuracoes_split', level: 'unit' }}
      labels={sp}
      defaultSort="name"
      schema={splitConfigInput}
      wide
      columns={[
        { key: 'name', card: 'title', header: sp.name, sortable: true, render: (r) => <RowTitle>{r.name}</RowTitle> },
        {
          key: 'coverage',
          header: sp.coverage,
          render: (r) => (r.coverage ? sp.coverages[r.coverage] : sp.noCoverage),
        },
        {
          key: 'partners',
          card: 'figure',
          header: sp.partners,
          render: (r) => {
            const total = r.partners.reduce((sum, p) => sum + p.share, 0);
            return `${r.partners.map((p) => formatPercent(p.share)).join(' + ')} · ${sp.retained(formatPercent(WHOLE - total))}`;
          },
        },
      ]}
      fields={[
        { key: 'name', label: sp.name },
        {
          key: 'coverage',
          label: sp.coverage,
          description: sp.coverageHint,
          kind: 'select',
          options: SPLIT_COVERAGES.map((c) => ({ value: c, label: sp.coverages[c] })),
        },
        {
          key: 'classificationId',
          label: sp.classificationId,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.classifications.options),
          disabledWhen: (v) => v.coverage !== 'classification',
        },
        {
          key: 'productId',
          label: sp.productId,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.products.options),
          disabledWhen: (v) => v.coverage !== 'product',
        },
        {
          key: 'contractId',
          label: sp.contractId,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.contracts.options),
          disabledWhen: (v) => v.coverage !== 'contract',
        },
        {
          key: 'coveredPartyId',
          label: sp.coveredPartyId,
          kind: 'reference',
          half: true,
          source: registrySource(trpc.registries.customers.options),
          disabledWhen: (v) => v.coverage !== 'party',
        },
        {
          key: 'partners',
          label: sp.partners,
          kind: 'lines',
          totalOf: 'share',
          newLine: () => ({ partyId: '', share: '' }),
          columns: [
            {
              key: 'partyId',
              label: sp.partner,
              kind: 'reference',
              source: registrySource(trpc.registries.partners.options),
            },
            { key: 'share', label: sp.share, kind: 'percent' },
          ],
        },
      ]}
      toValues={(r): SplitValues => ({
        name: r?.name ?? '',
        coverage: r?.coverage ?? '',
        classificationId: r?.classificationId ?? '',
        productId: r?.productId ?? '',
        contractId: r?.contractId ?? '',
        coveredPartyId: r?.coveredPartyId ?? '',
        partners: r?.partners.map((p) => ({ partyId: p.partyId, share: percentText(p.share) })) ?? [
          { partyId: '', share: '' },
        ],
      })}
      csv={(r) => ({
        [sp.name]: r.name,
        [sp.coverage]: r.coverage ? sp.coverages[r.coverage] : sp.noCoverage,
        [sp.partners]: r.partners.map((p) => formatPercent(p.share)).join(' + '),
      })}
      title={(r) => r.name}
    />
  );
}

const pr = registryMessages.products;
type Product = inferOutput<typeof trpc.registries.products.get>;
/**
 * The form's values, the price as typed ("1.234,56"). The page hands them on as a plain record: the registry screen
 * sends them as its procedures' input, which holds the price in centavos.
 */
type ProductValues = FormValues<
  z.input<typeof productInput>,
  'code' | 'unit' | 'name' | 'classificationId' | 'price',
  'price'
>;

/** parametrizacao/produtos: what the organization buys and sells, with unit, classification and price. */
export function ProductsPage() {
  return (
    <RegistryPage<Product, Record<string, unknown>>
      name="produtos"
      procedures={trpc.registries.products}
      client={apiClient.registries.products}
      permissions={{ edit: 'editar_produtos', level: 'unit' }}
      labels={pr}
      defaultSort="name"
      schema={productInput}
      importable
      columns={[
        {
          key: 'code',
          card: 'figure',
          header: pr.code,
          sortable: true,
          width: 140,
          render: (r) => <Code>{r.code}</Code>,
        },
        { key: 'name', card: 'title', header: pr.name, sortable: true, render: (r) => <RowTitle>{r.name}</RowTitle> },
        { key: 'unit', card: 'figure', header: pr.unit, render: (r) => r.unit },
        {
          key: 'price',
          card: 'figure',
          header: pr.price,
          sortable: true,
          align: 'right',
          render: (r) => <Figure>{formatBRL(r.price)}</Figure>,
        },
      ]}
      fields={[
        { key: 'code', label: pr.code, half: true },
        {
          key: 'unit',
          label: pr.unit,
          kind: 'select',
          half: true,
          options: PRODUCT_UNITS.map((u) => ({ value: u, label: u })),
        },
        { key: 'name', label: pr.name },
        {
          key: 'classificationId',
          label: pr.classification,
          kind: 'reference',
          source: registrySource(trpc.registries.classifications.options),
        },
        { key: 'price', label: pr.price, kind: 'money' },
      ]}
      toValues={(r): ProductValues => ({
        code: r?.code ?? '',
        unit: r?.unit ?? 'UN',
        name: r?.name ?? '',
        classificationId: r?.classificationId ?? '',
        price: moneyText(r?.price ?? 0),
      })}
      csv={(r) => ({ [pr.code]: r.code, [pr.name]: r.name, [pr.unit]: r.unit, [pr.price]: moneyText(r.price) })}
      title={(r) => `${r.code} · ${r.name}`}
    />
  );
}
