import { addMonths, formatCalendarDate, monthTitle, parseDateText } from '@financeiro/core';
import { closingMessages as t } from './messages';

/** The month (its first day, YYYY-MM-DD) of a date as typed: DD/MM/AAAA, YYYY-MM-DD, or a competence MM/AAAA. */
export function monthOfTyped(text: string): string | null {
  const competence = /^(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (competence) {
    const month = Number(competence[1]);
    return month >= 1 && month <= 12 ? `${competence[2]}-${String(month).padStart(2, '0')}-01` : null;
  }
  const date = parseDateText(text.trim());
  return date ? `${date.slice(0, 7)}-01` : null;
}

/** The distinct months of the dates a form holds, and the years whose closed months must be read for them. */
export function monthsOfTyped(dates: readonly string[]): { months: string[]; years: number[] } {
  const months = [...new Set(dates.map(monthOfTyped).filter((m): m is string => m !== null))];
  return { months, years: [...new Set(months.map((m) => Number(m.slice(0, 4))))] };
}

/** What the server says of a note's month: its competence and, when that month is closed, the first open one after. */
export interface NoteMonth {
  issueDate: string | null;
  competence: string | null;
  firstOpenMonth: string | null;
}

/**
 * A note issued in a closed month (decision 0036): the sentence naming both dates and the competence the person must
 * accept before saving; null while the note's own month is open.
 */
export function lateNote(note: NoteMonth): { message: string; accept: string; competence: string } | null {
  if (!note.issueDate || !note.competence || !note.firstOpenMonth) return null;
  const closed = monthTitle(note.competence).toLowerCase();
  const open = monthTitle(note.firstOpenMonth).toLowerCase();
  return {
    message: t.lateNote(formatCalendarDate(note.issueDate), closed, open),
    accept: t.acceptCompetence(open),
    competence: note.firstOpenMonth,
  };
}

/**
 * The competence to send with a note: the accepted first open month when its own month is closed, else none (the
 * server books the issue's month). `ready` is false while a closed month's competence waits to be accepted.
 */
export function competenceToSend(
  note: NoteMonth,
  accepted: string | null,
): { ready: boolean; competence: string | null } {
  const late = lateNote(note);
  if (!late) return { ready: true, competence: null };
  return accepted === late.competence
    ? { ready: true, competence: late.competence }
    : { ready: false, competence: null };
}

/**
 * A bank line of a closed month (decision 0036): the first day of the first open month after its month, where its
 * settlement may be booked, and the sentence naming both dates; null while the line's month is open.
 */
export function lateLine(date: string, closedMonths: ReadonlySet<string>): { bookOn: string; label: string } | null {
  const month = `${date.slice(0, 7)}-01`;
  let open = month;
  while (closedMonths.has(open)) open = addMonths(open, 1);
  if (open === month) return null;
  return {
    bookOn: open,
    label: t.bookLate(formatCalendarDate(open), formatCalendarDate(date), monthTitle(month).toLowerCase()),
  };
}
