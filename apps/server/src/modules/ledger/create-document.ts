import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  apportion,
  formatBRL,
  withholdings,
  WHOLE,
  type DocumentCreate,
  type DocumentKind,
  type PartyRole,
} from '@financeiro/core';
import { InvalidInputError } from '../../errors';
import { audit } from '../audit';
import {
  createParty,
  mustReference,
  TEMPLATE_NOT_FOUND,
  apportionmentTemplatesView,
  taxTypesView,
} from '../registries';
import { mustUseAccount, type LedgerScope } from './access';
import { checkPixCode, normalizeBarcode } from './barcodes';
import { mustBeOpen } from './closing';
import { ledgerDocumentLines, ledgerDocuments, ledgerDocumentTaxes, ledgerInstallments } from './schema';

export type NewDocument = Omit<DocumentCreate, 'idempotencyKey'>;
/** A line of the apportionment: its share of the gross, or its exact amount when it was computed elsewhere. */
type Line = { classificationId: string; costCentreId: string; share: number; amount?: number };
type Installment = { dueDate: string; amount: number; barcode: string | null; pixCode: string | null };

/** Where a generated document comes from: a contract's month or a recurrence's period, each generated once. */
export interface DocumentOrigin {
  contract?: { id: string; period: string };
  recurrence?: { id: string; period: string };
  /** The purchase order concluded into this payable. */
  purchaseOrderId?: string;
  /** The month's collection of withheld taxes this payable is (decision 0037). */
  taxCollection?: { collection: string; period: string };
  /** The NF-e's access key, when the document is made from one. */
  nfeKey?: string;
}

/** The role a party plays in a document of this kind. */
export const ROLE_OF_KIND: Record<DocumentKind, PartyRole> = { payable: 'supplier', receivable: 'customer' };

/** The apportionment asked for: the lines typed, or the chosen template's. */
async function linesOf(scope: LedgerScope, input: Omit<NewDocument, 'kind'>): Promise<Line[]> {
  if (input.lines.length > 0 || !input.apportionmentTemplateId) return input.lines;
  const [template] = await scope.tx
    .select({ lines: apportionmentTemplatesView.lines })
    .from(apportionmentTemplatesView)
    .where(
      and(
        eq(apportionmentTemplatesView.organizationId, scope.tenant.organizationId),
        eq(apportionmentTemplatesView.id, input.apportionmentTemplateId),
      ),
    );
  if (!template) throw new InvalidInputError(TEMPLATE_NOT_FOUND);
  return template.lines;
}

interface ComputedTax {
  taxTypeId: string;
  name: string;
  rate: number;
  amount: number;
}

/** The withheld taxes at the document's rates (the tax type's when none is given), computed by the core rule. */
async function taxesOf(scope: LedgerScope, input: Omit<NewDocument, 'kind'>): Promise<ComputedTax[]> {
  if (input.taxes.length === 0) return [];
  const types = await scope.tx
    .select({ id: taxTypesView.id, name: taxTypesView.name, rate: taxTypesView.rate, withheld: taxTypesView.withheld })
    .from(taxTypesView)
    .where(
      and(
        eq(taxTypesView.organizationId, scope.tenant.organizationId),
        inArray(
          taxTypesView.id,
          input.taxes.map((t) => t.taxTypeId),
        ),
      ),
    );
  const byId = new Map(types.map((t) => [t.id, t]));
  const chosen = input.taxes.map((tax) => {
    const type = byId.get(tax.taxTypeId);
    if (!type) throw new InvalidInputError('Imposto não encontrado nesta organização.');
    if (!type.withheld) throw new InvalidInputError(`${type.name} não é retido na fonte: não entra no título.`);
    return { ...tax, name: type.name, rate: tax.rate ?? type.rate };
  });
  if (chosen.reduce((sum, t) => sum + t.rate, 0) > WHOLE) {
    throw new InvalidInputError('Os impostos retidos somam mais de 100% do valor do título.');
  }
  const computed = withholdings(
    input.grossAmount,
    chosen.map((t) => ({ taxTypeId: t.taxTypeId, rate: t.rate })),
  );
  return chosen.map((t, i) => ({
    taxTypeId: t.taxTypeId,
    name: t.name,
    rate: t.rate,
    amount: computed.lines[i]?.amount ?? 0,
  }));
}

