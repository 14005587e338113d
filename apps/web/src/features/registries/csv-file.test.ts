import { describe, expect, it } from 'vitest';
import { csvText, plainCell } from './csv-file';
import { safeCell } from '../../ui/download';

const LINE = 'Nome;Cidade\nAção Comércio Ltda;São João\n';

describe('reading an imported CSV', () => {
  it('decodes a file Excel in pt-BR saved in Windows-1252, accents included', () => {
    const windows1252 = Uint8Array.from([...LINE].map((c) => ({ ç: 0xe7, ã: 0xe3, é: 0xe9 })[c] ?? c.charCodeAt(0)));
    expect(csvText(windows1252.buffer)).toBe(LINE);
  });

  it('decodes UTF-8, with or without a byte-order mark', () => {
    const utf8 = new TextEncoder().encode(LINE);
    expect(csvText(utf8.buffer)).toBe(LINE);
    expect(csvText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]).buffer)).toBe(LINE);
  });

  it('takes back what an export wrote: the apostrophe before a formula-like cell goes', () => {
    for (const cell of ['=HYPERLINK("http://x","y")', '-5', '@SUM(A1)', "'quoted", 'Acme']) {
      expect(plainCell(String(safeCell(cell)))).toBe(cell);
    }
  });
});
