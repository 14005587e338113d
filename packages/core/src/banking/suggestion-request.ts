/**
 * What accepting one suggestion of the matcher asks of the server: its allocations summed per bank line and per
 * candidate, the movements to link and the installments to settle (their principal) and link. The screen sends it
 * when a person accepts one suggestion; the server builds it the same way when it accepts them all.
 */
export function suggestionRequest(
  accountId: string,
  suggestion: {
    allocations: readonly { lineId: string; candidateId: string; amount: number }[];
    candidates: readonly { id: string; kind: 'movement' | 'installment' }[];
  },
) {
  const perLine = new Map<string, number>();
  const perCandidate = new Map<string, number>();
  for (const a of suggestion.allocations) {
    perLine.set(a.lineId, (perLine.get(a.lineId) ?? 0) + Math.abs(a.amount));
    perCandidate.set(a.candidateId, (perCandidate.get(a.candidateId) ?? 0) + Math.abs(a.amount));
  }
  const amountOf = (id: string) => perCandidate.get(id) ?? 0;
  return {
    accountId,
    lines: [...perLine].map(([lineId, amount]) => ({ lineId, amount })),
    movements: suggestion.candidates
      .filter((c) => c.kind === 'movement')
      .map((c) => ({ movementId: c.id, amount: amountOf(c.id) })),
    installments: suggestion.candidates
      .filter((c) => c.kind === 'installment')
      .map((c) => ({ installmentId: c.id, principal: amountOf(c.id) })),
  };
}