export interface DocumentRow {
  kind: DocumentKind;
  partyId: string;
  description: string;
  documentNumber: string | null;
  documentType: NewDocument['documentType'];
  issueDate: string;
  competence: string;
  paymentMethodId: string | null;
  accountId: string | null;
  notes: string | null;
  grossAmount: number;
  withheldAmount: number;
  interestRate: number;
  fineRate: number;
}

/** Writes a document, its apportionment of the gross and its installments (which add up to the net). */
export async function insertDocument(
  scope: LedgerScope,
  document: DocumentRow,
  lines: Line[],
  installments: Installment[],
  origin: DocumentOrigin,
): Promise<string> {
  const { organizationId, unitId } = scope.tenant;
  const id = uuidv7();
  await scope.tx.insert(ledgerDocuments).values({
    ...document,
    id,
    organizationId,
    unitId,
    netAmount: document.grossAmount - document.withheldAmount,
    contractId: origin.contract?.id ?? null,
    contractPeriod: origin.contract?.period ?? null,
    recurrenceId: origin.recurrence?.id ?? null,
    recurrencePeriod: origin.recurrence?.period ?? null,
    purchaseOrderId: origin.purchaseOrderId ?? null,
    nfeKey: origin.nfeKey ?? null,
    taxCollection: origin.taxCollection?.collection ?? null,
    taxPeriod: origin.taxCollection?.period ?? null,
    createdBy: scope.user.userId,
  });
  await writeChildren(scope, id, document, lines, installments);
  return id;
}

/** Refuses what the input names outside the organization, before anything is written. */
async function checkReferences(scope: LedgerScope, input: Omit<NewDocument, 'kind'>, lines: Line[], partyId: string) {
  await mustReference(scope, 'parties', [partyId], 'Fornecedor ou cliente não encontrado nesta organização.');
  await mustReference(
    scope,
    'classifications',
    lines.map((l) => l.classificationId),
    'Classificação não encontrada nesta organização.',
  );
  await mustReference(
    scope,
    'costCentres',
    lines.map((l) => l.costCentreId),
    'Centro de custo não encontrado nesta organização.',
  );
  await mustReference(
    scope,
    'paymentMethods',
    [input.paymentMethodId],
    'Meio de pagamento não encontrado nesta organização.',
  );
  if (input.accountId) await mustUseAccount(scope, input.accountId);
}

/** The installments as stored: barcodes read and normalized to their 44 digits, PIX codes checked. */
export function storedInstallments(installments: NewDocument['installments']): Installment[] {
  return installments.map((installment, i) => ({
    dueDate: installment.dueDate,
    amount: installment.amount,
    barcode: installment.barcode ? normalizeBarcode(installment.barcode, i + 1) : null,
    pixCode: installment.pixCode ? checkPixCode(installment.pixCode, i + 1) : null,
  }));
}

/** A document's input turned into what is stored: party, lines, withheld taxes, installments adding up to the net. */
export interface PreparedDocument {
  document: DocumentRow;
  lines: Line[];
  taxes: ComputedTax[];
  installments: Installment[];
}

