/** Text as a person searches it: lower case, without accents ("Configurações" and "configuracoes" are the same). */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The palette's screens that match what is typed: every word appears in the screen's title or its menu group, accents
 * and case ignored; screens whose title matches come first, in menu order.
 */
export function filterScreens<A extends { label?: string; description?: string }>(query: string, actions: A[]): A[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return actions;
  const matches = (text: string | undefined) => words.every((w) => folded(text ?? '').includes(w));
  const inTitle = actions.filter((a) => matches(a.label));
  const inGroup = actions.filter((a) => !inTitle.includes(a) && matches(`${a.label ?? ''} ${a.description ?? ''}`));
  return [...inTitle, ...inGroup];
}
