import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CsvStatementMapping,
  csvStatementMappingSchema,
  guessCsvStatementMapping,
  parseStatementCsv,
} from './csv';
import { StatementFileError } from './statement-file';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const csv = (text: string) => new TextEncoder().encode(text);

const read = (bytes: Uint8Array, mapping: CsvStatementMapping = guessCsvStatementMapping(bytes)) => {
  const file = parseStatementCsv(bytes, mapping);
  expect(file.format).toBe('csv');
  expect(file.statements).toHaveLength(1);
  return { lines: file.statements[0]?.lines ?? [], rejected: file.rejected };
};

describe('guessCsvStatementMapping and parseStatementCsv', () => {
  it('finds the header under a preamble, skips balance rows and rejects only the rows it cannot read', () => {
    const bytes = fixture('semicolon-preamble-balance-column.csv');
    expect(guessCsvStatementMapping(bytes)).toEqual({
      separator: ';',
      decimal: ',',
      headerLine: 4,
      columns: { date: 0, memo: [1], amount: 3, credit: null, debit: null, reference: null, type: null, balance: 4 },
    });
    const { lines, rejected } = read(bytes);
    expect(lines.map((l) => [l.fileLine, l.date, l.amount, l.memo])).toEqual([
      [6, '2026-11-03', 150_050, 'PIX RECEBIDO JOÃO DA SILVA'],
      [7, '2026-11-03', -3_250, 'TARIFA MANUTENÇÃO'],
      [9, '2026-11-04', -123_456, 'PAGTO BOLETO ENERGIA'],
      [10, '2026-11-04', -123_456, 'PAGTO BOLETO ENERGIA'],
      [13, '2026-11-06', -15_000, 'RENDIMENTO'],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(5);
    expect(rejected).toEqual([
      { fileLine: 11, message: 'Linha 11: valor sem dígitos.' },
      { fileLine: 12, message: 'Linha 12: data inválida "31/02/2026".' },
    ]);
  });

  it('reads "," separators, ISO dates, decimal points and quoted cells with commas, quotes and line breaks', () => {
    const bytes = fixture('comma-iso-dates-quoted.csv');
    const mapping = guessCsvStatementMapping(bytes);
    expect(mapping).toMatchObject({ separator: ',', decimal: '.', headerLine: 1 });
    expect(mapping.columns).toMatchObject({ date: 0, amount: 1, reference: 2, memo: [3] });
    const { lines, rejected } = read(bytes, mapping);
    expect(rejected).toEqual([]);
    expect(lines.map((l) => [l.fileLine, l.date, l.amount, l.reference, l.memo])).toEqual([
      [2, '2026-11-01', -8_990, '6734f1a2-0001', 'Compra no débito - Padaria Pão Quente, Centro'],
      [3, '2026-11-02', 250_000, '6734f1a2-0002', 'Transferência recebida pelo Pix - Maria "Cida" Souza'],
      [4, '2026-11-02', -1_500, '6734f1a2-0003', 'Pagamento de boleto (segunda linha da descrição)'],
      [6, '2026-11-03', -750, '6734f1a2-0004', 'Tarifa'],
    ]);
  });

  it('reads credit and debit columns, dd/mm/yy dates and Windows-1252 accents, skipping "S A L D O" rows', () => {
    const bytes = fixture('credit-debit-columns-windows-1252.csv');
    expect(bytes.includes(0xe9)).toBe(true);
    const mapping = guessCsvStatementMapping(bytes);
    expect(mapping.columns).toEqual({
      date: 0,
      memo: [1],
      amount: null,
      credit: 3,
      debit: 4,
      reference: 2,
      type: null,
      balance: 5,
    });
    const { lines, rejected } = read(bytes, mapping);
    expect(rejected).toEqual([]);
    expect(lines.map((l) => [l.date, l.amount, l.reference, l.memo])).toEqual([
      ['2026-11-02', 25_000, '123456', 'Pix - Recebido'],
      ['2026-11-02', -110_000, '778899', 'Pagamento de Título'],
      ['2026-11-03', -4_590, null, 'Tarifa Pacote de Serviços'],
    ]);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(-89_590);
  });

  it('reads a UTF-16 file, as spreadsheets save "Unicode" text', () => {
    const text = 'Data;Descrição;Valor\r\n05/11/2026;Depósito em espécie;1.234,56\r\n';
    const bytes = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer),
    ]);
    expect(read(bytes).lines.map((l) => [l.date, l.amount, l.memo])).toEqual([
      ['2026-11-05', 123_456, 'Depósito em espécie'],
    ]);
  });

  it('gives a line the same key in a later export that overlaps it', () => {
    const bytes = fixture('semicolon-preamble-balance-column.csv');
    const text = new TextDecoder().decode(bytes);
    const later = text.replace(/^0[34]\/11\/2026;(PIX|TARIFA).*\n/gm, '');
    const first = read(bytes).lines.filter((l) => l.date === '2026-11-04');
    const again = read(csv(later)).lines.filter((l) => l.date === '2026-11-04');
    expect(again.map((l) => l.key)).toEqual(first.map((l) => l.key));
  });

  it('refuses a mapping with both an amount column and credit and debit columns', () => {
    const mapping = guessCsvStatementMapping(fixture('credit-debit-columns-windows-1252.csv'));
    const both = { ...mapping, columns: { ...mapping.columns, amount: 3 } };
    expect(csvStatementMappingSchema.safeParse(both).error?.issues[0]?.message).toBe(
      'Indique a coluna do valor ou as colunas de crédito e débito, não as duas.',
    );
    expect(() => parseStatementCsv(fixture('credit-debit-columns-windows-1252.csv'), both)).toThrow(StatementFileError);
  });

  it('refuses, in Portuguese, a file without a header it recognises or without lines', () => {
    expect(() => guessCsvStatementMapping(csv('nome;cidade\nJoão;Recife\n'))).toThrow(
      new StatementFileError(
        'Não encontramos a linha de títulos do CSV (Data, Histórico, Valor…) nas 30 primeiras linhas; indique as colunas.',
      ),
    );
    const mapping = guessCsvStatementMapping(csv('Data;Histórico;Valor\n'));
    expect(() => parseStatementCsv(csv('Data;Histórico;Valor\n'), mapping)).toThrow(
      new StatementFileError('O arquivo não tem lançamentos nas colunas escolhidas (data e valor).'),
    );
    expect(() => parseStatementCsv(new Uint8Array(), mapping)).toThrow(new StatementFileError('O arquivo está vazio.'));
  });

  it('answers any bytes with lines, rejected lines or a StatementFileError', () => {
    const mapping = guessCsvStatementMapping(fixture('semicolon-preamble-balance-column.csv'));
    const sample = fixture('semicolon-preamble-balance-column.csv');
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc
        .tuple(fc.nat(sample.length), fc.nat(sample.length), fc.uint8Array({ maxLength: 8 }))
        .map(([from, to, noise]) => new Uint8Array([...sample.subarray(0, from), ...noise, ...sample.subarray(to)])),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        for (const read of [() => guessCsvStatementMapping(input), () => parseStatementCsv(input, mapping)]) {
          try {
            read();
          } catch (error) {
            expect(error).toBeInstanceOf(StatementFileError);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
