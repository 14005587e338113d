import { and, asc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { formatBRL, formatCalendarDate, monthTitle, type DocumentKind } from '@financeiro/core';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { audit } from '../audit';
import {
  firstOpenMonthAfter,
  mustBeOpen,
  mustUseAccount,
  type LedgerScope,
  reverseMovement,
  reversePayment,
  settleInstallments,
  accountMovementsView,
  ledgerInstallmentsView,
} from '../ledger';
import { LINE_NOT_FOUND, LINE_TAKEN, MOVEMENT_NOT_FOUND, MOVEMENT_TAKEN } from './access';
import type { LINK_ORIGINS } from './schema';
import { bankReconciliationLinks, bankStatementLines } from './schema';

type LinkOrigin = (typeof LINK_ORIGINS)[number];

/** What one act of reconciling asks: parts of bank lines matched with parts of movements and of open installments. */
export interface ReconcileRequest {
  accountId: string;
  /** `amount`: centavos of the line to reconcile (its whole open part when left out). */
  lines: { lineId: string; amount?: number | null | undefined }[];
  movements: { movementId: string; amount?: number | null | undefined }[];
  /** Installments settled now through the ledger, on the line's date, and then linked. */
  installments: {
    installmentId: string;
    principal?: number | null | undefined;
    interest?: number | undefined;
    fine?: number | undefined;
    discount?: number | undefined;
  }[];
  /** The first day of the first open month, for lines of a closed month: the settlements are dated on it. */
  bookOn?: string | null;
}

export interface ReconcileResult {
  groupId: string;
  links: number;
  /** Payments the ledger wrote for the installments. */
  paymentIds: string[];
}

/** The lines `ids` of the account, locked in id order (the order every writer takes them); NOT_FOUND unless all. */
export async function lockLines(scope: LedgerScope, accountId: string, ids: string[], bookOn?: string | null) {
  const l = bankStatementLines;
  const rows = await scope.tx
    .select({ id: l.id, date: l.date, amount: l.amount, reconciled: l.reconciled, memo: l.memo })
    .from(l)
    .where(and(eq(l.organizationId, scope.tenant.organizationId), eq(l.accountId, accountId), inArray(l.id, ids)))
    .orderBy(asc(l.id))
    .for('update');
  if (rows.length !== new Set(ids).size) throw new NotFoundError(LINE_NOT_FOUND);
  // A line of a closed month is neither reconciled nor undone (decision 0036), unless its settlements are booked in
  // the first open month after it (`bookOn`, reconciling a late bank line).
  if (bookOn) await mustBookLate(scope, rows, bookOn);
  else
    await mustBeOpen(
      scope,
      rows.map((r) => r.date),
    );
  return rows;
}

/**
 * A late bank line (its month closed) is reconciled with its settlements dated on the first day of the first open
 * month after it, the date the person was shown; any other date, or a line of an open month, is refused.
 */
async function mustBookLate(scope: LedgerScope, lines: { date: string }[], bookOn: string) {
  const latest = lines.reduce((last, l) => (l.date > last ? l.date : last), lines[0]?.date ?? '');
  const month = `${latest.slice(0, 7)}-01`;
  const open = await firstOpenMonthAfter(scope, month);
  if (!open) {
    throw new InvalidInputError(
      `${monthTitle(month)} está aberto: concilie a linha de ${formatCalendarDate(latest)} na data dela.`,
    );
  }
  if (bookOn !== open) {
    throw new InvalidInputError(
      `${monthTitle(month)} está fechado: a linha de ${formatCalendarDate(latest)} é lançada em ${formatCalendarDate(open)}, o primeiro dia do primeiro mês aberto.`,
    );
  }
  await mustBeOpen(scope, [bookOn]);
}

/** The movements `ids` of the account, locked in id order, with what their active links already reconcile. */
async function lockMovements(scope: LedgerScope, accountId: string, ids: string[]) {
  const { organizationId } = scope.tenant;
  const m = accountMovementsView;
  const rows = await scope.tx
    .select({ id: m.id, amount: m.amount })
    .from(m)
    .where(and(eq(m.organizationId, organizationId), eq(m.accountId, accountId), inArray(m.id, ids)))
    .orderBy(asc(m.id))
    .for('update');
  if (rows.length !== new Set(ids).size) throw new NotFoundError(MOVEMENT_NOT_FOUND);
  const k = bankReconciliationLinks;
  const taken = await scope.tx
    .select({ movementId: k.movementId, total: sum(k.amount).mapWith(Number) })
    .from(k)
    .where(and(eq(k.organizationId, organizationId), inArray(k.movementId, ids), isNull(k.undoneAt)))
    .groupBy(k.movementId);
  const takenOf = new Map(taken.map((t) => [t.movementId, t.total]));
  return rows.map((r) => ({ ...r, reconciled: takenOf.get(r.id) ?? 0 }));
}

/** Stores a line's new reconciled total and the status it implies, for many lines in one statement. */
async function addToLines(scope: LedgerScope, deltas: Map<string, number>): Promise<void> {
  if (deltas.size === 0) return;
  const values = sql.join(
    [...deltas].map(([id, delta]) => sql`(${id}::uuid, ${delta}::bigint)`),
    sql`, `,
  );
  const l = bankStatementLines;
  const reconciled = sql`${l.reconciled} + v.delta`;
  await scope.tx.execute(sql`
    update ${l}
    set reconciled = ${reconciled},
      status = case when ${reconciled} = 0 then 'open' when ${reconciled} = abs(${l.amount}) then 'reconciled'
        else 'partial' end
    from (values ${values}) as v(id, delta)
    where ${l.organizationId} = ${scope.tenant.organizationId} and ${l.id} = v.id`);
}

/**
 * Pairs the lines' parts with the movements' parts in the order given, as a merge does: each link takes what is left
 * of both, so Σ links of a line is its part and Σ links of a movement is its part.
 */
function pairParts(
  lines: { id: string; part: number }[],
  movements: { id: string; part: number; origin: LinkOrigin }[],
): { lineId: string; movementId: string; amount: number; origin: LinkOrigin }[] {
  const links: { lineId: string; movementId: string; amount: number; origin: LinkOrigin }[] = [];
  let i = 0;
  let j = 0;
  let lineLeft = lines[0]?.part ?? 0;
  let movementLeft = movements[0]?.part ?? 0;
  while (i < lines.length && j < movements.length) {
    const line = lines[i];
    const movement = movements[j];
    if (!line || !movement) break;
    const amount = Math.min(lineLeft, movementLeft);
    links.push({ lineId: line.id, movementId: movement.id, amount, origin: movement.origin });
    lineLeft -= amount;
    movementLeft -= amount;
    if (lineLeft === 0) lineLeft = lines[++i]?.part ?? 0;
    if (movementLeft === 0) movementLeft = movements[++j]?.part ?? 0;
  }
  return links;
}

/** The open part of installments, read before the ledger locks them, for parts the request leaves to their balance. */
async function installmentsOpen(scope: LedgerScope, ids: string[]) {
  if (ids.length === 0) return [];
  const i = ledgerInstallmentsView;
  return scope.tx
    .select({
      id: i.id,
      kind: i.kind,
      partyId: i.partyId,
      open: sql<number>`${i.amount} - ${i.settled}`.mapWith(Number),
    })
    .from(i)
    .where(
      and(eq(i.organizationId, scope.tenant.organizationId), eq(i.unitId, scope.tenant.unitId), inArray(i.id, ids)),
    );
}

/** A part of a movement to link with the lines, and how the movement came to be. */
interface MovementPart {
  id: string;
  part: number;
  origin: LinkOrigin;
}

/**
 * Reconciles in the caller's transaction: locks the lines (id order), checks their parts, settles the installments
 * through the ledger on the latest line's date (one payment per party, each with its movement), locks the movements
 * (id order), checks that no part exceeds what is left of a line or a movement, and writes the links and the lines'
 * new totals. Two reconciliations of one line run one after the other; the second finds the line taken and answers
 * CONFLICT. `origin` says how the movements came to be when the caller wrote them (a manual entry).
 */
export async function reconcile(
  scope: LedgerScope,
  request: ReconcileRequest,
  options: { origin?: LinkOrigin; maySettle?: (kind: DocumentKind) => void } = {},
): Promise<ReconcileResult> {
  checkChoices(request);
  const lineIds = request.lines.map((l) => l.lineId);
  const lines = await lockLines(scope, request.accountId, lineIds, request.bookOn);
  const sign = Math.sign(lines[0]?.amount ?? 0);
  if (lines.some((l) => Math.sign(l.amount) !== sign)) {
    throw new InvalidInputError('Concilie juntas só linhas de uma direção: todas entradas ou todas saídas.');
  }
  const lineParts = linePartsOf(lines, request.lines);

  // Installments: receivables come into the account, payables go out of it.
  const kind: DocumentKind = sign > 0 ? 'receivable' : 'payable';
  // Settling a bill here is settling it in the ledger: it asks for the same permission as the payment form.
  if (request.installments.length > 0) options.maySettle?.(kind);
  const settlements = await settlementsOf(scope, request.installments, kind);
  const settledTotal = settlements.reduce((s, i) => s + i.principal + i.interest + i.fine - i.discount, 0);

  const movementIds = request.movements.map((m) => m.movementId);
  const movements = await lockMovements(scope, request.accountId, movementIds);
  const movementParts = movementPartsOf(movements, request.movements, sign, options.origin ?? 'existing');

  const bankSide = lineParts.reduce((s, l) => s + l.part, 0);
  const appSide = movementParts.reduce((s, m) => s + m.part, 0) + settledTotal;
  if (bankSide !== appSide) {
    throw new InvalidInputError(
      `Os valores não fecham: as linhas do extrato somam ${formatBRL(bankSide)} e os lançamentos ${formatBRL(appSide)}.`,
    );
  }

  const { paymentIds, settledParts } = await settleThroughLedger(
    scope,
    request.accountId,
    kind,
    request.bookOn ?? null,
    lines,
    settlements,
  );
  const groupId = uuidv7();
  const links = pairParts(lineParts, [...movementParts, ...settledParts]);
  await scope.tx.insert(bankReconciliationLinks).values(
    links.map((link) => ({
      ...link,
      id: uuidv7(),
      organizationId: scope.tenant.organizationId,
      groupId,
      accountId: request.accountId,
      createdBy: scope.user.userId,
    })),
  );
  await addToLines(scope, new Map(lineParts.map((l) => [l.id, l.part])));
  await audit(scope, {
    action: 'bank_reconciliation.reconcile',
    entity: 'financial_account',
    entityId: request.accountId,
    after: {
      groupId,
      statementLines: lineParts.map((l) => ({ lineId: l.id, amount: l.part })),
      movements: movementParts.map((m) => ({ movementId: m.id, amount: m.part })),
      installments: settlements.map((s) => ({ installmentId: s.installmentId, principal: s.principal })),
      paymentIds,
    },
  });
  return { groupId, links: links.length, paymentIds };
}

/** At least one line and one movement or installment, none of them chosen twice. */
function checkChoices(request: ReconcileRequest): void {
  if (request.lines.length === 0) throw new InvalidInputError('Escolha ao menos uma linha do extrato.');
  if (request.movements.length + request.installments.length === 0) {
    throw new InvalidInputError('Escolha ao menos um movimento ou uma parcela para conciliar com o extrato.');
  }
  for (const [ids, what] of [
    [request.lines.map((l) => l.lineId), 'linha do extrato'],
    [request.movements.map((m) => m.movementId), 'movimento'],
    [request.installments.map((i) => i.installmentId), 'parcela'],
  ] as const) {
    if (new Set(ids).size !== ids.length) throw new InvalidInputError(`A mesma ${what} foi escolhida duas vezes.`);
  }
}

/** The part of each line to reconcile (what is left of it unless the request says): never past the line or its rest. */
function linePartsOf(
  lines: { id: string; amount: number; reconciled: number }[],
  requested: ReconcileRequest['lines'],
): { id: string; part: number }[] {
  const lineById = new Map(lines.map((l) => [l.id, l]));
  return requested.map((item) => {
    const line = lineById.get(item.lineId);
    if (!line) throw new NotFoundError(LINE_NOT_FOUND);
    const whole = Math.abs(line.amount);
    const left = whole - line.reconciled;
    const part = item.amount ?? left;
    if (part > whole) {
      throw new InvalidInputError(
        `O valor conciliado (${formatBRL(part)}) passa do valor da linha (${formatBRL(whole)}).`,
      );
    }
    if (part > left || part === 0) throw new ConflictError(LINE_TAKEN);
    return { id: line.id, part };
  });
}

/** What each installment is paid with (its open part unless the request says), checked against the lines' side. */
async function settlementsOf(scope: LedgerScope, requested: ReconcileRequest['installments'], kind: DocumentKind) {
  const ids = requested.map((i) => i.installmentId);
  const open = await installmentsOpen(scope, ids);
  const openById = new Map(open.map((o) => [o.id, o]));
  return requested.map((item) => {
    const row = openById.get(item.installmentId);
    if (!row) throw new NotFoundError('Parcela não encontrada nesta unidade.');
    if (row.kind !== kind) {
      throw new InvalidInputError(
        kind === 'receivable'
          ? 'Uma entrada no extrato concilia contas a receber, não contas a pagar.'
          : 'Uma saída no extrato concilia contas a pagar, não contas a receber.',
      );
    }
    const principal = item.principal ?? row.open;
    if ((item.discount ?? 0) > principal + (item.interest ?? 0) + (item.fine ?? 0)) {
      throw new InvalidInputError('O desconto não pode passar do valor pago.');
    }
    const figures = { principal, interest: item.interest ?? 0, fine: item.fine ?? 0, discount: item.discount ?? 0 };
    return { ...figures, installmentId: row.id, partyId: row.partyId };
  });
}

/** The part of each movement to reconcile (what is left of it unless the request says), in the lines' direction. */
function movementPartsOf(
  movements: { id: string; amount: number; reconciled: number }[],
  requested: ReconcileRequest['movements'],
  sign: number,
  origin: LinkOrigin,
): MovementPart[] {
  const movementById = new Map(movements.map((m) => [m.id, m]));
  return requested.map((item) => {
    const movement = movementById.get(item.movementId);
    if (!movement) throw new NotFoundError(MOVEMENT_NOT_FOUND);
    if (Math.sign(movement.amount) !== sign) {
      throw new InvalidInputError(
        'O movimento e a linha do extrato precisam ter a mesma direção (entrada com entrada).',
      );
    }
    const whole = Math.abs(movement.amount);
    const left = whole - movement.reconciled;
    const part = item.amount ?? left;
    if (part > whole) {
      throw new InvalidInputError(
        `O valor conciliado (${formatBRL(part)}) passa do valor do movimento (${formatBRL(whole)}).`,
      );
    }
    if (part > left || part === 0) throw new ConflictError(MOVEMENT_TAKEN);
    return { id: movement.id, part, origin };
  });
}

/**
 * The ledger pays one party's installments in one payment, on the latest line's date (or the first open day a late
 * line is booked on); each payment's movement is linked whole.
 */
async function settleThroughLedger(
  scope: LedgerScope,
  accountId: string,
  kind: DocumentKind,
  bookOn: string | null,
  lines: { date: string }[],
  settlements: Awaited<ReturnType<typeof settlementsOf>>,
): Promise<{ paymentIds: string[]; settledParts: MovementPart[] }> {
  const paymentIds: string[] = [];
  const settledParts: MovementPart[] = [];
  if (settlements.length === 0) return { paymentIds, settledParts };
  const paidDate = bookOn ?? lines.reduce((latest, l) => (l.date > latest ? l.date : latest), lines[0]?.date ?? '');
  const parties = [...new Set(settlements.map((s) => s.partyId))];
  for (const partyId of parties) {
    const items = settlements
      .filter((s) => s.partyId === partyId)
      .map(({ installmentId, principal, interest, fine, discount }) => ({
        installmentId,
        principal,
        interest,
        fine,
        discount,
      }));
    const { paymentId } = await settleInstallments(scope, {
      kind,
      paidDate,
      accountId,
      items,
      paymentMethodId: null,
      fees: 0,
      notes: 'Baixa pela conciliação bancária',
      proof: null,
    });
    paymentIds.push(paymentId);
    const [movement] = await scope.tx
      .select({ id: accountMovementsView.id, amount: accountMovementsView.amount })
      .from(accountMovementsView)
      .where(
        and(
          eq(accountMovementsView.organizationId, scope.tenant.organizationId),
          eq(accountMovementsView.paymentId, paymentId),
          eq(accountMovementsView.kind, 'payment'),
        ),
      )
      .for('update');
    if (movement) settledParts.push({ id: movement.id, part: Math.abs(movement.amount), origin: 'settlement' });
  }
  return { paymentIds, settledParts };
}

/**
 * Undoes one act of reconciling: its links stay, marked undone by whom and when, the lines get back exactly what the
 * links took, and what the reconciliation wrote in the ledger is reversed there (a payment by a reversal payment, a
 * manual entry by its compensating entry), since nothing that moved money is deleted.
 */
export async function undoReconciliation(
  scope: LedgerScope,
  groupId: string,
): Promise<{ groupId: string; lines: number }> {
  const { organizationId } = scope.tenant;
  const k = bankReconciliationLinks;
  const links = await scope.tx
    .select({
      id: k.id,
      accountId: k.accountId,
      lineId: k.lineId,
      movementId: k.movementId,
      amount: k.amount,
      origin: k.origin,
      undoneAt: k.undoneAt,
    })
    .from(k)
    .where(and(eq(k.organizationId, organizationId), eq(k.groupId, groupId)))
    .orderBy(asc(k.id))
    .for('update');
  const accountId = links[0]?.accountId;
  if (!accountId) throw new NotFoundError('Conciliação não encontrada.');
  await mustUseAccount(scope, accountId);
  if (links.some((l) => l.undoneAt)) throw new ConflictError('Esta conciliação já foi desfeita. Atualize a tela.');

  const lineIds = [...new Set(links.map((l) => l.lineId))];
  await lockLines(scope, accountId, lineIds);
  await scope.tx
    .update(k)
    .set({ undoneAt: sql`now()`, undoneBy: scope.user.userId })
    .where(and(eq(k.organizationId, organizationId), eq(k.groupId, groupId)));
  const deltas = new Map<string, number>();
  for (const link of links) deltas.set(link.lineId, (deltas.get(link.lineId) ?? 0) - link.amount);
  await addToLines(scope, deltas);

  const reason = 'Conciliação bancária desfeita';
  const written = [...new Set(links.filter((l) => l.origin !== 'existing').map((l) => l.movementId))];
  if (written.length > 0) {
    const movements = await scope.tx
      .select({ id: accountMovementsView.id, paymentId: accountMovementsView.paymentId })
      .from(accountMovementsView)
      .where(and(eq(accountMovementsView.organizationId, organizationId), inArray(accountMovementsView.id, written)))
      .orderBy(asc(accountMovementsView.id));
    for (const movement of movements) {
      if (movement.paymentId) await reversePayment(scope, { paymentId: movement.paymentId, reason });
      else await reverseMovement(scope, { movementId: movement.id, reason });
    }
  }
  await audit(scope, {
    action: 'bank_reconciliation.undo',
    entity: 'financial_account',
    entityId: accountId,
    before: {
      groupId,
      reconciled: links.map((l) => ({ lineId: l.lineId, movementId: l.movementId, amount: l.amount })),
    },
  });
  return { groupId, lines: lineIds.length };
}
