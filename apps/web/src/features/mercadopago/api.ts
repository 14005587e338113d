import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../api/trpc';

/** The Mercado Pago API's answers as this screen reads them. */
type Mp = typeof trpc.mercadopago;

export type Settings = NonNullable<inferOutput<Mp['settings']['get']>>;
type Overview = inferOutput<Mp['overview']['days']>;
export type DayRow = Overview['days'][number];
export type DayTotals = Overview['totals'];
export type FeesByKind = DayTotals['fees'];
export type PaymentRow = inferOutput<Mp['overview']['payments']>['rows'][number];
export type ReceivableRow = inferOutput<Mp['overview']['receivables']>['rows'][number];
export type ImportPreview = inferOutput<Mp['imports']['preview']>;
