import { centavosOfText, type Centavos } from '@financeiro/core';

/**
 * A form's values as the API takes them: the money fields named, typed as text ("1.234,56"), in centavos; a blank one
 * is null, which the shared schema refuses in the field's own words. The rest as typed.
 */
export function inCentavos<V extends object, K extends keyof V & string>(
  values: V,
  keys: readonly K[],
): Omit<V, K> & Record<K, Centavos | null> {
  const money = Object.fromEntries(keys.map((key) => [key, centavosOfText(String(values[key] ?? ''))]));
  return { ...values, ...money } as Omit<V, K> & Record<K, Centavos | null>;
}
