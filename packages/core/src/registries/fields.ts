import { z } from 'zod';
import { parseDateText } from '../masks';
import { parseBRL, WHOLE, type BasisPoints, type Centavos } from '../money';

/**
 * Field rules the registry forms, CSV imports and procedures share. Each accepts what a person types (or a CSV cell
 * holds) as well as the stored value, and yields the stored value: text trimmed or null, amounts in centavos,
 * percentages in basis points, dates as YYYY-MM-DD.
 */

/** Required text, trimmed. */
export const requiredText = (max: number, empty: string) =>
  z.string(empty).trim().min(1, empty).max(max, `Use até ${max} caracteres.`);

/** Optional text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use até ${max} caracteres.`)
    .nullish()
    .transform((v) => v || null);

/** An optional value checked by `schema` when filled in; blank becomes null. */
export const optional = <T>(schema: z.ZodType<T, string>) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx): T | null => {
      if (!v) return null;
      const parsed = schema.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });

export const optionalId = z
  .union([z.uuid('Escolha um item da lista.'), z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);
export const requiredId = (empty: string) => z.uuid(empty);

/** Centavos, from an integer or from "1.234,56" / "R$ -10,00". */
export const centavosInput = (options: { min?: Centavos; empty?: string } = {}) =>
  z.union([z.number(), z.string()], options.empty ?? 'Informe o valor.').transform((v, ctx): Centavos => {
    let value: number | null;
    if (typeof v === 'number') value = v;
    else {
      const text = v.trim();
      if (!text) value = null;
      else {
        const negative = /^-|^R\$\s*-/.test(text);
        const parsed = parseBRL(text.replace('-', ''));
        value = parsed === null ? null : negative ? -parsed : parsed;
      }
    }
    if (value === null || !Number.isSafeInteger(value)) {
      ctx.addIssue({
        code: 'custom',
        message: options.empty && v === '' ? options.empty : 'Valor inválido: use reais e centavos, como 1.234,56.',
      });
      return z.NEVER;
    }
    if (options.min !== undefined && value < options.min) {
      ctx.addIssue({
        code: 'custom',
        message: options.min === 0 ? 'O valor não pode ser negativo.' : 'O valor deve ser maior que zero.',
      });
      return z.NEVER;
    }
    return value;
  });

const PERCENT = /^(\d{1,3})(?:[,.](\d{1,2}))?\s*%?$/;

/** Basis points (1% = 100), from an integer or from "12,5" / "12,5%". */
export const percentInput = (options: { max?: BasisPoints } = {}) =>
  z.union([z.number(), z.string()], 'Informe o percentual.').transform((v, ctx): BasisPoints => {
    let value: number | null = null;
    if (typeof v === 'number') value = v;
    else {
      const match = PERCENT.exec(v.trim());
      if (match?.[1]) value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    }
    const max = options.max ?? WHOLE;
    if (value === null || !Number.isInteger(value) || value < 0 || value > max) {
      ctx.addIssue({
        code: 'custom',
        message: `Percentual inválido: use de 0 a ${max / 100}, com até duas casas, como 12,5.`,
      });
      return z.NEVER;
    }
    return value;
  });

/** The years a date may fall in: wide enough for any contract or balance, narrow enough for every database and chart. */
export const YEARS = { min: 1900, max: 2199 } as const;
export const YEARS_MESSAGE = `Use uma data entre ${YEARS.min} e ${YEARS.max}.`;

/** A calendar date as YYYY-MM-DD, from YYYY-MM-DD or as a person types it: DD/MM/AAAA, "5/12/26", "05122026". */
export const dateInput = (empty = 'Informe a data.') =>
  z.string(empty).transform((v, ctx) => {
    const text = v.trim();
    const date = parseDateText(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: text ? 'Data inválida: use DD/MM/AAAA.' : empty });
      return z.NEVER;
    }
    const year = Number(date.slice(0, 4));
    if (year < YEARS.min || year > YEARS.max) {
      ctx.addIssue({ code: 'custom', message: YEARS_MESSAGE });
      return z.NEVER;
    }
    return date;
  });

/** A yes/no, from a boolean or from "Sim"/"Não". */
export const yesNoInput = z.union([z.boolean(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'boolean') return v;
  const text = v.trim().toLowerCase();
  if (['sim', 's', 'true', '1'].includes(text)) return true;
  if (['não', 'nao', 'n', 'false', '0', ''].includes(text)) return false;
  ctx.addIssue({ code: 'custom', message: 'Use Sim ou Não.' });
  return z.NEVER;
});

/** A whole number in a range, from a number or its text. */
export const integerInput = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string()], message).transform((v, ctx) => {
    const value = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v.trim());
    if (!Number.isInteger(value) || value < min || value > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
