import { describe, expect, it } from 'vitest';
import { cardParts } from './DataTable.cards';

describe("a list's card on a phone", () => {
  it('is built from the columns: title, key figures in their order, details, status and actions; the rest left off', () => {
    const parts = cardParts([
      { key: 'code', card: 'figure' as const },
      { key: 'name', card: 'title' as const },
      { key: 'notes' },
      { key: 'changes', card: 'detail' as const },
      { key: 'city', card: 'figure' as const },
      { key: 'status', card: 'status' as const },
      { key: 'actions', card: 'actions' as const },
    ]);
    expect(parts.title.map((c) => c.key)).toEqual(['name']);
    expect(parts.figures.map((c) => c.key)).toEqual(['code', 'city']);
    expect(parts.details.map((c) => c.key)).toEqual(['changes']);
    expect(parts.status.map((c) => c.key)).toEqual(['status']);
    expect(parts.actions.map((c) => c.key)).toEqual(['actions']);
  });
});
