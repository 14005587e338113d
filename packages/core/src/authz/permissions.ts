/**
 * The permission catalogue: every permission a profile can grant, with its pt-BR label and the level it belongs to.
 * The product's own permission names (listed in docs/product.md) are kept exactly as spelled, `read_last_acess`
 * included; tenant administration uses English snake_case, finance and purchasing use Portuguese, as those names do.
 */
export type PermissionLevel = 'organization' | 'unit' | 'department';

/** Areas group the catalogue in the profile editor, in this order. */
export const PERMISSION_AREAS = [
  'Administração',
  'Cadastros financeiros',
  'Contas a pagar e a receber',
  'Compras',
  'Relacionamento e contratos',
  'Auditoria',
  'Acesso',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

interface PermissionDefinition {
  label: string;
  level: PermissionLevel;
  area: PermissionArea;
  /** Lets a holder change who may do what; only holders of manage_restricted_permissions may grant or revoke it. */
  restricted?: true;
}

const org = (area: PermissionArea, label: string, restricted?: true): PermissionDefinition =>
  restricted ? { label, level: 'organization', area, restricted } : { label, level: 'organization', area };
const unit = (area: PermissionArea, label: string): PermissionDefinition => ({ label, level: 'unit', area });
const dept = (area: PermissionArea, label: string): PermissionDefinition => ({ label, level: 'department', area });

const ADMIN = 'Administração';
const REGISTRIES = 'Cadastros financeiros';
const BOOKS = 'Contas a pagar e a receber';
const PURCHASES = 'Compras';
const PARTIES = 'Relacionamento e contratos';
const AUDIT = 'Auditoria';
const ACCESS = 'Acesso';

export const PERMISSIONS = {
  access_organization: org(ACCESS, 'Acessar a organização'),
  manage_organization: org(ADMIN, 'Gerenciar a organização', true),
  acessar_roadmap: org(ADMIN, 'Acessar o planejamento'),
  read_last_acess: org(ADMIN, 'Ver últimos acessos'),
  read_units: org(ADMIN, 'Ver unidades'),
  edit_units: org(ADMIN, 'Editar unidades'),
  read_profiles: org(ADMIN, 'Ver perfis'),
  edit_profiles: org(ADMIN, 'Editar perfis', true),
  read_memberships: org(ADMIN, 'Ver usuários da organização'),
  edit_memberships: org(ADMIN, 'Editar usuários da organização', true),
  edit_user_passwords: org(ADMIN, 'Alterar senhas de usuários', true),
  search_users: org(ADMIN, 'Pesquisar usuários'),
  create_users: org(ADMIN, 'Criar usuários'),
  invite_users: org(ADMIN, 'Convidar usuários'),
  manage_restricted_permissions: org(ADMIN, 'Gerenciar permissões restritas', true),
  ler_tipos_conta: org(REGISTRIES, 'Ver tipos de conta'),
  editar_tipos_conta: org(REGISTRIES, 'Editar tipos de conta'),
  ler_tipos_imposto: org(REGISTRIES, 'Ver tipos de imposto'),
  editar_tipos_imposto: org(REGISTRIES, 'Editar tipos de imposto'),
  ler_centros_custo: org(REGISTRIES, 'Ver centros de custo'),
  editar_centros_custo: org(REGISTRIES, 'Editar centros de custo'),
  ler_classificacoes_financeiras: org(REGISTRIES, 'Ver classificações financeiras'),
  editar_classificacoes_financeiras: org(REGISTRIES, 'Editar classificações financeiras'),
  ler_bancos: org(REGISTRIES, 'Ver bancos'),
  editar_bancos: org(REGISTRIES, 'Editar bancos'),
  ler_contas: org(REGISTRIES, 'Ver contas'),
  editar_contas: org(REGISTRIES, 'Editar contas'),
  ler_metodos_pagamento: org(REGISTRIES, 'Ver métodos de pagamento'),
  editar_metodos_pagamento: org(REGISTRIES, 'Editar métodos de pagamento'),
  ler_configuracoes_rateio_padrao: org(REGISTRIES, 'Ver configurações de rateio padrão'),
  editar_configuracoes_rateio_padrao: org(REGISTRIES, 'Editar configurações de rateio padrão'),
  ler_configuracoes_split: org(REGISTRIES, 'Ver divisões de receitas'),
  editar_configuracoes_split: org(REGISTRIES, 'Editar divisões de receitas'),
  ler_centros_compras: org(REGISTRIES, 'Ver centros de compras'),
  editar_centros_compras: org(REGISTRIES, 'Editar centros de compras'),
  ler_contas_pagar: org(BOOKS, 'Ver contas a pagar'),
  editar_contas_pagar: org(BOOKS, 'Editar contas a pagar'),
  ler_contas_receber: org(BOOKS, 'Ver contas a receber'),
  editar_contas_receber: org(BOOKS, 'Editar contas a receber'),
  ler_transacoes: org(BOOKS, 'Ver transações'),
  editar_transacoes: org(BOOKS, 'Lançar transferências e ajustes'),
  ler_logs_eventos: org(AUDIT, 'Ver logs de eventos'),
  ler_pedidos_compra: org(PURCHASES, 'Ver pedidos de compra'),
  editar_pedidos_compra: org(PURCHASES, 'Editar pedidos de compra'),
  enviar_pedidos_compra: org(PURCHASES, 'Enviar pedidos de compra'),
  avaliar_pedidos_compra: org(PURCHASES, 'Aprovar ou reprovar pedidos de compra'),
  concluir_pedidos_compra: org(PURCHASES, 'Concluir pedidos de compra'),
  ler_wkfl_solicitados: org(PURCHASES, 'Ver compras solicitadas'),
  ler_wkfl_aguardando: org(PURCHASES, 'Ver compras aguardando aprovação'),
  ler_wkfl_aprovados: org(PURCHASES, 'Ver compras aprovadas'),
  ler_wkfl_reprovados: org(PURCHASES, 'Ver compras reprovadas'),
  ler_wkfl_cancelados: org(PURCHASES, 'Ver compras canceladas'),
  ler_wkfl_concluidos: org(PURCHASES, 'Ver compras concluídas'),
  access_unit: unit(ACCESS, 'Acessar a unidade'),
  acessar_painel: unit(ACCESS, 'Acessar o painel principal'),
  read_departments: unit(ADMIN, 'Ver departamentos'),
  edit_departments: unit(ADMIN, 'Editar departamentos'),
  acessar_conciliacao: unit(BOOKS, 'Acessar a conciliação'),
  fechar_mes: unit(BOOKS, 'Fechar e reabrir meses'),
  ler_fornecedores: unit(PARTIES, 'Ver fornecedores'),
  editar_fornecedores: unit(PARTIES, 'Editar fornecedores'),
  ler_parceiros: unit(PARTIES, 'Ver parceiros'),
  editar_parceiros: unit(PARTIES, 'Editar parceiros'),
  ler_clientes: unit(PARTIES, 'Ver clientes'),
  editar_clientes: unit(PARTIES, 'Editar clientes'),
  ler_contratos: unit(PARTIES, 'Ver contratos'),
  editar_contratos: unit(PARTIES, 'Editar contratos'),
  ler_produtos: unit(REGISTRIES, 'Ver produtos'),
  editar_produtos: unit(REGISTRIES, 'Editar produtos'),
  access_department: dept(ACCESS, 'Acessar o departamento'),
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionName = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

export function isPermissionName(name: string): name is PermissionName {
  return Object.hasOwn(PERMISSIONS, name);
}

export function permissionLabel(name: string): string {
  return isPermissionName(name) ? PERMISSIONS[name].label : name;
}

/** Organization permissions of these areas are checked at the organization only; a unit grant of them would be idle. */
const ORGANIZATION_ONLY: readonly PermissionArea[] = ['Administração', 'Auditoria', 'Acesso'];

/**
 * What a grant at a level may hold. The organization holds everything. A unit or department may hold its own
 * level's permissions and the finance and purchasing ones, which then apply to that unit or department only (the
 * Financeiro profile reads payables of its units; a requester buys for one department).
 */
export function permissionsForLevel(level: PermissionLevel): PermissionName[] {
  if (level === 'organization') return PERMISSION_NAMES;
  return PERMISSION_NAMES.filter((name) => {
    const definition: PermissionDefinition = PERMISSIONS[name];
    if (definition.level === 'organization') return !ORGANIZATION_ONLY.includes(definition.area);
    return level === 'unit' || definition.level === 'department';
  });
}

export function isRestricted(name: string): boolean {
  return isPermissionName(name) && PERMISSIONS[name].restricted === true;
}
