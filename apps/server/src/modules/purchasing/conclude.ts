import { and, eq } from 'drizzle-orm';
import {
  formatBRL,
  formatDocument,
  installmentsFromNfe,
  purchaseOrderTransition,
  WHOLE,
  type Nfe,
  type NfeResult,
  type purchaseConcludeInput,
} from '@financeiro/core';
import type { z } from 'zod';
import { ConflictError, ForbiddenError, InvalidInputError, isUniqueViolation, NotFoundError } from '../../errors';
import { organizationOf } from '../../caller';
import {
  createDocument,
  firstOpenMonthAfter,
  keepNfeXml,
  ledgerScope,
  NFE_ALREADY_IMPORTED,
  nfeOfOrganization,
  noteCompetence,
} from '../ledger';
import { approversOf, ORDER_NOT_FOUND, permissionsFor, visibleOrders, type PurchasingContext } from './access';
import { lockOrder, stateOf, transition } from './orders';
import { purchaseOrders, type OrderRow } from './schema';
import { partiesView } from '../registries';

type Conclude = Omit<z.output<typeof purchaseConcludeInput>, 'idempotencyKey'>;

/**
 * The payable's amount: the NF-e's total when there is one (its duplicatas' sum when the person said the difference
 * is a discount), never above what was approved.
 */
function payableAmount(order: OrderRow, nfe: Nfe | null, input: Pick<Conclude, 'installments' | 'nfeDifference'>) {
  const sum = input.installments.reduce((total, i) => total + i.amount, 0);
  const proposed = nfe && input.nfeDifference ? installmentsFromNfe(nfe, input.nfeDifference) : null;
  if (proposed?.duplicatesProblem) throw new InvalidInputError(proposed.duplicatesProblem);
  const expected = proposed?.grossAmount ?? nfe?.total ?? order.total;
  if (nfe && nfe.total > order.total) {
    throw new InvalidInputError(
      `O total da NF-e (${formatBRL(nfe.total)}) passa do valor aprovado do pedido (${formatBRL(order.total)}): altere o pedido para que ele seja aprovado de novo.`,
    );
  }
  if (sum !== expected) {
    throw new InvalidInputError(
      `A soma das parcelas (${formatBRL(sum)}) deve ser igual ao ${proposed && expected !== nfe?.total ? 'total das duplicatas' : nfe ? 'total da NF-e' : 'valor do pedido'} (${formatBRL(expected)}).`,
    );
  }
  return sum;
}

/**
 * Concludes an approved order into its payable, in one transaction: the workflow is asked first (permission and
 * status), then the payable is written in the order's unit with the supplier, classification, cost centre and the
 * installments (from the NF-e's duplicatas when a note is given), and the order keeps the payable's id. The order's
 * row lock makes a second conclusion at the same moment wait and then find the order concluded.
 */
export async function concludeOrder(ctx: PurchasingContext, input: Conclude, note: NfeResult | null) {
  const order = await lockOrder(ctx, input.id, input.version);
  const organizationId = organizationOf(ctx);
  const approvers = await approversOf(ctx.tx, organizationId, order.departmentId);
  const actor = { userId: ctx.user.userId, permissions: permissionsFor(ctx, order) };
  const allowed = purchaseOrderTransition(stateOf(order), actor, approvers, { type: 'concluir' });
  if (!allowed.ok) {
    throw allowed.message.startsWith('Você não tem permissão')
      ? new ForbiddenError(allowed.message)
      : new InvalidInputError(allowed.message);
  }
  if (!order.supplierId) throw new InvalidInputError('Escolha o fornecedor do pedido antes de concluí-lo.');
  const classificationId = input.classificationId ?? order.classificationId;
  const costCentreId = input.costCentreId ?? order.costCentreId;
  if (!classificationId || !costCentreId) {
    throw new InvalidInputError('Informe a classificação e o centro de custo da conta a pagar.');
  }
  const nfe = note ? await nfeOfOrganization(ctx.tx, organizationId, note) : null;
  if (nfe) {
    const [supplier] = await ctx.tx
      .select({ document: partiesView.document })
      .from(partiesView)
      .where(and(eq(partiesView.organizationId, organizationId), eq(partiesView.id, order.supplierId)));
    if (supplier && supplier.document !== nfe.issuer.document) {
      throw new InvalidInputError(
        `A NF-e foi emitida por ${formatDocument(nfe.issuer.document)} (${nfe.issuer.name}), que não é o fornecedor do pedido.`,
      );
    }
  }
  const grossAmount = payableAmount(order, nfe, input);
  const issueDate = nfe?.issueDate ?? input.issueDate;
  const scope = ledgerScope(ctx.tx, { organizationId, unitId: order.unitId }, ctx.user.userId, ctx.requestId);
  let payable: { id: string };
  try {
    payable = await createDocument(
      { ...scope, ip: ctx.ip },
      {
        kind: 'payable',
        partyId: order.supplierId,
        newParty: null,
        description: `Pedido de compra nº ${order.number}`,
        documentNumber: nfe ? `${nfe.number}/${nfe.series}` : input.documentNumber,
        documentType: nfe ? 'nfe' : 'outros',
        issueDate,
        competence: noteCompetence(issueDate, input.competence),
        paymentMethodId: input.paymentMethodId,
        accountId: input.accountId,
        notes: [
          order.justification,
          nfe && grossAmount < nfe.total
            ? `Desconto de ${formatBRL(nfe.total - grossAmount)} sobre o total da NF-e (${formatBRL(nfe.total)}).`
            : '',
        ]
          .filter(Boolean)
          .join('\n')
          .slice(0, 2000),
        grossAmount,
        interestRate: 0,
        fineRate: 0,
        lines: [{ classificationId, costCentreId, share: WHOLE }],
        apportionmentTemplateId: null,
        taxes: [],
        installments: input.installments,
      },
      { purchaseOrderId: order.id, ...(nfe ? { nfeKey: nfe.accessKey } : {}) },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_documents_nfe_key')) throw new ConflictError(NFE_ALREADY_IMPORTED);
    throw error;
  }
  if (nfe && input.nfeXml) await keepNfeXml(scope, payable.id, nfe, input.nfeXml);
  const updated = await transition(
    ctx,
    order,
    { type: 'concluir' },
    { payableId: payable.id, classificationId, costCentreId },
  );
  return { id: order.id, version: updated.version, payableId: payable.id };
}

/**
 * The competence a conclusion issued on `issueDate` books in the order's unit: the issue's month, and when that month
 * is closed the first open month after it, which the person must accept before concluding (decision 0036).
 */
export async function conclusionCompetence(ctx: PurchasingContext, id: string, issueDate: string) {
  const [order] = await ctx.tx
    .select({ unitId: purchaseOrders.unitId })
    .from(purchaseOrders)
    .where(and(visibleOrders(ctx), eq(purchaseOrders.id, id)));
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const competence = noteCompetence(issueDate, null);
  const scope = ledgerScope(ctx.tx, { organizationId: organizationOf(ctx), unitId: order.unitId }, ctx.user.userId);
  return { issueDate, competence, firstOpenMonth: await firstOpenMonthAfter(scope, competence) };
}
