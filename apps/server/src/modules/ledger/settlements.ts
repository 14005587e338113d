import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { reverseInput } from '@financeiro/core';
import { formatBRL, MAX_ATTACHMENTS, settleInput, todayInSaoPaulo, type DocumentKind } from '@financeiro/core';
import { z } from 'zod';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { attachmentFields, readAttachment } from '../attachments';
import { auditEach } from '../audit';
import { insertMany } from '../../db/insert-many';
import { mustReference, partiesView } from '../registries';
import { mustUseAccount, type LedgerScope } from './access';
import { mustBeOpen } from './closing';
import { INSTALLMENT_NOT_FOUND, lockInstallments } from './locked-installments';
import {
  accountMovements,
  ledgerAttachments,
  ledgerDocuments,
  ledgerInstallments,
  ledgerPayments,
  ledgerSettlements,
} from './schema';

/**
 * A payment as the form sends it: the shared schema's fields and, optionally, the proof of payment (comprovante),
 * a file with the same fields and checks as every other attachment.
 */
export const settlementInput = settleInput.and(z.object({ proof: z.object(attachmentFields).nullish() }));

/** What a settlement or reversal writes once its input has been checked by the shared schema. */
export type Settlement = Omit<z.output<typeof settlementInput>, 'idempotencyKey'>;
export type Reversal = Omit<z.output<typeof reverseInput>, 'idempotencyKey'>;

export const PAYMENT_NOT_FOUND = 'Pagamento não encontrado nesta unidade.';

/** Money in (receivables) is positive in the account, money out (payables) negative. */
const signOf = (kind: DocumentKind) => (kind === 'receivable' ? 1 : -1);
const verbOf = (kind: DocumentKind) => (kind === 'receivable' ? 'Recebimento' : 'Pagamento');

/**
 * An installment's settled total and status after adding `delta` centavos of principal: the status is derived from
 * the amounts, never chosen (the table's CHECK refuses any other).
 */
const installmentStatusSql = (settled: ReturnType<typeof sql>) =>
  sql`case when ${settled} = 0 then 'open' when ${settled} = ${ledgerInstallments.amount} then 'paid' else 'partial' end`;

/**
 * Applies principal deltas to installments in one statement, and recomputes their documents' statuses in another:
 * a batch of 500 bills costs two updates, not a thousand.
 */
async function applyToInstallments(
  scope: LedgerScope,
  deltas: { installmentId: string; principal: number }[],
  documentIds: string[],
): Promise<void> {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  const values = JSON.stringify(deltas.map((d) => ({ id: d.installmentId, principal: d.principal })));
  const settled = sql`${ledgerInstallments.settled} + v.principal`;
  await tx.execute(sql`
    update ${ledgerInstallments}
    set settled = ${settled}, status = ${installmentStatusSql(settled)}, updated_at = now()
    from jsonb_to_recordset(${values}::jsonb) as v(id uuid, principal bigint)
    where ${ledgerInstallments.organizationId} = ${organizationId} and ${ledgerInstallments.id} = v.id`);
  await tx.execute(sql`
    update ${ledgerDocuments} d
    set status = s.status, updated_at = now(), version = d.version + 1
    from (
      select document_id,
        case when bool_and(status = 'paid') then 'paid'
             when bool_or(settled > 0) then 'partial'
             else 'open' end as status
      from ${ledgerInstallments}
      where organization_id = ${organizationId}
        and document_id in (select (jsonb_array_elements_text(${JSON.stringify(documentIds)}::jsonb))::uuid)
      group by document_id
    ) s
    where d.organization_id = ${organizationId} and d.id = s.document_id`);
}

const describeDocument = (row: { description: string; documentNumber: string | null }) =>
  `${row.description}${row.documentNumber ? ` — ${row.documentNumber}` : ''}`;
const describeBill = (row: { description: string; documentNumber: string | null; number: number; count: number }) =>
  `${describeDocument(row)} (${row.number}/${row.count})`;

