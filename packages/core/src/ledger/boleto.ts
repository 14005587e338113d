import { addDays, daysBetween, todayInSaoPaulo } from '../dates';
import type { Centavos } from '../money';

/** Banks a finance team meets most often; others show their code only. */
export const BANK_NAMES: Readonly<Record<string, string>> = {
  '001': 'Banco do Brasil',
  '004': 'Banco do Nordeste',
  '021': 'Banestes',
  '033': 'Santander',
  '041': 'Banrisul',
  '070': 'BRB',
  '077': 'Inter',
  '104': 'Caixa',
  '197': 'Stone',
  '208': 'BTG Pactual',
  '212': 'Original',
  '237': 'Bradesco',
  '246': 'ABC Brasil',
  '260': 'Nu',
  '290': 'PagBank',
  '323': 'Mercado Pago',
  '336': 'C6',
  '341': 'Itaú',
  '380': 'PicPay',
  '389': 'Mercantil do Brasil',
  '422': 'Safra',
  '633': 'Rendimento',
  '655': 'Votorantim',
  '707': 'Daycoval',
  '741': 'Ribeirão Preto',
  '745': 'Citibank',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

/** Segments of a collection (arrecadação) code: utilities, taxes, fines. */
const SEGMENTS: Readonly<Record<string, string>> = {
  '1': 'Prefeitura',
  '2': 'Saneamento',
  '3': 'Energia elétrica e gás',
  '4': 'Telecomunicações',
  '5': 'Órgão governamental',
  '6': 'Carnê ou assemelhado',
  '7': 'Multa de trânsito',
  '9': 'Uso exclusivo do banco',
};

export interface Boleto {
  /** 'bank' for a bank slip (cobrança), 'utility' for a utility bill or tax (arrecadação, starts with 8). */
  kind: 'bank' | 'utility';
  /** The 44 digits of the barcode, whatever was typed. */
  barcode: string;
  bankCode: string | null;
  bankName: string | null;
  segmentName: string | null;
  /** Null when the code leaves the amount open (zeros) or carries a reference instead of a value. */
  amount: Centavos | null;
  /** Null when the code has no due date (factor 0000; utilities do not encode one in a standard place). */
  dueDate: string | null;
}

export type BoletoResult = { ok: true; boleto: Boleto } | { ok: false; error: string };

/** Weights 2,1,2,1… from the right, digits of each product summed. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Weights 2..9 cycling from the right; the sum's remainder by 11. */
function mod11Remainder(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (2 + (i % 8));
  return sum % 11;
}

/** A bank barcode's general check digit: 0, 10 and 11 become 1. */
export function bankMod11(digits: string): number {
  const dv = 11 - mod11Remainder(digits);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/** A collection code's mod 11 check digit: remainders 0 and 1 give 0. */
export function utilityMod11(digits: string): number {
  const dv = 11 - mod11Remainder(digits);
  return dv >= 10 ? 0 : dv;
}

const FACTOR_BASE = '1997-10-07';
/** FEBRABAN ran out of four-digit factors on 21/02/2025 (9999): the next day starts again at 1000. */
const FACTOR_RESET = '2025-02-22';

/**
 * The due date of a factor. Since the reset a factor means two dates 9,000 days apart; the one nearer to today
 * is meant (old slips still paid around the reset, new ones after it).
 */
export function dueDateFromFactor(factor: number, today: string = todayInSaoPaulo()): string | null {
  if (factor === 0) return null;
  const before = addDays(FACTOR_BASE, factor);
  if (factor < 1000) return before;
  const after = addDays(FACTOR_RESET, factor - 1000);
  return Math.abs(daysBetween(today, after)) < Math.abs(daysBetween(today, before)) ? after : before;
}

/** The factor of a due date (dates from 22/02/2025 on the new cycle). */
export function factorFromDueDate(dueDate: string): number {
  if (dueDate >= FACTOR_RESET) return 1000 + (daysBetween(FACTOR_RESET, dueDate) % 9000);
  return daysBetween(FACTOR_BASE, dueDate);
}

const fail = (error: string): BoletoResult => ({ ok: false, error });

function readBankBarcode(barcode: string, today: string, prefix: string): BoletoResult {
  if (barcode[3] !== '9') return fail(`${prefix}: a moeda não é o real.`);
  if (bankMod11(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) {
    return fail(`${prefix}: dígito verificador geral não confere.`);
  }
  const bankCode = barcode.slice(0, 3);
  const amount = Number(barcode.slice(9, 19));
  return {
    ok: true,
    boleto: {
      kind: 'bank',
      barcode,
      bankCode,
      bankName: BANK_NAMES[bankCode] ?? null,
      segmentName: null,
      amount: amount > 0 ? amount : null,
      dueDate: dueDateFromFactor(Number(barcode.slice(5, 9)), today),
    },
  };
}

function utilityCheck(barcode: string): ((digits: string) => number) | null {
  const valueId = barcode[2];
  if (valueId === '6' || valueId === '7') return mod10;
  if (valueId === '8' || valueId === '9') return utilityMod11;
  return null;
}

function readUtilityBarcode(barcode: string, prefix: string): BoletoResult {
  const check = utilityCheck(barcode);
  if (!check) return fail(`${prefix}: o terceiro dígito de uma conta de consumo deve ser 6, 7, 8 ou 9.`);
  if (check(barcode.slice(0, 3) + barcode.slice(4)) !== Number(barcode[3])) {
    return fail(`${prefix}: dígito verificador geral não confere.`);
  }
  // 6 and 8 carry the amount to pay; 7 and 9 a reference (an index or quantity), not money.
  const amount = barcode[2] === '6' || barcode[2] === '8' ? Number(barcode.slice(4, 15)) : 0;
  return {
    ok: true,
    boleto: {
      kind: 'utility',
      barcode,
      bankCode: null,
      bankName: null,
      segmentName: SEGMENTS[barcode[1] ?? ''] ?? null,
      amount: amount > 0 ? amount : null,
      dueDate: null,
    },
  };
}

function readBankLine(line: string, today: string): BoletoResult {
  const fields = [line.slice(0, 10), line.slice(10, 21), line.slice(21, 32)];
  for (const [i, field] of fields.entries()) {
    if (mod10(field.slice(0, -1)) !== Number(field.slice(-1))) {
      return fail(`Linha digitável inválida: dígito verificador do campo ${i + 1} não confere.`);
    }
  }
  const barcode = line.slice(0, 4) + line.slice(32, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
  return readBankBarcode(barcode, today, 'Linha digitável inválida');
}

function readUtilityLine(line: string): BoletoResult {
  const check = utilityCheck(line);
  if (!check) {
    return fail('Linha digitável inválida: o terceiro dígito de uma conta de consumo deve ser 6, 7, 8 ou 9.');
  }
  const blocks = [0, 1, 2, 3].map((i) => line.slice(i * 12, i * 12 + 12));
  for (const [i, block] of blocks.entries()) {
    if (check(block.slice(0, 11)) !== Number(block.slice(11))) {
      return fail(`Linha digitável inválida: dígito verificador do bloco ${i + 1} não confere.`);
    }
  }
  return readUtilityBarcode(blocks.map((b) => b.slice(0, 11)).join(''), 'Linha digitável inválida');
}

/**
 * Reads a boleto from its barcode (44 digits) or linha digitável (47 for a bank, 48 for a utility bill or tax),
 * with or without dots and spaces, checking every check digit. Errors are in pt-BR, to show as they are.
 */
export function parseBoleto(text: string, today: string = todayInSaoPaulo()): BoletoResult {
  const trimmed = text.trim();
  if (!trimmed) return fail('Informe o código de barras ou a linha digitável.');
  if (!/^[\d\s.-]+$/.test(trimmed)) return fail('Código de barras inválido: use só números.');
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 44) {
    return digits.startsWith('8')
      ? readUtilityBarcode(digits, 'Código de barras inválido')
      : readBankBarcode(digits, today, 'Código de barras inválido');
  }
  if (digits.length === 47) {
    if (digits.startsWith('8')) {
      return fail('Linha digitável inválida: a de uma conta de consumo ou tributo tem 48 números.');
    }
    return readBankLine(digits, today);
  }
  if (digits.length === 48) {
    if (!digits.startsWith('8')) {
      return fail('Linha digitável inválida: com 48 números, ela deve começar com 8 (conta de consumo ou tributo).');
    }
    return readUtilityLine(digits);
  }
  return fail(
    `Código inválido: o código de barras tem 44 números e a linha digitável 47 ou 48; este tem ${digits.length}.`,
  );
}

/** The linha digitável of a valid 44-digit barcode, grouped as printed on the slip. */
export function digitableLine(barcode: string): string {
  if (barcode.startsWith('8')) {
    const check = utilityCheck(barcode) ?? mod10;
    return [0, 1, 2, 3]
      .map((i) => {
        const block = barcode.slice(i * 11, i * 11 + 11);
        return `${block}-${check(block)}`;
      })
      .join(' ');
  }
  const field = (digits: string) => {
    const full = `${digits}${mod10(digits)}`;
    return `${full.slice(0, 5)}.${full.slice(5)}`;
  };
  return [
    field(barcode.slice(0, 4) + barcode.slice(19, 24)),
    field(barcode.slice(24, 34)),
    field(barcode.slice(34, 44)),
    barcode.slice(4, 5),
    barcode.slice(5, 19),
  ].join(' ');
}
