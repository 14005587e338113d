/**
 * The permission catalogue: every permission a profile can grant, with its pt-BR label and the level it belongs to.
 * Names the SPEC gives are kept exactly (including `read_last_acess`); tenant administration uses English
 * snake_case, finance and purchasing use Portuguese, as the SPEC's own names do.
 */
export type PermissionLevel = 'organization' | 'unit' | 'department';

interface PermissionDefinition {
  label: string;
  level: PermissionLevel;
}

const org = (label: string): PermissionDefinition => ({ label, level: 'organization' });
const unit = (label: string): PermissionDefinition => ({ label, level: 'unit' });
const dept = (label: string): PermissionDefinition => ({ label, level: 'department' });

export const PERMISSIONS = {
  // Organization: administration
  access_organization: org('Acessar a organização'),
  manage_organization: org('Gerenciar a organização'),
  acessar_roadmap: org('Acessar o roadmap'),
  read_last_acess: org('Ver últimos acessos'),
  read_units: org('Ver unidades'),
  edit_units: org('Editar unidades'),
  read_profiles: org('Ver perfis'),
  edit_profiles: org('Editar perfis'),
  read_memberships: org('Ver usuários da organização'),
  edit_memberships: org('Editar usuários da organização'),
  edit_user_passwords: org('Alterar senhas de usuários'),
  search_users: org('Pesquisar usuários'),
  create_users: org('Criar usuários'),
  invite_users: org('Convidar usuários'),
  manage_restricted_permissions: org('Gerenciar permissões restritas'),
  // Organization: finance registries
  ler_tipos_conta: org('Ver tipos de conta'),
  editar_tipos_conta: org('Editar tipos de conta'),
  ler_tipos_imposto: org('Ver tipos de imposto'),
  editar_tipos_imposto: org('Editar tipos de imposto'),
  ler_centros_custo: org('Ver centros de custo'),
  editar_centros_custo: org('Editar centros de custo'),
  ler_classificacoes_financeiras: org('Ver classificações financeiras'),
  editar_classificacoes_financeiras: org('Editar classificações financeiras'),
  ler_bancos: org('Ver bancos'),
  editar_bancos: org('Editar bancos'),
  ler_contas: org('Ver contas'),
  editar_contas: org('Editar contas'),
  ler_contas_pagar: org('Ver contas a pagar'),
  editar_contas_pagar: org('Editar contas a pagar'),
  ler_contas_receber: org('Ver contas a receber'),
  editar_contas_receber: org('Editar contas a receber'),
  ler_metodos_pagamento: org('Ver métodos de pagamento'),
  editar_metodos_pagamento: org('Editar métodos de pagamento'),
  ler_configuracoes_rateio_padrao: org('Ver configurações de rateio padrão'),
  editar_configuracoes_rateio_padrao: org('Editar configurações de rateio padrão'),
  ler_configuracoes_split: org('Ver configurações de split'),
  editar_configuracoes_split: org('Editar configurações de split'),
  ler_centros_compras: org('Ver centros de compras'),
  editar_centros_compras: org('Editar centros de compras'),
  ler_logs_eventos: org('Ver logs de eventos'),
  ler_transacoes: org('Ver transações'),
  // Organization: purchasing
  ler_pedidos_compra: org('Ver pedidos de compra'),
  editar_pedidos_compra: org('Editar pedidos de compra'),
  enviar_pedidos_compra: org('Enviar pedidos de compra'),
  avaliar_pedidos_compra: org('Aprovar ou reprovar pedidos de compra'),
  concluir_pedidos_compra: org('Concluir pedidos de compra'),
  ler_wkfl_solicitados: org('Ver compras solicitadas'),
  ler_wkfl_aguardando: org('Ver compras aguardando aprovação'),
  ler_wkfl_aprovados: org('Ver compras aprovadas'),
  ler_wkfl_reprovados: org('Ver compras reprovadas'),
  ler_wkfl_cancelados: org('Ver compras canceladas'),
  ler_wkfl_concluidos: org('Ver compras concluídas'),
  // Unit
  access_unit: unit('Acessar a unidade'),
  acessar_painel: unit('Acessar o painel principal'),
  read_departments: unit('Ver departamentos'),
  edit_departments: unit('Editar departamentos'),
  ler_fornecedores: unit('Ver fornecedores'),
  editar_fornecedores: unit('Editar fornecedores'),
  ler_parceiros: unit('Ver parceiros'),
  editar_parceiros: unit('Editar parceiros'),
  ler_produtos: unit('Ver produtos'),
  editar_produtos: unit('Editar produtos'),
  ler_contratos: unit('Ver contratos'),
  editar_contratos: unit('Editar contratos'),
  ler_clientes: unit('Ver clientes'),
  editar_clientes: unit('Editar clientes'),
  acessar_conciliacao: unit('Acessar a conciliação'),
  // Department
  access_department: dept('Acessar o departamento'),
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionName = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];

export function isPermissionName(name: string): name is PermissionName {
  return Object.hasOwn(PERMISSIONS, name);
}

export function permissionLabel(name: string): string {
  return isPermissionName(name) ? PERMISSIONS[name].label : name;
}
