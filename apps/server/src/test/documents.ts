/** Valid, distinct documents for fixtures: the n-th CNPJ (headquarters "0001") with its check digits. */
export function cnpjNumber(n: number): string {
  const base = `${String(n).padStart(8, '0')}0001`;
  const digit = (digits: string) => {
    const weights =
      digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...digits].reduce((sum, d, i) => sum + Number(d) * (weights[i] ?? 0), 0) % 11;
    return String(rest < 2 ? 0 : 11 - rest);
  };
  const first = digit(base);
  return `${base}${first}${digit(base + first)}`;
}
