import { z } from 'zod';
import { parseDateText } from '../masks';
import { formatBRL, parseBRL, WHOLE, type BasisPoints, type Centavos } from '../money';

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

/**
 * Money on the wire: an integer number of centavos (R$ 1,00 is 100), in every procedure. Text ("1.234,56") and
 * fractions are refused naming the field, since a client that sends either means an amount a hundred times off or a
 * part of a centavo. Forms and spreadsheet imports read what a person types with `centavosOfText` and send its
 * result: a field left blank is null, refused with the field's own words ("Informe o valor…").
 */
export const centavosInput = (options: { min?: Centavos; max?: Centavos; empty?: string } = {}) => {
  const empty = options.empty ?? 'Informe o valor.';
  let amount = z
    .number({ error: (issue) => wireMoneyMessage(issue.input, issue.path, empty) })
    .int({ error: (issue) => wireMoneyMessage(issue.input, issue.path, empty) });
  if (options.min !== undefined) {
    amount = amount.min(
      options.min,
      options.min === 0 ? 'O valor não pode ser negativo.' : 'O valor deve ser maior que zero.',
    );
  }
  if (options.max !== undefined)
    amount = amount.max(options.max, `O valor não pode passar de ${formatBRL(options.max)}.`);
  return amount.nullable().transform((value, ctx): Centavos => {
    if (value !== null) return value;
    ctx.addIssue({ code: 'custom', message: empty });
    return z.NEVER;
  });
};

export const MONEY_TEXT_INVALID = 'Valor inválido: use reais e centavos, como 1.234,56.';

function wireMoneyMessage(input: unknown, path: readonly PropertyKey[] | undefined, empty: string): string {
  if (input === undefined || input === null) return empty;
  if (typeof input === 'number' && Number.isNaN(input)) return MONEY_TEXT_INVALID;
  const field = path && path.length > 0 ? `"${path.map(String).join('.')}"` : 'o valor';
  if (Number.isInteger(input)) return `O valor de ${field} é alto demais.`;
  return `Envie ${field} em centavos, como número inteiro: R$ 1,00 é 100.`;
}

/**
 * What a person typed in a money field or a spreadsheet cell, as the wire takes it: centavos from "1.234,56",
 * "R$ -10,00" or "10"; null when blank; NaN when it is not an amount (the procedure's schema then says how to type it).
 */
export function centavosOfText(text: string | null | undefined): Centavos | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  const negative = /^-|^R\$\s*-/.test(trimmed);
  const parsed = parseBRL(trimmed.replace('-', ''));
  if (parsed === null) return Number.NaN;
  return negative ? -parsed : parsed;
}

/** A money field's amount while it is typed, for the totals a form shows: undefined until it reads, or under `min`. */
export function typedCentavos(text: string | null | undefined, min = Number.MIN_SAFE_INTEGER): Centavos | undefined {
  const amount = centavosOfText(text);
  return amount === null || Number.isNaN(amount) || amount < min ? undefined : amount;
}

/** A bound of an amount filter as typed: centavos, or no bound when blank or not an amount. */
export const amountBoundOfText = (text: string | null | undefined): Centavos | null => typedCentavos(text) ?? null;

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