/**
 * The proof of a payment kept as a file of each document it settles. Counted after the documents' rows were updated
 * (and so locked): two payments of one document with proofs count one after the other.
 */
async function attachProof(
  scope: LedgerScope,
  paymentId: string,
  proof: ReturnType<typeof readAttachment>,
  /** Each document's id and its words for a message. */
  documents: Map<string, string>,
): Promise<void> {
  const { tx } = scope;
  const { organizationId } = scope.tenant;
  const attached = await tx
    .select({ documentId: ledgerAttachments.documentId, n: count() })
    .from(ledgerAttachments)
    .where(
      and(
        eq(ledgerAttachments.organizationId, organizationId),
        inArray(ledgerAttachments.documentId, [...documents.keys()]),
      ),
    )
    .groupBy(ledgerAttachments.documentId);
  const full = attached.find((a) => a.n >= MAX_ATTACHMENTS);
  if (full) {
    throw new InvalidInputError(
      `O título "${documents.get(full.documentId) ?? ''}" já tem ${MAX_ATTACHMENTS} anexos, o máximo: o comprovante não cabe nele. Nada foi registrado.`,
    );
  }
  await tx.insert(ledgerAttachments).values(
    [...documents.keys()].map((documentId) => ({
      ...proof,
      id: uuidv7(),
      organizationId,
      documentId,
      paymentId,
      createdBy: scope.user.userId,
    })),
  );
}

/** Installments whose balances one statement updates, and partiesView whose names one query reads. */
const CHUNK = 5_000;

/**
 * Pays (payables) or receives (receivables) installments of one party in one act: a payment, its settlements, the
 * account movement of what moved and one of the fees, the installments' and documents' balances and statuses, the
 * proof of payment as a file of each document, and the event log — all in the caller's transaction, so it is whole
 * or absent. The installments are locked in id order first: two payments of one bill at once run one after the
 * other, and the second sees what the first took, so a bill is never paid beyond its amount.
 */
export async function settleInstallments(scope: LedgerScope, input: Settlement): Promise<{ paymentId: string }> {
  const proof = input.proof ? readAttachment(input.proof) : null;
  const [written] = await settleEach(scope, [input]);
  if (!written) throw new NotFoundError(INSTALLMENT_NOT_FOUND);
  if (proof) {
    await attachProof(
      scope,
      written.paymentId,
      proof,
      new Map(written.rows.map((r) => [r.documentId, describeDocument(r)])),
    );
  }
  await auditSettlement(scope, input, written, proof);
  return { paymentId: written.paymentId };
}

/**
 * Many payments of one kind at once, each like `settleInstallments` without a proof (a payment per party): the
 * installments of all of them locked together in id order, their rows written a few statements at a time. Mercado
 * Pago's reconciliation settles thousands of sales, each its own receipt, this way. An installment appears in one
 * payment at most.
 */
export async function settleMany(
  scope: LedgerScope,
  inputs: Omit<Settlement, 'proof'>[],
): Promise<{ paymentId: string }[]> {
  const written = await settleEach(scope, inputs);
  await auditEach(
    scope,
    written.flatMap((w, k) => {
      const input = inputs[k];
      return input ? settlementEvents(input, w, null) : [];
    }),
  );
  return written.map((w) => ({ paymentId: w.paymentId }));
}

type LockedInstallment = Awaited<ReturnType<typeof lockInstallments>>[number];

interface WrittenPayment {
  paymentId: string;
  /** The installments it settled, as locked. */
  rows: LockedInstallment[];
}

