import { createManualEntry, type LedgerScope } from '../ledger';
import { LINE_TAKEN } from './access';
import { lockLines, reconcile } from './reconcile';
import { ConflictError } from '../../errors';

export interface EntryFromLine {
  classificationId: string;
  costCentreId: string | null;
  description: string;
}

/**
 * Makes what is left of a bank line a manual entry of the ledger (a fee, IOF, a yield) on the line's date, and links
 * the two: the line is then wholly reconciled. The line is locked first, so two entries from one line at once make
 * one, and the other answers CONFLICT.
 */
export async function entryFromLine(
  scope: LedgerScope,
  accountId: string,
  lineId: string,
  entry: EntryFromLine,
): Promise<{ movementId: string; groupId: string }> {
  const [line] = await lockLines(scope, accountId, [lineId]);
  const left = line ? Math.abs(line.amount) - line.reconciled : 0;
  if (!line || left === 0) throw new ConflictError(LINE_TAKEN);
  const { movementId } = await createManualEntry(scope, {
    accountId,
    date: line.date,
    direction: line.amount > 0 ? 'in' : 'out',
    amount: left,
    classificationId: entry.classificationId,
    costCentreId: entry.costCentreId,
    description: entry.description,
  });
  const { groupId } = await reconcile(
    scope,
    { accountId, lines: [{ lineId, amount: left }], movements: [{ movementId, amount: left }], installments: [] },
    { origin: 'entry' },
  );
  return { movementId, groupId };
}
