import { z } from 'zod';
import {
  amountInput,
  chargeInput,
  daysBetween,
  dateInput,
  DEFAULT_MATCH_THRESHOLD,
  idempotencyKeyInput,
  optionalId,
  requiredId,
  requiredText,
} from '@financeiro/core';

/** The longest period the reconciliation screen reads at once. */
export const MAX_PERIOD_DAYS = 366;
/** The most rows one act of reconciling touches on each side. */
const MAX_PARTS = 500;

const optionalAmount = amountInput()
  .nullish()
  .transform((v) => v ?? null);
const zeroOrMore = chargeInput.default(0);

/** One account over a period, the way the reconciliation screen asks for it. */
export const periodInput = z
  .object({
    accountId: requiredId('Escolha a conta.'),
    from: dateInput('Informe a data inicial.'),
    to: dateInput('Informe a data final.'),
  })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'A data final não pode ser antes da inicial.' })
  .refine((p) => daysBetween(p.from, p.to) < MAX_PERIOD_DAYS, {
    path: ['to'],
    message: `Escolha um período de até ${MAX_PERIOD_DAYS} dias.`,
  });

export const reconciliationGetInput = periodInput.and(
  z.object({
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
  }),
);

export const reconcileInput = z
  .object({
    accountId: requiredId('Escolha a conta.'),
    lines: z
      .array(z.object({ lineId: requiredId('Linha do extrato inválida.'), amount: optionalAmount }))
      .min(1, 'Escolha ao menos uma linha do extrato.')
      .max(MAX_PARTS, `Concilie até ${MAX_PARTS} linhas de uma vez.`),
    movements: z
      .array(z.object({ movementId: requiredId('Movimento inválido.'), amount: optionalAmount }))
      .max(MAX_PARTS, `Concilie até ${MAX_PARTS} movimentos de uma vez.`)
      .default([]),
    installments: z
      .array(
        z.object({
          installmentId: requiredId('Parcela inválida.'),
          principal: optionalAmount,
          interest: zeroOrMore,
          fine: zeroOrMore,
          discount: zeroOrMore,
        }),
      )
      .max(MAX_PARTS, `Concilie até ${MAX_PARTS} parcelas de uma vez.`)
      .default([]),
    /** For lines of a closed month: the first day of the first open month, where the settlements are booked. */
    bookOn: z
      .union([dateInput(), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
  })
  .refine((r) => r.movements.length + r.installments.length > 0, {
    path: ['movements'],
    message: 'Escolha ao menos um movimento ou uma parcela para conciliar com o extrato.',
  })
  .and(idempotencyKeyInput);

export const acceptAllInput = periodInput
  .and(
    z.object({
      threshold: z
        .number('Informe a pontuação mínima.')
        .int('Use um número inteiro.')
        .min(1, 'A pontuação mínima vai de 1 a 100.')
        .max(100, 'A pontuação mínima vai de 1 a 100.')
        .default(DEFAULT_MATCH_THRESHOLD),
    }),
  )
  .and(idempotencyKeyInput);

export const undoInput = z.object({ groupId: requiredId('Conciliação inválida.') }).and(idempotencyKeyInput);

export const createEntryInput = z
  .object({
    lineId: requiredId('Linha do extrato inválida.'),
    classificationId: requiredId('Escolha a classificação.'),
    costCentreId: optionalId,
    description: requiredText(200, 'Descreva o lançamento.'),
  })
  .and(idempotencyKeyInput);