/** Checks and writes payments (without their proofs and event log): the shared part of one and of many. */
async function settleEach(scope: LedgerScope, inputs: Omit<Settlement, 'proof'>[]): Promise<WrittenPayment[]> {
  const { tx } = scope;
  const { organizationId, unitId } = scope.tenant;
  const [first] = inputs;
  if (!first) return [];
  const kind = first.kind;
  if (inputs.some((i) => i.kind !== kind))
    throw new InvalidInputError('Pagamentos e recebimentos são feitos separadamente.');
  const today = todayInSaoPaulo();
  if (inputs.some((i) => i.paidDate > today)) throw new InvalidInputError('A data do pagamento não pode ser futura.');
  await mustBeOpen(
    scope,
    inputs.map((i) => i.paidDate),
  );
  for (const accountId of new Set(inputs.map((i) => i.accountId))) await mustUseAccount(scope, accountId);
  await mustReference(
    scope,
    'paymentMethods',
    inputs.map((i) => i.paymentMethodId),
    'Forma de pagamento não encontrada nesta organização.',
  );

  const ids = inputs.flatMap((i) => i.items.map((item) => item.installmentId));
  if (new Set(ids).size !== ids.length) throw new InvalidInputError('Cada parcela entra uma vez só na baixa.');
  const rows = await lockInstallments(scope, kind, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const partyNames = await partyNamesOf(scope, [...new Set(rows.map((r) => r.partyId))]);
  const sign = signOf(kind);
  const verb = verbOf(kind);
  const payments: (typeof ledgerPayments.$inferInsert)[] = [];
  const settlements: (typeof ledgerSettlements.$inferInsert)[] = [];
  const movements: (typeof accountMovements.$inferInsert)[] = [];
  const written: WrittenPayment[] = [];
  for (const input of inputs) {
    const mine = input.items.map((item) => {
      const row = byId.get(item.installmentId);
      if (!row) throw new NotFoundError(INSTALLMENT_NOT_FOUND);
      return row;
    });
    if (new Set(mine.map((r) => r.partyId)).size > 1) {
      throw new InvalidInputError(
        kind === 'payable'
          ? 'Um pagamento reúne contas de um só fornecedor: escolha parcelas da mesma parte.'
          : 'Um recebimento reúne contas de um só cliente: escolha parcelas da mesma parte.',
      );
    }
    input.items.forEach((item, k) => {
      const row = mine[k];
      if (!row) return;
      const what = describeBill(row);
      if (row.status === 'cancelled') throw new InvalidInputError(`"${what}" está cancelada e não pode ser baixada.`);
      if (row.status === 'paid') throw new InvalidInputError(`"${what}" já está quitada.`);
      const open = row.amount - row.settled;
      if (item.principal > open) {
        throw new InvalidInputError(
          `O valor baixado de "${what}" (${formatBRL(item.principal)}) passa do saldo em aberto (${formatBRL(open)}).`,
        );
      }
      if (input.paidDate < row.issueDate) {
        throw new InvalidInputError(`A data do pagamento não pode ser antes da emissão de "${what}".`);
      }
    });
    const moved = input.items.reduce((sum, i) => sum + i.principal + i.interest + i.fine - i.discount, 0);
    const paymentId = uuidv7();
    const party = partyNames.get(mine[0]?.partyId ?? '') ?? '';
    const single = mine.length === 1 ? mine[0] : undefined;
    const description = single
      ? `${verb}: ${party} — ${describeBill(single)}`
      : `${verb} de ${mine.length} parcelas: ${party}`;
    payments.push({
      id: paymentId,
      organizationId,
      unitId,
      kind,
      paidDate: input.paidDate,
      accountId: input.accountId,
      paymentMethodId: input.paymentMethodId ?? null,
      total: sign * moved,
      fees: input.fees,
      notes: input.notes ?? null,
      createdBy: scope.user.userId,
    });
    for (const item of input.items) {
      settlements.push({
        id: uuidv7(),
        organizationId,
        paymentId,
        installmentId: item.installmentId,
        principal: item.principal,
        interest: item.interest,
        fine: item.fine,
        discount: item.discount,
      });
    }
    const movement = { organizationId, unitId, accountId: input.accountId, date: input.paidDate, paymentId };
    const createdBy = scope.user.userId;
    if (moved !== 0) {
      movements.push({ ...movement, id: uuidv7(), amount: sign * moved, kind: 'payment', description, createdBy });
    }
    if (input.fees > 0) {
      movements.push({
        ...movement,
        id: uuidv7(),
        amount: -input.fees,
        kind: 'fee',
        description: `Tarifa — ${description}`,
        createdBy,
      });
    }
    written.push({ paymentId, rows: mine });
  }
  await insertMany(tx, ledgerPayments, payments);
  await insertMany(tx, ledgerSettlements, settlements);
  await insertMany(tx, accountMovements, movements);
  const deltas = inputs.flatMap((i) =>
    i.items.map((item) => ({ installmentId: item.installmentId, principal: item.principal })),
  );
  for (let start = 0; start < deltas.length; start += CHUNK) {
    const chunk = deltas.slice(start, start + CHUNK);
    const documentIds = [...new Set(chunk.map((d) => byId.get(d.installmentId)?.documentId ?? ''))];
    await applyToInstallments(scope, chunk, documentIds);
  }
  return written;
}

/** The names the payments' descriptions show, by party id. */
async function partyNamesOf(scope: LedgerScope, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await scope.tx
      .select({ id: partiesView.id, name: sql<string>`coalesce(${partiesView.tradeName}, ${partiesView.name})` })
      .from(partiesView)
      .where(
        and(
          eq(partiesView.organizationId, scope.tenant.organizationId),
          inArray(partiesView.id, ids.slice(start, start + CHUNK)),
        ),
      );
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** The event log of a payment: one event per document it settles. */
function settlementEvents(
  input: Omit<Settlement, 'proof'>,
  written: WrittenPayment,
  proof: ReturnType<typeof readAttachment> | null,
) {
  const documentOf = new Map(written.rows.map((r) => [r.id, r]));
  const documentIds = [...new Set(written.rows.map((r) => r.documentId))];
  return documentIds.map((documentId) => {
    const items = input.items.filter((i) => documentOf.get(i.installmentId)?.documentId === documentId);
    return {
      action: `${input.kind}.settle`,
      entity: input.kind,
      entityId: documentId,
      after: {
        paymentId: written.paymentId,
        paidDate: input.paidDate,
        accountId: input.accountId,
        installments: items.map((i) => documentOf.get(i.installmentId)?.number),
        principal: items.reduce((s, i) => s + i.principal, 0),
        interest: items.reduce((s, i) => s + i.interest, 0),
        fine: items.reduce((s, i) => s + i.fine, 0),
        discount: items.reduce((s, i) => s + i.discount, 0),
        ...(input.fees > 0 ? { fees: input.fees } : {}),
        ...(proof ? { proof: { fileName: proof.fileName, size: proof.size, sha256: proof.sha256 } } : {}),
      },
    };
  });
}

const auditSettlement = (
  scope: LedgerScope,
  input: Settlement,
  written: WrittenPayment,
  proof: ReturnType<typeof readAttachment> | null,
) => auditEach(scope, settlementEvents(input, written, proof));

/** The kind of a payment of the unit, for the permission check before reversing it. */
export async function paymentKindOf(scope: LedgerScope, paymentId: string): Promise<DocumentKind> {
  const [payment] = await scope.tx
    .select({ kind: ledgerPayments.kind })
    .from(ledgerPayments)
    .where(
      and(
        eq(ledgerPayments.organizationId, scope.tenant.organizationId),
        eq(ledgerPayments.unitId, scope.tenant.unitId),
        eq(ledgerPayments.id, paymentId),
      ),
    );
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return payment.kind;
}

/**
 * Undoes a payment with compensating records (nothing that moved money is deleted): a reversal
 * payment pointing at it, the negated settlements and movements, and the installments' balances and statuses back to
 * what they were. The compensating movements carry the original date, as an "estorno de baixa" does: the day's
 * statement shows both and nets to zero, and the bank reconciliation of that day is not left with a phantom. The payment row is locked first, so two reversals at once run one after the other and the second
 * finds the first; the unique `reversal_of` backs that up.
 */
export async function reversePayment(scope: LedgerScope, input: Reversal): Promise<{ paymentId: string }> {
  const { tx } = scope;
  const { organizationId, unitId } = scope.tenant;
  const [payment] = await tx
    .select()
    .from(ledgerPayments)
    .where(
      and(
        eq(ledgerPayments.organizationId, organizationId),
        eq(ledgerPayments.unitId, unitId),
        eq(ledgerPayments.id, input.paymentId),
      ),
    )
    .for('update');
  if (!payment) throw new NotFoundError(PAYMENT_NOT_FOUND);
  if (payment.reversalOf) throw new InvalidInputError('Um estorno não pode ser estornado.');
  const [already] = await tx
    .select({ id: ledgerPayments.id })
    .from(ledgerPayments)
    .where(and(eq(ledgerPayments.organizationId, organizationId), eq(ledgerPayments.reversalOf, payment.id)));
  if (already) throw new ConflictError('Este pagamento já foi estornado.');
  // The reversal carries the payment's date: it changes that month's cash.
  await mustBeOpen(scope, [payment.paidDate]);

  const settlements = await tx
    .select()
    .from(ledgerSettlements)
    .where(and(eq(ledgerSettlements.organizationId, organizationId), eq(ledgerSettlements.paymentId, payment.id)));
  const installments = await tx
    .select({ id: ledgerInstallments.id, documentId: ledgerInstallments.documentId, number: ledgerInstallments.number })
    .from(ledgerInstallments)
    .where(
      and(
        eq(ledgerInstallments.organizationId, organizationId),
        inArray(
          ledgerInstallments.id,
          settlements.map((s) => s.installmentId),
        ),
      ),
    )
    .orderBy(asc(ledgerInstallments.id))
    .for('update');
  const documentOf = new Map(installments.map((i) => [i.id, i.documentId]));

  const reversalId = uuidv7();
  await tx.insert(ledgerPayments).values({
    id: reversalId,
    organizationId,
    unitId,
    kind: payment.kind,
    paidDate: payment.paidDate,
    accountId: payment.accountId,
    paymentMethodId: payment.paymentMethodId,
    total: -payment.total,
    fees: -payment.fees,
    reversalOf: payment.id,
    reversalReason: input.reason,
    createdBy: scope.user.userId,
  });
  await tx.insert(ledgerSettlements).values(
    settlements.map((s) => ({
      id: uuidv7(),
      organizationId,
      paymentId: reversalId,
      installmentId: s.installmentId,
      principal: -s.principal,
      interest: -s.interest,
      fine: -s.fine,
      discount: -s.discount,
    })),
  );
  const original = await tx
    .select()
    .from(accountMovements)
    .where(and(eq(accountMovements.organizationId, organizationId), eq(accountMovements.paymentId, payment.id)));
  if (original.length > 0) {
    await tx.insert(accountMovements).values(
      original.map((m) => ({
        id: uuidv7(),
        organizationId,
        unitId,
        accountId: m.accountId,
        date: m.date,
        amount: -m.amount,
        kind: m.kind === 'fee' ? ('fee_reversal' as const) : ('reversal' as const),
        paymentId: reversalId,
        description: `Estorno — ${m.description}`,
        createdBy: scope.user.userId,
      })),
    );
  }
  const documentIds = [...new Set(installments.map((i) => i.documentId))];
  await applyToInstallments(
    scope,
    settlements.map((s) => ({ installmentId: s.installmentId, principal: -s.principal })),
    documentIds,
  );
  await auditEach(
    scope,
    documentIds.map((documentId) => ({
      action: `${payment.kind}.reverse`,
      entity: payment.kind,
      entityId: documentId,
      before: { paymentId: payment.id, paidDate: payment.paidDate, total: Math.abs(payment.total) },
      after: {
        reversalId,
        reason: input.reason,
        principal: settlements
          .filter((s) => documentOf.get(s.installmentId) === documentId)
          .reduce((sum, s) => sum + s.principal, 0),
      },
    })),
  );
  return { paymentId: reversalId };
}
