import { and, eq, inArray } from 'drizzle-orm';
import { formatCalendarDate, todayInSaoPaulo, type DocumentKind, type DocumentType } from '@financeiro/core';
import type { LedgerScope } from './access';
import { createDocument, type DocumentOrigin, type NewDocument } from './create-document';
import { ledgerDocuments } from './schema';

/** What a contract's or a recurrence's period becomes: one document with one installment. */
export interface GeneratedDocument {
  kind: DocumentKind;
  partyId: string;
  description: string;
  documentType: DocumentType;
  amount: number;
  lines: { classificationId: string; costCentreId: string; share: number }[];
  paymentMethodId: string | null;
  accountId: string | null;
  period: string;
  dueDate: string;
}

/** "Aluguel da loja (03/2026)": the period in the description, so the list tells the months apart. */
function describe(description: string, period: string): string {
  const label = ` (${formatCalendarDate(period).slice(3)})`;
  return `${description.slice(0, 200 - label.length)}${label}`;
}

/**
 * Writes one generated document through the same function as a typed-in one, so it gets the same checks (the party,
 * lines, payment method and account must be the organization's) and the same event-log entry. It is issued on the
 * day it is generated, or on its due date when that is already past, and accrues to its due month.
 */
export function writeGeneratedDocument(
  scope: LedgerScope,
  generated: GeneratedDocument,
  origin: DocumentOrigin,
): Promise<{ id: string }> {
  const today = todayInSaoPaulo();
  const input: NewDocument = {
    kind: generated.kind,
    partyId: generated.partyId,
    newParty: null,
    description: describe(generated.description, generated.period),
    documentNumber: null,
    documentType: generated.documentType,
    issueDate: generated.dueDate < today ? generated.dueDate : today,
    competence: `${generated.dueDate.slice(0, 7)}-01`,
    paymentMethodId: generated.paymentMethodId,
    accountId: generated.accountId,
    notes: null,
    grossAmount: generated.amount,
    interestRate: 0,
    fineRate: 0,
    lines: generated.lines,
    apportionmentTemplateId: null,
    taxes: [],
    installments: [{ dueDate: generated.dueDate, amount: generated.amount, barcode: null, pixCode: null }],
  };
  return createDocument(scope, input, origin);
}

/** The periods of a contract or recurrence that already have their document. */
export async function generatedPeriods(
  scope: LedgerScope,
  origin: { contractId: string } | { recurrenceId: string },
  periods: string[],
): Promise<Set<string>> {
  if (periods.length === 0) return new Set();
  const d = ledgerDocuments;
  const [owner, ownerId, period] =
    'contractId' in origin
      ? [d.contractId, origin.contractId, d.contractPeriod]
      : [d.recurrenceId, origin.recurrenceId, d.recurrencePeriod];
  const rows = await scope.tx
    .select({ period })
    .from(d)
    .where(and(eq(d.organizationId, scope.tenant.organizationId), eq(owner, ownerId), inArray(period, periods)));
  return new Set(rows.map((r) => r.period).filter((p): p is string => p !== null));
}
