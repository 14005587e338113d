import { readFileSync } from 'node:fs';
import { nfeAccessKeyCheckDigit } from '@financeiro/core';

/** A real-shaped NF-e of three duplicatas (number 4521), addressed to CNPJ 31.827.459/0001-97. */
export const NOTE = readFileSync(
  new URL('../../../../packages/core/src/purchasing/fixtures/nfe/three-duplicatas.xml', import.meta.url),
  'utf8',
);

/** Notes of some 540 KB each, their first item repeated: fifty of them are 27 MB, under the request body limit. */
export function heavyNotes(count = 50): string[] {
  const item = /<det nItem="1">[\s\S]*?<\/det>/.exec(NOTE)?.[0] ?? '';
  const heavy = NOTE.replace(item, item.repeat(Math.ceil(540_000 / item.length)));
  return Array.from({ length: count }, () => heavy);
}

/** The same note under another number: a new access key with its check digit, as a second note of the issuer. */
export function renumbered(xml: string, number: number): string {
  const key = /Id="NFe(\d{44})"/.exec(xml)?.[1] ?? '';
  const first43 = `${key.slice(0, 25)}${String(number).padStart(9, '0')}${key.slice(34, 43)}`;
  const next = `${first43}${nfeAccessKeyCheckDigit(first43)}`;
  return xml.replaceAll(key, next).replace(/<(\w+:)?nNF>\d+</, `<$1nNF>${number}<`);
}
