import { z } from 'zod';
import { shiftToBusinessDay } from '../business-days';
import { addMonths } from '../dates';
import type { Centavos } from '../money';
import type { TAX_KINDS } from '../registries/parameters';
import { competenceInput } from './inputs';

/*
 * Withheld taxes are collected once a month per collection code (decision 0037): the IRRF of every bill of a month in
 * one DARF 1708, PIS, COFINS and CSLL together in one DARF 5952 (the CSRF), the ISS in the city's guide. A federal
 * collection below R$ 10,00 is not paid: it is added to the next month's until the sum reaches the minimum.
 */

type TaxKind = (typeof TAX_KINDS)[number];

/** The smallest DARF the Receita Federal takes; less is carried to the next month's collection. */
export const DARF_MINIMUM: Centavos = 1_000;

const FEDERAL_KINDS: readonly TaxKind[] = ['IRRF', 'INSS', 'PIS', 'COFINS', 'CSLL'];

/** Whether a collection of taxes of these kinds is a DARF, bound to its minimum. */
export const isFederalCollection = (kinds: readonly TaxKind[]) =>
  kinds.length > 0 && kinds.every((k) => FEDERAL_KINDS.includes(k));

/**
 * When the collection of a month's withholdings is due: on the given day of the next month (its last day when
 * shorter). A federal due date that falls on a weekend or bank holiday is brought forward to the previous bank day;
 * a municipal one (ISS) is put off to the next, as the cities' codes say.
 */
export function collectionDueDate(period: string, dueDay: number, kinds: readonly TaxKind[]): string {
  const day = addMonths(`${period.slice(0, 7)}-01`, 1, dueDay);
  return shiftToBusinessDay(day, isFederalCollection(kinds) ? -1 : 1);
}

/** A month of one collection's withholdings, as stored. */
export interface WithheldMonth {
  period: string;
  withheld: Centavos;
  /** The part already in a collection's payable. */
  collected: Centavos;
  /** The month whose collection took this month's withholdings, when one did. */
  collectedIn: string | null;
}

export type CollectionState = 'collected' | 'carried' | 'due';

export interface CollectionMonth extends WithheldMonth {
  /** What earlier months left to this one: below the minimum, or withheld after their collection was made. */
  carriedIn: Centavos;
  /** What this month's collection pays (or would pay): its own withholdings and what was carried in. */
  total: Centavos;
  state: CollectionState;
}

/**
 * The months of one collection in order: a month whose collection was made is `collected`, or `carried` when a later
 * month's took it; of the others, a month is `due` when what it and the months before it left uncollected reaches
 * the minimum (zero for a municipal tax), or else `carried` to the next.
 */
export function collectionMonths(months: readonly WithheldMonth[], minimum: Centavos): CollectionMonth[] {
  const sorted = [...months].sort((a, b) => a.period.localeCompare(b.period));
  let pending = 0;
  return sorted.map((month) => {
    const carriedIn = pending;
    if (month.collectedIn === month.period) {
      // Withheld after the collection was made: left to the next month's.
      pending = month.withheld - month.collected;
      return { ...month, carriedIn, total: month.collected, state: 'collected' };
    }
    if (month.collectedIn) {
      pending = month.withheld - month.collected;
      return { ...month, carriedIn, total: carriedIn + month.withheld, state: 'carried' };
    }
    const total = carriedIn + month.withheld;
    if (total > 0 && total < minimum) {
      pending = total;
      return { ...month, carriedIn, total, state: 'carried' };
    }
    pending = 0;
    return { ...month, carriedIn, total, state: 'due' };
  });
}

/** The month whose withheld taxes the screen shows. */
export const taxMonthInput = z.object({ month: competenceInput });

/** Makes the payable of one collection (a code, or a tax without one) for a month. */
export const collectTaxesInput = z.object({
  collection: z
    .string('Escolha o recolhimento.')
    .trim()
    .min(1, 'Escolha o recolhimento.')
    .max(60, 'Recolhimento inválido.'),
  period: competenceInput,
});
