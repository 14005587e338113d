import { lazy, type ReactNode } from 'react';
import type { RouteComponent } from '@tanstack/react-router';

type Page = RouteComponent;
import {
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconCalendarStats,
  IconCash,
  IconChartBar,
  IconChartLine,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconFileInvoice,
  IconFileDollar,
  IconFileText,
  IconHierarchy2,
  IconHistory,
  IconLayoutDashboard,
  IconLock,
  IconReceipt,
  IconReceiptTax,
  IconReportMoney,
  IconRoad,
  IconScale,
  IconShieldCheck,
  IconShoppingCart,
  IconSitemap,
  IconTag,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconWallet,
  IconArrowsSplit,
  IconBan,
  IconChecklist,
  IconListDetails,
  IconCreditCard,
  IconPackage,
  IconArrowDownLeft,
  IconArrowUpRight,
  IconBuildingStore,
  IconHeartHandshake,
  IconBrandCashapp,
  type Icon,
} from '@tabler/icons-react';
import type { PermissionName, RouteAuthz } from '@financeiro/core';
import { DashboardPage } from '../features/dashboard/DashboardPage';

/** Screens other than the dashboard load on demand, so the app opens fast on a phone. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K): Page {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
const PayablesPage = lazyPage(() => import('../features/ledger/InstallmentsPage'), 'PayablesPage');
const ReceivablesPage = lazyPage(() => import('../features/ledger/InstallmentsPage'), 'ReceivablesPage');
const ProfilePage = lazyPage(() => import('../features/account/ProfilePage'), 'ProfilePage');
const ChangePasswordPage = lazyPage(() => import('../features/account/ChangePasswordPage'), 'ChangePasswordPage');
const MfaConfigPage = lazyPage(() => import('../features/account/MfaConfigPage'), 'MfaConfigPage');
const DepartmentsPage = lazyPage(() => import('../features/admin/HierarchyPage'), 'DepartmentsPage');
const UnitsPage = lazyPage(() => import('../features/admin/HierarchyPage'), 'UnitsPage');
const ProfilesPage = lazyPage(() => import('../features/admin/ProfilesPage'), 'ProfilesPage');
const UsersPage = lazyPage(() => import('../features/admin/UsersPage'), 'UsersPage');
const LastAccessPage = lazyPage(() => import('../features/admin/LastAccessPage'), 'LastAccessPage');
const OrganizationsPage = lazyPage(() => import('../features/admin/OrganizationsPage'), 'OrganizationsPage');
const EventsPage = lazyPage(() => import('../features/logs/EventsPage'), 'EventsPage');
const EventsDashboardPage = lazyPage(() => import('../features/logs/EventsDashboardPage'), 'EventsDashboardPage');
const RoadmapPage = lazyPage(() => import('../features/roadmap/RoadmapPage'), 'RoadmapPage');
const StatementPage = lazyPage(() => import('../features/statement/StatementPage'), 'StatementPage');
const ClosingPage = lazyPage(() => import('../features/closing/ClosingPage'), 'ClosingPage');
const TaxesPage = lazyPage(() => import('../features/taxes/TaxesPage'), 'TaxesPage');
const ReconciliationPage = lazyPage(
  () => import('../features/reconciliation/ReconciliationPage'),
  'ReconciliationPage',
);
const AccountsPage = lazyPage(() => import('../features/registries/AccountsPage'), 'AccountsPage');
const ClassificationsPage = lazyPage(() => import('../features/registries/TreePages'), 'ClassificationsPage');
const CostCentresPage = lazyPage(() => import('../features/registries/TreePages'), 'CostCentresPage');
const TaxTypesPage = lazyPage(() => import('../features/registries/ParameterPages'), 'TaxTypesPage');
const SplitConfigsPage = lazyPage(() => import('../features/registries/ParameterPages'), 'SplitConfigsPage');
const ProductsPage = lazyPage(() => import('../features/registries/ParameterPages'), 'ProductsPage');
const PaymentMethodsPage = lazyPage(() => import('../features/registries/ParameterPages'), 'PaymentMethodsPage');
const ApportionmentTemplatesPage = lazyPage(
  () => import('../features/registries/ParameterPages'),
  'ApportionmentTemplatesPage',
);
const PartnersPage = lazyPage(() => import('../features/registries/PartiesPage'), 'PartnersPage');
const SuppliersPage = lazyPage(() => import('../features/registries/PartiesPage'), 'SuppliersPage');
const CustomersPage = lazyPage(() => import('../features/registries/PartiesPage'), 'CustomersPage');
const ContractsPage = lazyPage(() => import('../features/registries/ContractsPage'), 'ContractsPage');
const PurchasingCentresPage = lazyPage(
  () => import('../features/registries/PurchasingCentresPage'),
  'PurchasingCentresPage',
);
const BanksPage = lazyPage(() => import('../features/registries/BanksPage'), 'BanksPage');
const AccountTypesPage = lazyPage(() => import('../features/registries/AccountTypesPage'), 'AccountTypesPage');
const SplitFlowPage = lazyPage(() => import('../features/split/SplitFlowPage'), 'SplitFlowPage');
const PurchaseOrdersPage = lazyPage(() => import('../features/purchasing/PurchaseOrdersPage'), 'PurchaseOrdersPage');
const MercadoPagoPage = lazyPage(() => import('../features/mercadopago/MercadoPagoPage'), 'MercadoPagoPage');
const InflowsPage = lazyPage(() => import('../features/reports/FlowsReportPage'), 'InflowsPage');
const OutflowsPage = lazyPage(() => import('../features/reports/FlowsReportPage'), 'OutflowsPage');
const DreReportPage = lazyPage(() => import('../features/reports/DreReportPage'), 'DreReportPage');
const ProjectionPage = lazyPage(() => import('../features/reports/ProjectionPage'), 'ProjectionPage');
const PayablesStatusPage = lazyPage(() => import('../features/reports/StatusReportPage'), 'PayablesStatusPage');
const ReceivablesStatusPage = lazyPage(() => import('../features/reports/StatusReportPage'), 'ReceivablesStatusPage');

export interface RouteDisplay {
  title: string;
  subtitle?: string;
  icon?: Icon;
  helpTooltip?: string;
}

export type Layout = 'main' | 'blank';

/** A screen of the app with its authorization and display metadata; the router and the sidebar read it. */
export interface ScreenDef {
  name: string;
  /** Path below its layout, without a leading slash. */
  path: string;
  layout: Layout;
  authz: RouteAuthz;
  display: RouteDisplay;
  /** Sidebar group; screens without one are not in the menu. */
  group?: string;
  component: Page;
}

