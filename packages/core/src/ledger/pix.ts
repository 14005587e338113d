import type { Centavos } from '../money';

export interface PixCode {
  /** The PIX key of a static code (26/01); null for a dynamic one. */
  key: string | null;
  /** The location of a dynamic code's charge (26/25), without scheme; null for a static one. */
  url: string | null;
  amount: Centavos | null;
  merchantName: string;
  city: string;
  /** The transaction id (62/05); null when absent or "***" (none). */
  txid: string | null;
}

export type PixResult = { ok: true; pix: PixCode } | { ok: false; error: string };

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the BR Code's field 63 carries it. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Reads EMV tag-length-value fields; null when the lengths do not fit the text. */
function readFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return null;
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

const PIX_GUI = 'br.gov.bcb.pix';
const fail = (detail: string): PixResult => ({ ok: false, error: `Código PIX inválido: ${detail}` });

/**
 * Reads a PIX copia-e-cola (EMV BR Code): checks its CRC and structure and returns the key (static) or the charge
 * URL (dynamic), the amount when set, the merchant's name and city and the transaction id. Errors are in pt-BR.
 */
export function parsePixCopyPaste(text: string): PixResult {
  const code = text.trim();
  if (!code) return { ok: false, error: 'Informe o código PIX copia e cola.' };
  if (!code.startsWith('000201')) return fail('não é um código copia e cola (deve começar com 000201).');
  const crcField = /6304([0-9A-Fa-f]{4})$/.exec(code);
  if (!crcField?.[1]) return fail('falta o código de verificação (CRC) no fim.');
  if (crc16(code.slice(0, -4)) !== crcField[1].toUpperCase()) {
    return fail('o código de verificação (CRC) não confere; copie o código de novo.');
  }
  const fields = readFields(code);
  if (!fields) return fail('a estrutura do código está corrompida.');
  const account = readFields(fields.get('26') ?? '');
  if (!account || account.get('00')?.toLowerCase() !== PIX_GUI) return fail('não é um pagamento PIX.');
  const key = account.get('01') ?? null;
  const url = account.get('25') ?? null;
  if (!key && !url) return fail('falta a chave PIX ou o endereço da cobrança.');
  const currency = fields.get('53');
  if (currency !== undefined && currency !== '986') return fail('a moeda não é o real.');
  const amountText = fields.get('54');
  let amount: Centavos | null = null;
  if (amountText !== undefined) {
    const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amountText);
    if (!match?.[1]) return fail(`o valor "${amountText}" não é um valor.`);
    amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (amount === 0) amount = null;
  }
  const merchantName = fields.get('59')?.trim();
  if (!merchantName) return fail('falta o nome do recebedor.');
  const city = fields.get('60')?.trim();
  if (!city) return fail('falta a cidade do recebedor.');
  const additional = readFields(fields.get('62') ?? '');
  if (!additional) return fail('a estrutura do código está corrompida.');
  const txid = additional.get('05');
  return {
    ok: true,
    pix: { key, url, amount, merchantName, city, txid: txid && txid !== '***' ? txid : null },
  };
}
