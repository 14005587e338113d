/** What the banking tests set up: statement lines as an import would store them, and their state read back. */
import { eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client';
import { bankReconciliationLinks, bankStatementImports, bankStatementLines } from '../modules/banking/schema';

export interface TestLine {
  date: string;
  /** Signed centavos. */
  amount: number;
  memo: string;
  fitId?: string;
}

/** Stores lines of one account as one import, the way an imported file leaves them; their ids, in order. */
export async function storeLines(
  db: Db,
  at: { organizationId: string },
  accountId: string,
  lines: TestLine[],
): Promise<string[]> {
  const importId = uuidv7();
  await db.insert(bankStatementImports).values({
    id: importId,
    organizationId: at.organizationId,
    accountId,
    fileName: 'extrato.ofx',
    format: 'ofx',
    sha256: '0'.repeat(64),
    lineCount: lines.length,
    newCount: lines.length,
    duplicateCount: 0,
    rejectedCount: 0,
  });
  const rows = lines.map((line) => ({
    id: uuidv7(),
    organizationId: at.organizationId,
    accountId,
    importId,
    date: line.date,
    amount: line.amount,
    memo: line.memo,
    fitId: line.fitId ?? null,
    lineKey: uuidv7(),
  }));
  await db.insert(bankStatementLines).values(rows);
  return rows.map((r) => r.id);
}

/** The lines `ids` as stored, in the order asked. */
export async function linesOf(db: Db, ids: string[]) {
  const rows = await db.select().from(bankStatementLines).where(inArray(bankStatementLines.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id));
}

/** The links of one act of reconciling. */
export const linksOf = (db: Db, groupId: string) =>
  db.select().from(bankReconciliationLinks).where(eq(bankReconciliationLinks.groupId, groupId));