export async function prepareDocument(
  scope: LedgerScope,
  kind: DocumentKind,
  input: Omit<NewDocument, 'kind'>,
): Promise<PreparedDocument> {
  // Nothing is written in a closed month: a document's month is its competence, not its issue date (decision 0036).
  await mustBeOpen(scope, [input.competence]);
  const lines = await linesOf(scope, input);
  if (lines.length === 0) throw new InvalidInputError('Informe a classificação e o centro de custo.');
  const partyId =
    input.partyId ??
    (input.newParty ? await createParty(scope, ROLE_OF_KIND[kind], input.newParty, 'newParty.document') : null);
  if (!partyId) throw new InvalidInputError('Escolha o fornecedor ou cliente, ou cadastre um novo.');
  await checkReferences(scope, input, lines, partyId);
  const taxes = await taxesOf(scope, input);
  const withheldAmount = taxes.reduce((sum, t) => sum + t.amount, 0);
  const net = input.grossAmount - withheldAmount;
  if (net <= 0) throw new InvalidInputError('As retenções não podem consumir todo o valor do título.');
  const installments = storedInstallments(input.installments);
  const total = installments.reduce((sum, i) => sum + i.amount, 0);
  if (total !== net) {
    throw new InvalidInputError(
      `A soma das parcelas (${formatBRL(total)}) deve ser igual ao valor líquido do título (${formatBRL(net)}).`,
    );
  }
  const document: DocumentRow = {
    kind,
    partyId,
    description: input.description,
    documentNumber: input.documentNumber,
    documentType: input.documentType,
    issueDate: input.issueDate,
    competence: input.competence,
    paymentMethodId: input.paymentMethodId,
    accountId: input.accountId,
    notes: input.notes,
    grossAmount: input.grossAmount,
    withheldAmount,
    interestRate: input.interestRate,
    fineRate: input.fineRate,
  };
  return { document, lines, taxes, installments };
}

/** Writes a document's lines and installments (numbered in order). */
export async function writeChildren(
  scope: LedgerScope,
  id: string,
  document: DocumentRow,
  lines: Line[],
  installments: Installment[],
): Promise<void> {
  const { organizationId, unitId } = scope.tenant;
  if (lines.length > 0) {
    const exact = lines.map((l) => l.amount);
    const amounts = exact.every((a) => a !== undefined)
      ? exact
      : apportion(
          document.grossAmount,
          lines.map((l) => l.share),
        );
    await scope.tx
      .insert(ledgerDocumentLines)
      .values(
        lines.map((line, i) => ({ ...line, id: uuidv7(), organizationId, documentId: id, amount: amounts[i] ?? 0 })),
      );
  }
  await scope.tx.insert(ledgerInstallments).values(
    installments.map((installment, i) => ({
      ...installment,
      id: uuidv7(),
      organizationId,
      unitId,
      documentId: id,
      kind: document.kind,
      partyId: document.partyId,
      documentNumber: document.documentNumber,
      number: i + 1,
      count: installments.length,
    })),
  );
}

/**
 * Writes the taxes a document withholds. A payable's are collected with the rest of their month's (decision 0037);
 * a receivable's were withheld by the customer, who pays them.
 */
export async function writeTaxes(scope: LedgerScope, id: string, prepared: PreparedDocument): Promise<void> {
  if (prepared.taxes.length === 0) return;
  await scope.tx.insert(ledgerDocumentTaxes).values(
    prepared.taxes.map((tax) => ({
      id: uuidv7(),
      organizationId: scope.tenant.organizationId,
      documentId: id,
      taxTypeId: tax.taxTypeId,
      rate: tax.rate,
      base: prepared.document.grossAmount,
      amount: tax.amount,
    })),
  );
}

/**
 * Creates a payable or receivable in the scope's unit: the party (typed in when new), the apportionment of the gross,
 * the withheld taxes and the installments, which
 * must add up to the net. Everything it names must be the organization's; the event log gets each document.
 */
export async function createDocument(
  scope: LedgerScope,
  input: NewDocument,
  origin: DocumentOrigin = {},
): Promise<{ id: string }> {
  const prepared = await prepareDocument(scope, input.kind, input);
  const { document, lines, taxes, installments } = prepared;
  const id = await insertDocument(scope, document, lines, installments, origin);
  await audit(scope, {
    action: `${input.kind}.create`,
    entity: input.kind,
    entityId: id,
    after: { ...document, netAmount: document.grossAmount - document.withheldAmount, lines, taxes, installments },
  });
  await writeTaxes(scope, id, prepared);
  return { id };
}
