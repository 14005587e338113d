import { z } from 'zod';
import { idempotencyKeyInput } from '../idempotency';
import { dateInput, optionalId, optionalText, requiredId, requiredText } from '../registries/fields';
import { amountInput } from './inputs';

/** Money moved between two accounts of the organization: out of one, into the other, on one date. */
export const transferInput = z
  .object({
    fromAccountId: requiredId('Escolha a conta de origem.'),
    toAccountId: requiredId('Escolha a conta de destino.'),
    date: dateInput('Informe a data da transferência.'),
    amount: amountInput('Informe o valor da transferência.'),
    description: optionalText(200),
  })
  .refine((t) => t.fromAccountId !== t.toAccountId, {
    path: ['toAccountId'],
    message: 'Escolha contas diferentes: a transferência sai de uma e entra na outra.',
  })
  .and(idempotencyKeyInput);
export type TransferInput = z.input<typeof transferInput>;

export const ENTRY_DIRECTIONS = ['in', 'out'] as const;
export type EntryDirection = (typeof ENTRY_DIRECTIONS)[number];

/** A manual entry (bank fee, IOF, yield, interest): money in or out of one account, classified. */
export const manualEntryInput = z
  .object({
    accountId: requiredId('Escolha a conta.'),
    date: dateInput('Informe a data do lançamento.'),
    direction: z.enum(ENTRY_DIRECTIONS, 'Escolha entrada ou saída.'),
    amount: amountInput('Informe o valor do lançamento.'),
    classificationId: requiredId('Escolha a classificação.'),
    costCentreId: optionalId,
    description: requiredText(200, 'Descreva o lançamento.'),
  })
  .and(idempotencyKeyInput);
export type ManualEntryInput = z.input<typeof manualEntryInput>;

/** Undoes a transfer (both legs) or a manual entry with compensating movements. */
export const movementReverseInput = z
  .object({
    movementId: requiredId('Movimento inválido.'),
    reason: requiredText(500, 'Informe o motivo do estorno.'),
  })
  .and(idempotencyKeyInput);
export type MovementReverseInput = z.input<typeof movementReverseInput>;

const optionalDate = z
  .union([z.literal(''), z.null(), dateInput()])
  .optional()
  .transform((v) => v || null);

/** One account's statement over a period (the current month when left out), a page of its movements. */
export const statementInput = z
  .object({
    accountId: requiredId('Escolha a conta.'),
    from: optionalDate,
    to: optionalDate,
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
  })
  .refine((s) => !s.from || !s.to || s.from <= s.to, {
    path: ['to'],
    message: 'A data final não pode ser antes da inicial.',
  });
export type StatementInput = z.input<typeof statementInput>;

/** Every account's balance at the end of one date (today when left out). */
export const balancesInput = z.object({ date: optionalDate }).default({ date: null });
export type BalancesInput = z.input<typeof balancesInput>;