const purchases = (child: PermissionName) => ({ all: ['ler_pedidos_compra', child] });
/** A purchase list: organization-wide for approvers, one department's for a requester granted there. */
const purchaseList = (child: PermissionName): RouteAuthz => ({
  scope: 'organization',
  permissions: purchases(child),
  grantedInDepartments: true,
});

const screen = (
  name: string,
  path: string,
  authz: RouteAuthz,
  display: RouteDisplay,
  group: string | undefined,
  component: Page,
  layout: Layout = 'main',
): ScreenDef => ({ name, path, authz, display, group, component, layout });

// Where no permission was set for a screen and it shows finance data, it asks for the permission to read that data,
// as a finance team expects (a requester must not see payables just by belonging to a unit; decision 0006).
export const SCREENS: ScreenDef[] = [
  screen(
    'dashboard',
    'dashboard',
    { scope: 'unit' },
    { title: 'Painel', subtitle: 'Visão geral da unidade', icon: IconLayoutDashboard },
    'Início',
    DashboardPage,
  ),

  screen(
    'contas-pagar',
    'contas/pagar',
    { scope: 'unit', permissions: 'ler_contas_pagar' },
    { title: 'Contas a pagar', icon: IconArrowUpRight },
    'Contas',
    PayablesPage,
  ),
  screen(
    'contas-receber',
    'contas/receber',
    { scope: 'unit', permissions: 'ler_contas_receber' },
    { title: 'Contas a receber', icon: IconArrowDownLeft },
    'Contas',
    ReceivablesPage,
  ),
  screen(
    'contas-extrato',
    'contas/extrato',
    { scope: 'unit', permissions: 'ler_transacoes' },
    { title: 'Extrato', icon: IconListDetails },
    'Contas',
    StatementPage,
  ),
  screen(
    'contas-conciliacao-bancaria',
    'contas/conciliacao_bancaria',
    { scope: 'unit', permissions: 'acessar_conciliacao' },
    { title: 'Conciliação bancária', icon: IconScale },
    'Contas',
    ReconciliationPage,
  ),
  screen(
    'contas-centros-compras',
    'contas/centros_compras',
    { scope: 'unit', permissions: 'ler_centros_compras' },
    { title: 'Centros de compras', icon: IconBuildingStore },
    'Contas',
    PurchasingCentresPage,
  ),
  screen(
    'contas-contratos',
    'contas/contratos',
    { scope: 'unit', permissions: 'ler_contratos' },
    { title: 'Contratos', icon: IconFileText },
    'Contas',
    ContractsPage,
  ),
  screen(
    'contas-fechamento',
    'contas/fechamento',
    { scope: 'unit', permissions: 'fechar_mes' },
    {
      title: 'Fechamento de meses',
      subtitle: 'Feche os meses já apurados da unidade e reabra-os com um motivo',
      icon: IconLock,
    },
    'Contas',
    ClosingPage,
  ),
  screen(
    'contas-impostos-retidos',
    'contas/impostos_retidos',
    { scope: 'unit', permissions: 'ler_contas_pagar' },
    {
      title: 'Impostos retidos',
      subtitle: 'Retenções do mês por guia, para recolher e enviar ao contador',
      icon: IconFileDollar,
    },
    'Contas',
    TaxesPage,
  ),

  screen(
    'compras-criadas',
    'compras/criadas',
    purchaseList('ler_wkfl_solicitados'),
    { title: 'Compras criadas', icon: IconShoppingCart },
    'Compras',
    PurchaseOrdersPage,
  ),
  screen(
    'compras-aguardando-aprovacao',
    'compras/aguardando_aprovacao',
    purchaseList('ler_wkfl_aguardando'),
    { title: 'Aguardando aprovação', icon: IconClockHour4 },
    'Compras',
    PurchaseOrdersPage,
  ),
  screen(
    'compras-aprovadas',
    'compras/aprovadas',
    purchaseList('ler_wkfl_aprovados'),
    { title: 'Aprovadas', icon: IconCircleCheck },
    'Compras',
    PurchaseOrdersPage,
  ),
  screen(
    'compras-reprovadas',
    'compras/reprovadas',
    purchaseList('ler_wkfl_reprovados'),
    { title: 'Reprovadas', icon: IconCircleX },
    'Compras',
    PurchaseOrdersPage,
  ),
  screen(
    'compras-concluidas',
    'compras/concluidas',
    purchaseList('ler_wkfl_concluidos'),
    { title: 'Concluídas', icon: IconChecklist },
    'Compras',
    PurchaseOrdersPage,
  ),
  screen(
    'compras-canceladas',
    'compras/canceladas',
    purchaseList('ler_wkfl_cancelados'),
    { title: 'Canceladas', icon: IconBan },
    'Compras',
    PurchaseOrdersPage,
  ),

  screen(
    'gestao-contas-contas',
    'gestao_contas/contas',
    { scope: 'organization', permissions: 'ler_contas' },
    { title: 'Contas', icon: IconWallet },
    'Gestão de contas',
    AccountsPage,
  ),
  screen(
    'gestao-contas-bancos',
    'gestao_contas/bancos',
    { scope: 'unit', permissions: 'ler_bancos' },
    { title: 'Bancos', icon: IconBuildingBank },
    'Gestão de contas',
    BanksPage,
  ),
  screen(
    'gestao-contas-conciliacao-mercado-pago',
    'gestao_contas/conciliacao_mercado_pago',
    { scope: 'unit', permissions: 'acessar_conciliacao' },
    {
      title: 'Conciliação Mercado Pago',
      icon: IconBrandCashapp,
      helpTooltip: 'Os dados são baseados na data de aprovação do pagamento.',
    },
    'Gestão de contas',
    MercadoPagoPage,
  ),

  screen(
    'agrupamentos-classificacoes-financeiras',
    'agrupamentos/classificacoes_financeiras',
    { scope: 'unit', permissions: 'ler_classificacoes_financeiras' },
    { title: 'Classificações financeiras', icon: IconHierarchy2 },
    'Agrupamentos',
    ClassificationsPage,
  ),
  screen(
    'agrupamentos-centros-custo',
    'agrupamentos/centros_custo',
    { scope: 'unit', permissions: 'ler_centros_custo' },
    { title: 'Centros de custo', icon: IconSitemap },
    'Agrupamentos',
    CostCentresPage,
  ),

  screen(
    'parametrizacao-tipos-conta',
    'parametrizacao/tipos_conta',
    { scope: 'unit', permissions: 'ler_tipos_conta' },
    { title: 'Tipos de conta', icon: IconTag },
    'Parametrização',
    AccountTypesPage,
  ),
  screen(
    'parametrizacao-tipos-imposto',
    'parametrizacao/tipos_imposto',
    { scope: 'unit', permissions: 'ler_tipos_imposto' },
    { title: 'Tipos de imposto', icon: IconReceiptTax },
    'Parametrização',
    TaxTypesPage,
  ),
  screen(
    'parametrizacao-configuracoes-split',
    'parametrizacao/configuracoes_split',
    { scope: 'unit', permissions: 'ler_configuracoes_split' },
    { title: 'Divisão de receitas', icon: IconArrowsSplit },
    'Parametrização',
    SplitConfigsPage,
  ),
  screen(
    'parametrizacao-produtos',
    'parametrizacao/produtos',
    { scope: 'unit', permissions: 'ler_produtos' },
    { title: 'Produtos', icon: IconPackage },
    'Parametrização',
    ProductsPage,
  ),
  screen(
    'parametrizacao-metodos-pagamento',
    'parametrizacao/metodos_pagamento',
    { scope: 'organization', permissions: 'ler_metodos_pagamento' },
    { title: 'Métodos de pagamento', icon: IconCreditCard },
    'Parametrização',
    PaymentMethodsPage,
  ),
  screen(
    'parametrizacao-configuracoes-rateio-padrao',
    'parametrizacao/configuracoes_rateio_padrao',
    { scope: 'organization', permissions: 'ler_configuracoes_rateio_padrao' },
    { title: 'Configurações de rateio padrão', icon: IconCash },
    'Parametrização',
    ApportionmentTemplatesPage,
  ),

  screen(
    'relacionamento-parceiros',
    'relacionamento/parceiros',
    { scope: 'unit', permissions: 'ler_parceiros' },
    { title: 'Parceiros', icon: IconHeartHandshake },
    'Relacionamento',
    PartnersPage,
  ),
  screen(
    'relacionamento-fornecedores',
    'relacionamento/fornecedores',
    { scope: 'unit', permissions: 'ler_fornecedores' },
    { title: 'Fornecedores', icon: IconTruckDelivery },
    'Relacionamento',
    SuppliersPage,
  ),
  screen(
    'relacionamento-clientes',
    'relacionamento/clientes',
    { scope: 'unit', permissions: 'ler_clientes' },
    { title: 'Clientes', icon: IconUsersGroup },
    'Relacionamento',
    CustomersPage,
  ),

  screen(
    'relatorios-contabeis-entradas',
    'relatorios_contabeis/entradas',
    { scope: 'organization', permissions: purchases('ler_contas_pagar') },
    { title: 'Entradas', icon: IconFileInvoice },
    'Relatórios',
    InflowsPage,
  ),
  screen(
    'relatorios-contabeis-saidas',
    'relatorios_contabeis/saidas',
    { scope: 'organization', permissions: purchases('ler_contas_pagar') },
    { title: 'Saidas', icon: IconReceipt },
    'Relatórios',
    OutflowsPage,
  ),
  // Added by issue 17: the DRE and the cash-flow projection (decision 0025), ruled as entradas.
  screen(
    'relatorios-contabeis-dre',
    'relatorios_contabeis/dre',
    { scope: 'organization', permissions: purchases('ler_contas_pagar') },
    { title: 'DRE gerencial', icon: IconReportMoney },
    'Relatórios',
    DreReportPage,
  ),
  screen(
    'relatorios-contabeis-fluxo-caixa',
    'relatorios_contabeis/fluxo_caixa',
    { scope: 'organization', permissions: purchases('ler_contas_pagar') },
    { title: 'Fluxo de caixa projetado', icon: IconChartLine },
    'Relatórios',
    ProjectionPage,
  ),
  screen(
    'relatorios-cp-status',
    'relatorios/cp_status',
    { scope: 'unit', permissions: 'ler_contas_pagar' },
    { title: 'Contas a pagar por status', icon: IconChartBar },
    'Relatórios',
    PayablesStatusPage,
  ),
  screen(
    'relatorios-cr-status',
    'relatorios/cr_status',
    { scope: 'unit', permissions: 'ler_contas_receber' },
    { title: 'Contas a receber por status', icon: IconCalendarStats },
    'Relatórios',
    ReceivablesStatusPage,
  ),

  screen(
    'logs-events',
    'logs/events',
    { scope: 'organization', permissions: 'ler_logs_eventos' },
    { title: 'Logs de eventos', icon: IconHistory },
    'Auditoria',
    EventsPage,
  ),
  screen(
    'logs-events-dashboard',
    'logs/events_logs_dashboard',
    { scope: 'organization', permissions: 'ler_logs_eventos' },
    { title: 'Painel de eventos', icon: IconChartBar },
    'Auditoria',
    EventsDashboardPage,
  ),

  screen(
    'tenants-organizations',
    'tenants/organizations',
    { scope: 'user', requiresOrganizationCreation: true },
    { title: 'Organizações', icon: IconBuildingSkyscraper },
    'Administração',
    OrganizationsPage,
  ),
  screen(
    'tenants-units',
    'tenants/units',
    { scope: 'organization', permissions: 'read_units' },
    { title: 'Unidades', icon: IconBuildingStore },
    'Administração',
    UnitsPage,
  ),
  screen(
    'tenants-departments',
    'tenants/departments',
    { scope: 'unit', permissions: 'read_departments' },
    { title: 'Departamentos', icon: IconSitemap },
    'Administração',
    DepartmentsPage,
  ),
  screen(
    'tenants-profiles',
    'tenants/profiles',
    { scope: 'organization', permissions: 'read_profiles' },
    { title: 'Perfis', icon: IconShieldCheck },
    'Administração',
    ProfilesPage,
  ),
  screen(
    'tenants-users',
    'tenants/users',
    { scope: 'organization', permissions: 'read_memberships' },
    { title: 'Usuários', icon: IconUsers },
    'Administração',
    UsersPage,
  ),
  screen(
    'tenants-last-acess',
    'tenants/last_acess',
    { scope: 'organization', permissions: 'read_last_acess' },
    { title: 'Últimos acessos', icon: IconHistory },
    'Administração',
    LastAccessPage,
  ),
  screen(
    'gestao-roadmap',
    'gestao/roadmap',
    { scope: 'organization', permissions: 'acessar_roadmap' },
    { title: 'Planejamento', subtitle: 'O que já foi entregue e as próximas versões', icon: IconRoad },
    'Administração',
    RoadmapPage,
  ),

  screen(
    'account-profile',
    'account/profile',
    { scope: 'user' },
    { title: 'Meu perfil', icon: IconUserCircle },
    'Minha conta',
    ProfilePage,
  ),
  screen(
    'account-change-password',
    'account/change-password',
    { scope: 'user' },
    { title: 'Alterar senha', icon: IconLock },
    'Minha conta',
    ChangePasswordPage,
  ),
  screen(
    'account-mfa-config',
    'account/mfa-config',
    { scope: 'user' },
    { title: 'Autenticação em dois fatores', icon: IconShieldCheck },
    'Minha conta',
    MfaConfigPage,
  ),

  screen(
    'fluxos-split',
    'split',
    { scope: 'unit', permissions: 'ler_configuracoes_split' },
    { title: 'Fluxo de divisão de receitas', icon: IconArrowsSplit },
    undefined,
    SplitFlowPage,
    'blank',
  ),
];

export const MENU_GROUPS = [
  'Início',
  'Contas',
  'Compras',
  'Gestão de contas',
  'Agrupamentos',
  'Parametrização',
  'Relacionamento',
  'Relatórios',
  'Auditoria',
  'Administração',
  'Minha conta',
];

export function fullPath(def: ScreenDef): string {
  return def.layout === 'blank' ? `/fluxos/${def.path}` : `/${def.path}`;
}

export function screenByName(name: string): ScreenDef | undefined {
  return SCREENS.find((s) => s.name === name);
}
