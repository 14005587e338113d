/** A LIKE pattern that finds the text anywhere, with the person's % and _ taken literally ("50%" finds "50%"). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
