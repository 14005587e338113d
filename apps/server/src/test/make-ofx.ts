// A Brazilian bank's OFX 1.x statement (SGML, unclosed value tags, CRLF, Windows-1252) of a given number of lines,
// with the memos a company's current account shows in a month: PIX, boletos, TED, card sales, fees, salaries.
// The same count always gives the same file. Used by the statement import benchmarks; `ofxStatement` writes such a
// statement of the lines a caller gives (the load bench's payment and fee of one day).

const MEMOS: [memo: string, type: string, min: number, max: number][] = [
  ['PIX RECEBIDO - MARIA DE FÁTIMA CONCEIÇÃO', 'CREDIT', 1_000, 500_000],
  ['PIX ENVIADO - DISTRIBUIDORA SÃO JOÃO LTDA', 'DEBIT', 1_000, 800_000],
  ['PAGTO BOLETO - ENERGIA ELÉTRICA CEMIG', 'DEBIT', 10_000, 300_000],
  ['PAGTO BOLETO - ALUGUEL IMOBILIÁRIA PAULISTA', 'DEBIT', 200_000, 900_000],
  ['TED RECEBIDA 341 0001 COMÉRCIO DE PEÇAS ALVORADA', 'CREDIT', 50_000, 5_000_000],
  ['VENDA CARTÃO DÉBITO REDE', 'CREDIT', 500, 90_000],
  ['VENDA CARTÃO CRÉDITO CIELO', 'CREDIT', 500, 150_000],
  ['TARIFA MANUTENÇÃO CONTA', 'FEE', 1_990, 9_990],
  ['TARIFA PIX ENVIADO', 'FEE', 99, 990],
  ['PAGAMENTO SALÁRIO - FOLHA', 'DEBIT', 150_000, 900_000],
  ['DARF - SIMPLES NACIONAL', 'DEBIT', 30_000, 2_000_000],
  ['IOF S/ OPERAÇÕES', 'DEBIT', 10, 5_000],
  ['RENDIMENTO APLICAÇÃO AUTOMÁTICA', 'INT', 10, 20_000],
  ['DEP DINHEIRO AG 1234', 'CREDIT', 5_000, 300_000],
];

/** A small seeded generator, so the file does not depend on Math.random. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const reais = (centavos: number) =>
  `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`;

/** One line of a statement: its OFX type, when it was posted (YYYYMMDDHHMMSS, Brasília time), signed centavos. */
export interface OfxTransaction {
  type: string;
  posted: string;
  amount: number;
  fitId: string;
  checkNum?: string;
  memo: string;
}

/**
 * A Brazilian bank's OFX 1.x statement of one checking account (SGML, unclosed value tags, CRLF, Windows-1252) with
 * the given lines, from `start` to `end` (YYYYMMDD), and the closing balance when given.
 */
export function ofxStatement(
  transactions: OfxTransaction[],
  period: { start: string; end: string },
  balance?: { amount: number; asOf: string },
): Uint8Array {
  const out: string[] = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1001',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    '<BANKID>0341',
    '<BRANCHID>1234',
    '<ACCTID>56789-0',
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${period.start}`,
    `<DTEND>${period.end}`,
  ];
  for (const t of transactions) {
    out.push(
      '<STMTTRN>',
      `<TRNTYPE>${t.type}`,
      `<DTPOSTED>${t.posted}[-3:BRT]`,
      `<TRNAMT>${reais(t.amount)}`,
      `<FITID>${t.fitId}`,
      ...(t.checkNum ? [`<CHECKNUM>${t.checkNum}`] : []),
      `<MEMO>${t.memo}`,
      '</STMTTRN>',
    );
  }
  out.push('</BANKTRANLIST>');
  if (balance) out.push('<LEDGERBAL>', `<BALAMT>${reais(balance.amount)}`, `<DTASOF>${balance.asOf}`, '</LEDGERBAL>');
  out.push('</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '');
  // Windows-1252, as these banks write it: every character used here is Latin-1, one byte each.
  const text = out.join('\r\n');
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A company's statement of `lines` lines, about 150 a day from 2026-01-01: the same count, the same file. */
export function makeOfx(lines: number): Uint8Array {
  const next = random(lines);
  const days = Math.max(1, Math.min(365, Math.ceil(lines / 150)));
  const start = Date.UTC(2026, 0, 1);
  const dayText = (day: number) => new Date(start + day * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const transactions: OfxTransaction[] = [];
  let balance = 0;
  for (let i = 0; i < lines; i += 1) {
    const [memo, type, min, max] = MEMOS[Math.floor(next() * MEMOS.length)] ?? ['PIX', 'DEBIT', 100, 200];
    const magnitude = min + Math.floor(next() * (max - min));
    const amount = type === 'CREDIT' || type === 'INT' ? magnitude : -magnitude;
    balance += amount;
    const day = Math.floor((i * days) / lines);
    const time = `${String(8 + Math.floor(next() * 10)).padStart(2, '0')}${String(Math.floor(next() * 60)).padStart(2, '0')}00`;
    transactions.push({
      type,
      posted: `${dayText(day)}${time}`,
      amount,
      fitId: `${dayText(day)}${String(i).padStart(7, '0')}`,
      checkNum: String(Math.floor(next() * 1_000_000)).padStart(6, '0'),
      memo,
    });
  }
  return ofxStatement(
    transactions,
    { start: dayText(0), end: dayText(days - 1) },
    { amount: balance, asOf: dayText(days - 1) },
  );
}
