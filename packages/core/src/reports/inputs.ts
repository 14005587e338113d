import { z } from 'zod';
import { optionalId } from '../registries/fields';
import { DOCUMENT_KINDS } from '../ledger/inputs';

/**
 * The reports' questions and the shapes of their answers: the server's `reports` router answers them, the web's
 * report screens and dashboard read them. Money is integer centavos; months are their first day (`YYYY-MM-01`).
 */

/** The years a report may cover: the month after the last one is still a date. */
const YEARS = { first: 1900, last: 9998 };

const monthInput = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-(0[1-9]|1[0-2])-01$/, message)
    .refine(
      (month) => Number(month.slice(0, 4)) >= YEARS.first && Number(month.slice(0, 4)) <= YEARS.last,
      `Escolha um período entre os anos de ${YEARS.first} e ${YEARS.last}.`,
    );

/** The longest period a monthly report covers: two years of columns. */
export const REPORT_MAX_MONTHS = 24;

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

const checkMonths = (value: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (value.to < value.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'O fim do período vem antes do início.' });
  } else if (monthsBetween(value.from, value.to) > REPORT_MAX_MONTHS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Escolha um período de até ${REPORT_MAX_MONTHS} meses.` });
  }
};

/**
 * The months of a monthly report's period closed in the units it covers (decision 0036): the chosen unit, or every
 * unit of the organization.
 */
export const reportClosedMonthsInput = z
  .object({
    from: monthInput('Informe o mês inicial.'),
    to: monthInput('Informe o mês final.'),
    unitId: optionalId,
  })
  .superRefine(checkMonths);

/** Cash basis: by the settlement's paid date. Accrual basis: by the document's competence month. */
export const REPORT_BASES = ['cash', 'accrual'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];

/* ------------------------------------------------------------------ by status (relatorios/cp_status, cr_status) */

/**
 * The disjoint columns of the status report. `due` = open and not yet due; `partial` = partly paid and not yet due;
 * `overdue_*` = open or partly paid and due that many days ago (São Paulo's today); `paid`; `cancelled`.
 */
export const STATUS_COLUMNS = [
  'due',
  'partial',
  'overdue_1_30',
  'overdue_31_60',
  'overdue_61_90',
  'overdue_90',
  'paid',
  'cancelled',
] as const;
export type StatusColumn = (typeof STATUS_COLUMNS)[number];

export const STATUS_GROUPINGS = ['none', 'party', 'classification', 'costCentre', 'unit'] as const;
export type StatusGrouping = (typeof STATUS_GROUPINGS)[number];

export const statusReportInput = z.object({
  kind: z.enum(DOCUMENT_KINDS, 'Escolha contas a pagar ou a receber.'),
  groupBy: z.enum(STATUS_GROUPINGS, 'Escolha como agrupar.').default('none'),
});
export type StatusReportInput = z.input<typeof statusReportInput>;

/** One cell: how many installments, and their amount (what is still open for unsettled columns, paid for `paid`). */
export interface StatusCell {
  count: number;
  amount: number;
}
export interface StatusReportRow {
  /** The group's id (party, classification, cost centre or unit), null for "none" or "sem classificação". */
  id: string | null;
  label: string;
  cells: Record<StatusColumn, StatusCell>;
  total: StatusCell;
}
export interface StatusReport {
  /** São Paulo's today, the date the ageing was measured from. */
  today: string;
  rows: StatusReportRow[];
  totals: StatusReportRow;
}

/* ---------------------------------------------------------------- inflows and outflows (entradas, saidas) */

export const FLOW_DIRECTIONS = ['in', 'out'] as const;
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];
export const FLOW_DIMENSIONS = ['classification', 'costCentre'] as const;
export type FlowDimension = (typeof FLOW_DIMENSIONS)[number];

export const flowsReportInput = z
  .object({
    direction: z.enum(FLOW_DIRECTIONS, 'Escolha entradas ou saídas.'),
    basis: z.enum(REPORT_BASES, 'Escolha regime de caixa ou de competência.').default('cash'),
    dimension: z.enum(FLOW_DIMENSIONS, 'Escolha classificação ou centro de custo.').default('classification'),
    from: monthInput('Informe o mês inicial.'),
    to: monthInput('Informe o mês final.'),
    unitId: optionalId,
  })
  .superRefine(checkMonths);
export type FlowsReportInput = z.input<typeof flowsReportInput>;

/** A node of the classification (or cost-centre) tree with its amount per month; parents hold their children's sums. */
export interface FlowsNode {
  id: string | null;
  parentId: string | null;
  code: string;
  name: string;
  /** One amount per month of `months`, positive centavos (outflows are shown as positive amounts too). */
  months: number[];
  total: number;
  /** The same node's total over the previous period of the same length. */
  previousTotal: number;
}
export interface FlowsReport {
  basis: ReportBasis;
  months: string[];
  /** Depth-first, parents before children; leaves that have nothing in either period are left out. */
  nodes: FlowsNode[];
  totals: { months: number[]; total: number; previousTotal: number };
  previous: { from: string; to: string };
}

/* ------------------------------------------------------------------------------ DRE gerencial */

/** Where a classification sits in the management income statement; a classification with none inherits its parent's, then its nature's. */
export const DRE_GROUPS = [
  'gross_revenue',
  'deductions',
  'costs',
  'expenses',
  'financial_income',
  'financial_expenses',
] as const;
export type DreGroup = (typeof DRE_GROUPS)[number];

export const dreReportInput = z
  .object({
    basis: z.enum(REPORT_BASES, 'Escolha regime de caixa ou de competência.').default('accrual'),
    from: monthInput('Informe o mês inicial.'),
    to: monthInput('Informe o mês final.'),
    unitId: optionalId,
    costCentreId: optionalId,
  })
  .superRefine(checkMonths);
export type DreReportInput = z.input<typeof dreReportInput>;

/** The DRE's lines in order: groups (with their classifications) and the subtotals between them. */
export const DRE_LINES = [
  'gross_revenue',
  'deductions',
  'net_revenue',
  'costs',
  'margin',
  'expenses',
  'operating_result',
  'financial_income',
  'financial_expenses',
  'financial_result',
  'result',
] as const;
export type DreLine = (typeof DRE_LINES)[number];

export interface DreRow {
  line: DreLine;
  /** Signed centavos per month: revenues +, deductions, costs and expenses −. */
  months: number[];
  total: number;
  /** The classifications inside a group line (empty for subtotals). */
  classifications: { id: string; code: string; name: string; months: number[]; total: number }[];
}
export interface DreReport {
  basis: ReportBasis;
  months: string[];
  rows: DreRow[];
}

/* ---------------------------------------------------------------------------- cash-flow projection */

export const PROJECTION_STEPS = ['day', 'week', 'month'] as const;
export type ProjectionStep = (typeof PROJECTION_STEPS)[number];
/** How far the projection looks: 90 days from today. */
export const PROJECTION_DAYS = 90;

export const projectionInput = z.object({
  step: z.enum(PROJECTION_STEPS, 'Escolha dia, semana ou mês.').default('day'),
  days: z.number('Informe quantos dias.').int().min(1).max(PROJECTION_DAYS).default(PROJECTION_DAYS),
  unitId: optionalId,
});
export type ProjectionInput = z.input<typeof projectionInput>;

export interface ProjectionPoint {
  /** The first day of the step (the first step starts today). */
  date: string;
  /** Positive amounts: what comes in and what goes out in the step. */
  inflows: number;
  outflows: number;
  /** The balance at the end of the step. */
  balance: number;
}
/**
 * The accounts' balances at the end of a day, kept apart by what the money can do (decision 0035): `available` is
 * what can be spent today (checking, cash, credit card and wallet accounts), `investments` what sits in investment
 * and savings accounts (the automatic investment), `providers` what payment providers hold until they release it
 * (the balance of the accounts named as Mercado Pago's "saldo a liberar"). The three add up to every account's balance.
 */
export interface CashBalances {
  available: number;
  investments: number;
  providers: number;
}

export interface Projection {
  today: string;
  /** The available cash at the end of today (before what falls due today is counted): where the curve starts. */
  opening: number;
  /** Today's balances apart: `available` is `opening`; investments and provider-held money are not in the curve. */
  balances: CashBalances;
  /** Open installments already overdue, counted on today's step: receivables in, payables out (positive amounts). */
  overdueIn: number;
  overdueOut: number;
  points: ProjectionPoint[];
  /** The step whose closing balance is the lowest. */
  lowest: ProjectionPoint;
}

/* ------------------------------------------------------------------------------------ dashboard */

export interface DashboardNextBill {
  installmentId: string;
  documentId: string;
  dueDate: string;
  partyName: string;
  description: string;
  open: number;
}
export interface Dashboard {
  today: string;
  /**
   * Open balance of the unit's payables and receivables due today, and overdue. A figure the member's profile does
   * not let them read is null: payables without ler_contas_pagar, receivables without ler_contas_receber.
   */
  toPayToday: StatusCell | null;
  toReceiveToday: StatusCell | null;
  overduePayables: StatusCell | null;
  overdueReceivables: StatusCell | null;
  /** Monday to Sunday of this week in São Paulo: the "esta semana" cards' due dates. */
  week: { from: string; to: string };
  /** Open balance of the unit's payables and receivables due this week, overdue days of it included. */
  toPayThisWeek: StatusCell | null;
  toReceiveThisWeek: StatusCell | null;
  /** The balances of the accounts the unit's money moves through, today, apart (null without ler_transacoes). */
  balances: CashBalances | null;
  /** Purchase orders waiting for the signed-in member's approval (null when they approve none). */
  ordersAwaitingMe: number | null;
  /** Bank statement lines not yet fully reconciled (null without acessar_conciliacao). */
  unreconciledLines: number | null;
  /** Twelve months ending this month, cash basis (null without ler_transacoes). */
  monthly: { month: string; inflows: number; outflows: number }[] | null;
  /** The next 30 days, by day (null unless the member reads transactions, payables and receivables). */
  projection: Projection | null;
  /** The next payables by due date, not yet paid (null without ler_contas_pagar). */
  nextBills: DashboardNextBill[] | null;
}
