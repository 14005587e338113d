/** The part a column plays on a phone's card. */
export type CardPart = 'title' | 'figure' | 'detail' | 'status' | 'actions';

/** Below this width a list shows cards instead of a table, so nothing scrolls sideways on a phone. */
export const CARDS_MEDIA_QUERY = '(max-width: 37.49em)';

/**
 * A card's parts, from the same column definitions as the table: the title and the status side by side at the top,
 * the key figures under them with their headers as labels, then the details at full width (an event's changes), and
 * the actions at the foot (within the thumb's reach).
 * Columns that play no part are left off the card: a phone shows what matters, the record has the rest.
 */
export function cardParts<C extends { card?: CardPart }>(columns: C[]) {
  const of = (part: CardPart) => columns.filter((c) => c.card === part);
  return {
    title: of('title'),
    figures: of('figure'),
    details: of('detail'),
    status: of('status'),
    actions: of('actions'),
  };
}
