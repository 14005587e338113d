import type { z } from 'zod';
import {
  apportion,
  centavosOfText,
  moneyText,
  percentInput,
  splitEvenly,
  WHOLE,
  type Centavos,
  type documentLineInput,
  type installmentInput,
} from '@financeiro/core';
import type { FormValues } from '../../ui/form-values';

/** An apportionment line as the document form holds it: the share as typed ("33,34"). */
export type ApportionmentRow = FormValues<
  z.input<typeof documentLineInput>,
  'classificationId' | 'costCentreId' | 'share',
  'share'
>;
/**
 * An installment as a form holds it: the date and amount as typed, and one code field for a boleto or a PIX copia e
 * cola (split into the wire's `barcode` or `pixCode` when sent).
 */
export type InstallmentRow = FormValues<z.input<typeof installmentInput>, 'dueDate' | 'amount', 'amount'> & {
  code: string;
};

const typedShare = percentInput();

/** Lines nobody has filled in: no classification and no cost centre chosen on any of them. */
export const blankLines = (lines: readonly ApportionmentRow[]) =>
  lines.every((line) => !line.classificationId && !line.costCentreId);

export const sameLines = (a: readonly ApportionmentRow[], b: readonly ApportionmentRow[] | null) =>
  b !== null &&
  a.length === b.length &&
  a.every(
    (line, i) =>
      line.classificationId === b[i]?.classificationId &&
      line.costCentreId === b[i]?.costCentreId &&
      line.share === b[i]?.share,
  );

/**
 * Whether a party's default apportionment may replace the lines without asking: they are still blank, or still the
 * ones the form filled in by itself (`filled`); lines typed or changed by hand are kept.
 */
export const linesReplaceable = (lines: readonly ApportionmentRow[], filled: readonly ApportionmentRow[] | null) =>
  blankLines(lines) || sameLines(lines, filled);

/**
 * The classification a person has just chosen on one line, when that is the whole change between `before` and
 * `after`; null for any other change (a cost centre, a share, a line added, the form filling every line at once).
 */
export function pickedClassification(
  before: readonly ApportionmentRow[],
  after: readonly ApportionmentRow[],
): string | null {
  if (before.length !== after.length) return null;
  const changed = after.flatMap((line, i) => {
    const was = before[i];
    const moved = was && (line.classificationId !== was.classificationId || line.costCentreId !== was.costCentreId);
    return moved ? [{ line, was }] : [];
  });
  const [only] = changed;
  if (changed.length !== 1 || !only) return null;
  return only.line.classificationId && only.line.costCentreId === only.was.costCentreId
    ? only.line.classificationId
    : null;
}

/** What each line gets of the gross, to the centavo (the server's rule), once the shares add up to 100%. */
export function lineAmounts(gross: Centavos, lines: readonly ApportionmentRow[]): Centavos[] | null {
  const shares = lines.map((line) => typedShare.safeParse(line.share).data);
  if (gross <= 0 || shares.some((share) => share === undefined)) return null;
  const known = shares.filter((share): share is number => share !== undefined);
  return known.reduce((sum, share) => sum + share, 0) === WHOLE ? apportion(gross, known) : null;
}

/**
 * The installments of a schedule with dates typed one by one, after its count changed: each keeps the due date and
 * code typed so far, new ones come blank at the end, the last ones go; the net is split evenly again (the amounts stay
 * as they were while the net cannot give each installment a centavo).
 */
export function resizeInstallments(rows: readonly InstallmentRow[], count: number, net: Centavos): InstallmentRow[] {
  const amounts = net >= count ? splitEvenly(net, count) : null;
  return Array.from({ length: count }, (_, i) => ({
    dueDate: rows[i]?.dueDate ?? '',
    amount: amounts ? moneyText(amounts[i] ?? 0) : (rows[i]?.amount ?? ''),
    code: rows[i]?.code ?? '',
  }));
}

/** How every PIX copia e cola begins: a code that does not is read as a boleto. */
export const PIX_PREFIX = '000201';

/** Installments as the wire takes them: amounts in centavos, each code sent as a PIX copia e cola or a boleto. */
export const installmentsInput = (rows: readonly InstallmentRow[]) =>
  rows.map((row) => {
    const code = row.code.trim();
    const pix = code.startsWith(PIX_PREFIX);
    return {
      dueDate: row.dueDate,
      amount: centavosOfText(row.amount),
      barcode: code && !pix ? code : null,
      pixCode: pix ? code : null,
    };
  });
