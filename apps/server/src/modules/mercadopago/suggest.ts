import { sql } from 'drizzle-orm';
import {
  addDays,
  DEFAULT_MERCADOPAGO_WINDOW_DAYS,
  matchMercadoPagoPayments,
  type MercadoPagoMatchSuggestion,
  type ReceivableInstallmentForMatch,
} from '@financeiro/core';
import { rowsOf } from '../../db/client';
import type { LedgerScope } from '../ledger';

/** A period of approval days of one Mercado Pago account. */
export interface AccountPeriod {
  accountId: string;
  from: string;
  to: string;
}

/** An approved sale of the report not yet reconciled, as the matcher and the postings read it. */
export interface OpenSale {
  id: string;
  sourceId: string;
  externalReference: string | null;
  gross: number;
  coupon: number;
  approvalDay: string;
}

interface SaleRow {
  id: string;
  source_id: string;
  external_reference: string | null;
  gross: string;
  coupon: string;
  approval_day: string;
}

interface InstallmentRow {
  id: string;
  document_id: string;
  document_number: string | null;
  number: number;
  party_name: string;
  party_document: string | null;
  open: string;
  due_date: string;
}

/** The account's approved sales of the period (or of the given rows) with no live reconciliation. */
export async function openSales(scope: LedgerScope, period: AccountPeriod, ids?: string[]): Promise<OpenSale[]> {
  const { organizationId } = scope.tenant;
  const only = ids
    ? sql`and s.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const result = await scope.tx.execute(sql`
    select s.id, s.source_id, s.external_reference, s.gross::text, s.coupon::text, s.approval_day::text
    from mercadopago_settlements s
    where s.organization_id = ${organizationId} and s.account_id = ${period.accountId}
      and s.transaction_type = 'SETTLEMENT' and s.gross > 0
      and s.approval_day between ${period.from} and ${period.to} ${only}
      and not exists (select 1 from mercadopago_reconciliations r
        where r.organization_id = s.organization_id and r.settlement_id = s.id and r.undone_at is null)
    order by s.approval_day, s.id`);
  return rowsOf<SaleRow>(result).map((r) => ({
    id: r.id,
    sourceId: r.source_id,
    externalReference: r.external_reference,
    gross: Number(r.gross),
    coupon: Number(r.coupon),
    approvalDay: r.approval_day,
  }));
}

/**
 * The unit's open receivable installments a sale of the period may settle: those falling due around it, and those
 * of the documents its sales name by external reference (a document number or id, "PED-1042/2").
 */
export async function openReceivables(
  scope: LedgerScope,
  period: AccountPeriod,
  references: string[],
): Promise<ReceivableInstallmentForMatch[]> {
  const { organizationId, unitId } = scope.tenant;
  const from = addDays(period.from, -DEFAULT_MERCADOPAGO_WINDOW_DAYS);
  const to = addDays(period.to, DEFAULT_MERCADOPAGO_WINDOW_DAYS);
  // "PED-1042/2" names installment 2 of PED-1042: the document part is what the installments carry.
  const named = [...new Set(references.flatMap((r) => [r.trim(), r.trim().replace(/\/\d{1,3}$/, '')]))].filter(
    (r) => r.length > 0,
  );
  // One JSON parameter, however many references a period's sales carry.
  const keys = JSON.stringify(named);
  const lowered = JSON.stringify(named.map((r) => r.toLowerCase()));
  const byReference =
    named.length === 0
      ? sql`false`
      : sql`(i.document_number in (select jsonb_array_elements_text(${keys}::jsonb))
          or i.document_id::text in (select jsonb_array_elements_text(${lowered}::jsonb))
          or i.id::text in (select jsonb_array_elements_text(${lowered}::jsonb)))`;
  const result = await scope.tx.execute(sql`
    select i.id, i.document_id, i.document_number, i.number, coalesce(p.trade_name, p.name) as party_name,
      p.document as party_document, (i.amount - i.settled)::text as open, i.due_date::text
    from ledger_installments_view i
    join parties_view p on p.organization_id = i.organization_id and p.id = i.party_id
    where i.organization_id = ${organizationId} and i.unit_id = ${unitId} and i.kind = 'receivable'
      and i.status in ('open', 'partial')
      and (i.due_date between ${from} and ${to} or ${byReference})`);
  return rowsOf<InstallmentRow>(result).map((r) => ({
    id: r.id,
    documentId: r.document_id,
    documentNumber: r.document_number,
    number: r.number,
    partyName: r.party_name,
    partyDocument: r.party_document,
    open: Number(r.open),
    dueDate: r.due_date,
    references: [r.document_number, r.document_id, r.id].filter((x): x is string => x !== null),
  }));
}

/** The matcher's suggestions for the account's unreconciled sales of a period (or of the given rows). */
export async function suggestSales(
  scope: LedgerScope,
  period: AccountPeriod,
  ids?: string[],
): Promise<{
  sales: OpenSale[];
  installments: ReceivableInstallmentForMatch[];
  suggestions: MercadoPagoMatchSuggestion[];
}> {
  const sales = await openSales(scope, period, ids);
  const installments = await openReceivables(
    scope,
    period,
    sales.flatMap((s) => (s.externalReference ? [s.externalReference] : [])),
  );
  const suggestions = matchMercadoPagoPayments(
    sales.map((s) => ({ ...s, coupon: s.coupon })),
    installments,
  );
  return { sales, installments, suggestions };
}
