import {
  addMonths,
  formatCalendarDate,
  formatDocument,
  formatPercent,
  moneyText,
  todayInSaoPaulo,
} from '@financeiro/core';
import type { SheetRow } from '../../ui/download';
import { taxesMessages as t } from './messages';

/** A month as the screen's address holds it: "2026-11". */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month the screen opens on: the one just ended, whose collections are due now. */
export const defaultTaxMonth = (today: string = todayInSaoPaulo()) =>
  addMonths(`${today.slice(0, 7)}-01`, -1, 1).slice(0, 7);

/** The month in the address, or the default one when it holds something else. */
export const taxMonthOf = (typed: string, today?: string) => (MONTH.test(typed) ? typed : defaultTaxMonth(today));

/** The month before or after ("2026-11" → "2026-12"). */
export const shiftTaxMonth = (month: string, by: number) => addMonths(`${month}-01`, by, 1).slice(0, 7);

/** What a collection's badge says, and its colour. */
export interface CollectionBadge {
  label: string;
  color: string;
}

/** A collection's state as the server tells it, with its payable once made. */
export interface CollectionStatus {
  state: 'due' | 'carried' | 'collected' | 'open';
  total: number;
  minimum: number;
  payable: { amount: number; settled: number } | null;
}

/**
 * The state's badge: a made collection is "Guia gerada" until its payable is settled in full, then "Paga"; a month
 * below the DARF minimum goes to the next; the month in course cannot be collected yet.
 */
export function collectionBadge(c: CollectionStatus): CollectionBadge {
  if (c.payable) {
    return c.payable.settled >= c.payable.amount
      ? { label: t.states.paid, color: 'teal' }
      : { label: t.states.generated, color: 'blue' };
  }
  switch (c.state) {
    case 'open':
      return { label: t.states.open, color: 'gray' };
    case 'carried':
      return c.total < c.minimum
        ? { label: t.states.carried, color: 'gray' }
        : { label: t.states.carriedLater, color: 'gray' };
    case 'collected':
      return { label: t.states.collected, color: 'teal' };
    default:
      return { label: t.states.due, color: 'orange' };
  }
}

/** Whether the month's collection can be made now, by someone who edits payables. */
export const canGenerate = (c: Pick<CollectionStatus, 'state' | 'payable'>) => c.state === 'due' && !c.payable;

/** A bill that withheld, as the month's list has it. */
export interface WithholdingBill {
  documentNumber: string | null;
  description: string;
  issueDate: string;
  partyName: string;
  partyDocument: string | null;
  gross: number;
  taxes: { name: string; rate: number; amount: number }[];
}

/**
 * The bills as the accountant's spreadsheet: one row per bill, a rate and an amount column for every tax any of them
 * withheld (blank where a bill did not), money as typed in pt-BR ("1.234,56").
 */
export function billRows(bills: readonly WithholdingBill[]): SheetRow[] {
  const names = [...new Set(bills.flatMap((b) => b.taxes.map((tax) => tax.name)))];
  return bills.map((b) => {
    const row: SheetRow = {
      [t.issueDate]: formatCalendarDate(b.issueDate),
      [t.documentNumber]: b.documentNumber,
      [t.description]: b.description,
      [t.supplier]: b.partyName,
      [t.supplierDocument]: b.partyDocument ? formatDocument(b.partyDocument) : null,
      [t.gross]: moneyText(b.gross),
    };
    for (const name of names) {
      const tax = b.taxes.find((x) => x.name === name);
      row[t.taxRate(name)] = tax ? formatPercent(tax.rate) : null;
      row[t.taxAmount(name)] = tax ? moneyText(tax.amount) : null;
    }
    return row;
  });
}
