import { z } from 'zod';
import {
  amountInput,
  daysBetween,
  dateInput,
  idempotencyKeyInput,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
} from '@financeiro/core';

/** The longest period reconciled or read at once, as in bank reconciliation. */
export const MAX_PERIOD_DAYS = 366;
/** The most sales one act of reconciling names. */
const MAX_SALES = 1_000;

const accountId = requiredId('Escolha a conta do Mercado Pago.');

/** One Mercado Pago account and a period of approval (or release) days. */
export const periodFields = {
  accountId,
  from: dateInput('Informe a data inicial.'),
  to: dateInput('Informe a data final.'),
};

/** The period's checks: from before to, at most a year and a day. */
export const withinPeriod = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((p) => p.from <= p.to, { path: ['to'], message: 'A data final não pode ser antes da inicial.' })
    .refine((p) => daysBetween(p.from, p.to) < MAX_PERIOD_DAYS, {
      path: ['to'],
      message: `Escolha um período de até ${MAX_PERIOD_DAYS} dias.`,
    });

export const accountPeriodInput = withinPeriod(z.object(periodFields));

export const settingsGetInput = z.object({ accountId });

export const settingsSaveInput = z
  .object({
    accountId,
    pendingAccountId: requiredId('Escolha a conta do saldo a liberar.'),
    feeClassificationId: requiredId('Escolha a classificação das tarifas.'),
    costCentreId: optionalId,
    payoutAccountId: optionalId,
    customerId: optionalId,
    receivableClassificationId: optionalId,
    paymentMethodId: optionalId,
  })
  .refine((s) => s.pendingAccountId !== s.accountId, {
    path: ['pendingAccountId'],
    message: 'O saldo a liberar fica em outra conta, não na própria conta do Mercado Pago.',
  })
  .refine((s) => s.payoutAccountId !== s.accountId && s.payoutAccountId !== s.pendingAccountId, {
    path: ['payoutAccountId'],
    message: 'Os saques vão para uma conta bancária, não para as contas do Mercado Pago.',
  })
  .and(idempotencyKeyInput);

export const acceptInput = z
  .object({
    accountId,
    settlementIds: z
      .array(requiredId('Venda inválida.'), 'Escolha as vendas.')
      .min(1, 'Escolha ao menos uma venda.')
      .max(MAX_SALES, `Concilie até ${MAX_SALES} vendas de uma vez.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Cada venda entra uma vez só.'),
  })
  .and(idempotencyKeyInput);

export const acceptAllInput = accountPeriodInput
  .and(
    z.object({
      minScore: z
        .number('Informe a pontuação mínima.')
        .int('A pontuação mínima é um número inteiro.')
        .min(1, 'A pontuação mínima vai de 1 a 100.')
        .max(100, 'A pontuação mínima vai de 1 a 100.'),
    }),
  )
  .and(idempotencyKeyInput);

export const matchInput = z
  .object({
    settlementId: requiredId('Venda inválida.'),
    allocations: z
      .array(
        z.object({
          installmentId: requiredId('Parcela inválida.'),
          amount: amountInput('Informe o valor quitado da parcela.'),
        }),
        'Escolha as parcelas.',
      )
      .min(1, 'Escolha ao menos uma parcela.')
      .max(100, 'Escolha até 100 parcelas.')
      .refine((a) => new Set(a.map((x) => x.installmentId)).size === a.length, 'Cada parcela entra uma vez só.'),
  })
  .and(idempotencyKeyInput);

export const createReceivableInput = z
  .object({
    settlementId: requiredId('Venda inválida.'),
    partyId: optionalId,
    classificationId: optionalId,
    costCentreId: optionalId,
    description: optionalText(200),
  })
  .and(idempotencyKeyInput);

export const undoInput = z
  .object({
    settlementId: requiredId('Venda inválida.'),
    reason: requiredText(500, 'Informe o motivo.'),
  })
  .and(idempotencyKeyInput);

export const releaseUndoInput = z
  .object({ accountId, day: dateInput('Informe o dia da liberação.') })
  .and(idempotencyKeyInput);

export const bookInput = accountPeriodInput.and(idempotencyKeyInput);
