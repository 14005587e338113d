import { mercadopagoClient } from '../../api/trpc';

/** The Mercado Pago API as this screen calls it. */
export const mp = mercadopagoClient;

export type Settings = NonNullable<Awaited<ReturnType<typeof mp.settings.get.query>>>;
type Overview = Awaited<ReturnType<typeof mp.overview.days.query>>;
export type DayRow = Overview['days'][number];
export type DayTotals = Overview['totals'];
export type FeesByKind = DayTotals['fees'];
export type PaymentRow = Awaited<ReturnType<typeof mp.overview.payments.query>>['rows'][number];
export type ReceivableRow = Awaited<ReturnType<typeof mp.overview.receivables.query>>['rows'][number];
export type ImportPreview = Awaited<ReturnType<typeof mp.imports.preview.mutate>>;
