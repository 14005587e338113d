import { readFileSync } from 'node:fs';

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
