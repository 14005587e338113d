import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOfx } from './ofx';
import { STATEMENT_FILE_MAX_BYTES } from '../upload-limits';
import { StatementFileError, type ParsedStatementFile } from './statement-file';
import { fnv1a64 } from './statement-lines';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const ofx = (text: string) => new TextEncoder().encode(text);

const onlyStatement = (file: ParsedStatementFile) => {
  expect(file.statements).toHaveLength(1);
  const [statement] = file.statements;
  if (!statement) throw new Error('no statement');
  return statement;
};
const sum = (amounts: { amount: number }[]) => amounts.reduce((total, line) => total + line.amount, 0);

describe('parseOfx', () => {
  it('reads OFX 1.x SGML whose value tags are never closed', () => {
    const file = parseOfx(fixture('sgml-unclosed-tags.ofx'));
    const statement = onlyStatement(file);
    expect(file.format).toBe('ofx');
    expect(file.rejected).toEqual([]);
    expect(statement).toMatchObject({
      kind: 'bank',
      bankCode: '0341',
      branch: '1234',
      account: '56789-0',
      currency: 'BRL',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      closingBalance: { amount: 324_025, date: '2026-11-30' },
    });
    expect(statement.lines.map(({ key: _key, ...line }) => line)).toEqual([
      {
        fileLine: 40,
        date: '2026-11-03',
        amount: -1_000,
        fitId: '20261103001',
        memo: 'TARIFA PACOTE SERVICOS',
        reference: '000123',
        type: 'DEBIT',
      },
      {
        fileLine: 48,
        date: '2026-11-04',
        amount: 150_050,
        fitId: '20261104001',
        memo: 'PIX RECEBIDO JOAO DA SILVA',
        reference: null,
        type: 'CREDIT',
      },
      {
        fileLine: 55,
        date: '2026-11-05',
        amount: -25_025,
        fitId: '20261105001',
        memo: 'CONCESSIONARIA ENERGIA - PAGTO CONTA LUZ',
        reference: '998877',
        type: 'DEBIT',
      },
    ]);
  });

  it('reads OFX 2.x XML, its entities and empty elements', () => {
    const statement = onlyStatement(parseOfx(fixture('xml-v2.ofx')));
    expect(statement).toMatchObject({ bankCode: '077', branch: '0001', account: '1234567-8' });
    expect(statement.closingBalance).toEqual({ amount: 241_010, date: '2026-11-30' });
    expect(statement.lines.map((l) => [l.date, l.amount, l.memo])).toEqual([
      ['2026-11-02', 250_000, 'Pix recebido - Maria & Filhos Comércio'],
      ['2026-11-03', -8_990, 'Compra no débito - Padaria Pão Quente'],
    ]);
  });

  it('reads an SGML body under OFX 2.x XML headers', () => {
    const statement = onlyStatement(parseOfx(fixture('xml-header-sgml-body.ofx')));
    expect(statement.bankCode).toBe('756');
    expect(statement.lines.map((l) => [l.date, l.amount, l.memo])).toEqual([
      ['2026-11-05', -4_500, 'DEB.CONV.AGUA'],
      ['2026-11-06', 30_000, 'CRED.TED'],
    ]);
  });

  it('reads accents right when CHARSET:1252 is declared over UTF-8 bytes and in real Windows-1252 bytes', () => {
    const utf8 = onlyStatement(parseOfx(fixture('charset-1252-declared-over-utf8.ofx')));
    const windows1252 = onlyStatement(parseOfx(fixture('windows-1252-bytes.ofx')));
    expect(fixture('windows-1252-bytes.ofx').includes(0xc7)).toBe(true);
    for (const statement of [utf8, windows1252]) {
      expect(statement.lines.map((l) => l.memo)).toEqual(['TARIFA MANUTENÇÃO', 'DEPÓSITO EM ESPÉCIE AGÊNCIA']);
    }
    expect(windows1252.lines.map((l) => l.key)).toEqual(utf8.lines.map((l) => l.key));
  });

  it("reads Windows-1252's own characters, which Latin-1 does not have (€, curly quotes, dashes)", () => {
    const head = ofx('<OFX>\r<STMTRS>\r<STMTTRN>\r<DTPOSTED>20261105\r<TRNAMT>-5,00\r<MEMO>COMPRA ');
    const tail = ofx('\r</STMTTRN>\r</STMTRS>\r</OFX>\r');
    // “LOJA” – 5€ Ç
    const memo = new Uint8Array([0x93, 0x4c, 0x4f, 0x4a, 0x41, 0x94, 0x20, 0x96, 0x20, 0x35, 0x80, 0x20, 0xc7]);
    const file = parseOfx(new Uint8Array([...head, ...memo, ...tail]));
    expect(file.statements[0]?.lines.map((l) => [l.fileLine, l.memo])).toEqual([[3, 'COMPRA “LOJA” – 5€ Ç']]);
  });

  it('reads comma decimals, spaces, whole reais and rejects only the amounts without digits', () => {
    const file = parseOfx(fixture('amount-formats.ofx'));
    const statement = onlyStatement(file);
    expect(statement.lines.map((l) => [l.fitId, l.amount])).toEqual([
      ['1', -123_456],
      ['2', -123_456],
      ['3', 78_901],
      ['4', -15_000],
      ['7', 200_000],
    ]);
    expect(sum(statement.lines)).toEqual(-123_456 - 123_456 + 78_901 - 15_000 + 200_000);
    expect(file.rejected).toEqual([
      { fileLine: 43, message: 'Linha 43: valor sem dígitos.' },
      { fileLine: 50, message: 'Linha 50: valor sem dígitos.' },
    ]);
  });

  it('refuses an amount whose only separator could mean thousands or centavos', () => {
    const file = parseOfx(
      ofx('<OFX><STMTRS><STMTTRN><DTPOSTED>20261105<TRNAMT>-1.234<MEMO>X</STMTTRN>\n</STMTRS></OFX>'),
    );
    expect(file.statements[0]?.lines).toEqual([]);
    expect(file.rejected).toEqual([
      { fileLine: 1, message: 'Linha 1: valor ambíguo "-1.234": não se sabe se há centavos.' },
    ]);
  });

  it('reads bank and credit card statements of one file, each with its own account, lines and balance', () => {
    const file = parseOfx(fixture('bank-and-card-statements.ofx'));
    expect(
      file.statements.map((s) => [s.kind, s.bankCode, s.account, s.lines.length, sum(s.lines), s.closingBalance]),
    ).toEqual([
      ['bank', '033', '13000111-2', 1, -50_000, { amount: -50_000, date: '2026-11-30' }],
      ['bank', '033', '13000999-9', 1, 7_500, null],
      ['credit_card', null, '5555********1234', 2, -50_000, { amount: -50_000, date: '2026-10-31' }],
    ]);
    expect(file.statements[2]).toMatchObject({ periodStart: '2026-10-01', periodEnd: '2026-10-31' });
  });

  it('dates every line in São Paulo and rejects the dates that do not exist', () => {
    const file = parseOfx(fixture('dates-and-time-zones.ofx'));
    const statement = onlyStatement(file);
    expect(statement.periodStart).toBeNull();
    expect(statement.periodEnd).toBe('2026-11-30');
    expect(statement.lines.map((l) => [l.memo, l.date])).toEqual([
      ['DATA SEM HORA', '2026-11-05'],
      ['DATA COM HORA SEM FUSO', '2026-11-05'],
      ['NOITE EM BRASILIA', '2026-11-05'],
      ['FUSO COM ZERO A ESQUERDA', '2026-11-05'],
      ['MADRUGADA EM GREENWICH', '2026-11-05'],
      ['MANHA EM GREENWICH', '2026-11-06'],
    ]);
    expect(file.rejected).toEqual([
      { fileLine: 58, message: 'Linha 58: data inválida "00000000".' },
      { fileLine: 65, message: 'Linha 65: data inválida "20260231".' },
    ]);
  });

  it('skips the balance lines Banco do Brasil writes among the transactions, without rejecting them', () => {
    const file = parseOfx(fixture('balance-lines.ofx'));
    const statement = onlyStatement(file);
    expect(file.rejected).toEqual([]);
    expect(statement.lines.map((l) => [l.memo, l.amount])).toEqual([
      ['Pagamento de Boleto - ENERGIA', -10_000],
      ['Pix - Recebido 04/11 10:22 CLIENTE', 5_000],
      ['SALDO DEVEDOR - JUROS', -1_230],
    ]);
  });

  it('reads CRLF, blank lines, lower-case tags, extra spaces and a file without the OFX header', () => {
    const bytes = fixture('crlf-blank-lines-lower-case-no-header.ofx');
    expect(bytes.slice(0, 4)).toEqual(new Uint8Array([13, 10, 13, 10]));
    const file = parseOfx(bytes);
    const statement = onlyStatement(file);
    expect(statement).toMatchObject({ bankCode: '748', branch: '0101', account: '55443-2', currency: 'BRL' });
    expect(statement.lines.map((l) => [l.fileLine, l.type, l.date, l.amount, l.fitId, l.memo])).toEqual([
      [18, 'DEBIT', '2026-11-05', -4_210, 'x1', 'COMPRA CARTAO DEBITO'],
      [28, 'CREDIT', '2026-11-06', 9_990, 'x2', 'ESTORNO'],
    ]);
  });

  it('gives distinct keys when the bank repeats or leaves empty the FITID, the same ones in every export', () => {
    const bytes = fixture('repeated-and-empty-fitid.ofx');
    const keys = onlyStatement(parseOfx(bytes)).lines.map((l) => l.key);
    expect(new Set(keys).size).toBe(5);
    expect(keys.every((k) => /^[0-9a-f]{16}$/.test(k))).toBe(true);
    // A later export that starts on the 6th gives the 6th's lines their keys again.
    const text = new TextDecoder().decode(bytes);
    const from6th = text.replace(/<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20261105[\s\S]*?<\/STMTTRN>\n/g, '');
    const later = onlyStatement(parseOfx(ofx(from6th))).lines;
    expect(later.map((l) => l.date)).toEqual(['2026-11-06', '2026-11-06']);
    expect(later.map((l) => l.key)).toEqual(keys.slice(3));
  });

  it('keeps the keys of a later export whose bank numbered the FITIDs afresh', () => {
    const text = new TextDecoder().decode(fixture('repeated-and-empty-fitid.ofx'));
    const keys = onlyStatement(parseOfx(ofx(text))).lines.map((l) => l.key);
    let n = 0;
    const renumbered = text.replace(/<FITID>[^\n]*/g, () => `<FITID>EXP2-${++n}`);
    const again = onlyStatement(parseOfx(ofx(renumbered))).lines;
    expect(again.map((l) => l.fitId)).toEqual(['EXP2-1', 'EXP2-2', 'EXP2-3', 'EXP2-4', 'EXP2-5']);
    expect(again.map((l) => l.key)).toEqual(keys);
  });

  it('gives the same keys to the same lines in SGML and in XML', () => {
    const sgml = onlyStatement(parseOfx(fixture('xml-header-sgml-body.ofx'))).lines;
    const text = new TextDecoder().decode(fixture('xml-header-sgml-body.ofx'));
    const xml = text.replace(
      /<(TRNTYPE|DTPOSTED|TRNAMT|FITID|MEMO|CURDEF|BANKID|BRANCHID|ACCTID|DTSTART|DTEND)>(.*)/g,
      '<$1>$2</$1>',
    );
    expect(xml).toContain('<MEMO>CRED.TED</MEMO>');
    expect(onlyStatement(parseOfx(ofx(xml))).lines.map((l) => l.key)).toEqual(sgml.map((l) => l.key));
  });

  it('keeps a name the bank repeats as memo once, and the currency the file declares or BRL', () => {
    const file = parseOfx(
      ofx(
        [
          '<OFX><STMTRS><CURDEF>usd<STMTTRN><DTPOSTED>20261105<TRNAMT>-1.00<NAME>UBER *TRIP<MEMO>Uber *Trip</STMTTRN>',
          '</STMTRS><STMTRS><STMTTRN><DTPOSTED>20261105<TRNAMT>-1.00<NAME>IFOOD<MEMO>PEDIDO 123</STMTTRN></STMTRS></OFX>',
        ].join('\n'),
      ),
    );
    expect(file.statements.map((s) => [s.currency, s.lines.map((l) => l.memo)])).toEqual([
      ['USD', ['UBER *TRIP']],
      ['BRL', ['IFOOD - PEDIDO 123']],
    ]);
  });

  it('rejects the transaction a truncated file cuts, and keeps the ones before it', () => {
    const text = new TextDecoder().decode(fixture('sgml-unclosed-tags.ofx'));
    const file = parseOfx(ofx(text.slice(0, text.indexOf('<TRNAMT>-250.25') + '<TRNAMT>-25'.length)));
    expect(file.statements[0]?.lines.map((l) => l.amount)).toEqual([-1_000, 150_050]);
    expect(file.rejected).toEqual([
      {
        fileLine: 55,
        message: 'Linha 55: o arquivo termina no meio deste lançamento; confira se foi baixado inteiro.',
      },
    ]);
  });

  it('refuses, in Portuguese, files that are not OFX statements', () => {
    const refusals: [Uint8Array, string][] = [
      [new Uint8Array(), 'O arquivo está vazio.'],
      [
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xd8]),
        'O arquivo não é um extrato OFX: não encontramos a marca <OFX>.',
      ],
      [
        ofx('Data;Histórico;Valor\n05/11/2026;PIX;10,00\n'),
        'O arquivo não é um extrato OFX: não encontramos a marca <OFX>.',
      ],
      [
        ofx('<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>'),
        'O arquivo OFX não traz extrato de conta corrente nem de cartão de crédito.',
      ],
    ];
    for (const [bytes, message] of refusals) {
      expect(() => parseOfx(bytes)).toThrow(new StatementFileError(message));
    }
  });

  it('refuses a file above the size limit before reading it', () => {
    const big = new Uint8Array(STATEMENT_FILE_MAX_BYTES + 1);
    expect(() => parseOfx(big)).toThrow(StatementFileError);
    expect(() => parseOfx(big)).toThrow('O arquivo passa de 20 MB, o limite para extratos.');
  });
});

describe('fnv1a64', () => {
  it('agrees with the published FNV-1a 64-bit values', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('hashes the UTF-8 bytes of accents, symbols and emoji as a plain BigInt FNV-1a does', () => {
    const reference = (text: string) => {
      let hash = 0xcbf29ce484222325n;
      for (const byte of new TextEncoder().encode(text)) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) % 2n ** 64n;
      return hash.toString(16).padStart(16, '0');
    };
    for (const text of ['TARIFA MANUTENÇÃO', 'Nº 5 – 10€', 'PIX 💸 recebido', '\u001f0']) {
      expect(fnv1a64(text)).toBe(reference(text));
    }
  });
});
