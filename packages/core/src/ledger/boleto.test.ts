import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../dates';
import { BANK_NAMES, digitableLine, dueDateFromFactor, factorFromDueDate, parseBoleto } from './boleto';

// The check digits again, written apart from the implementation so that the two can vouch for each other.
const luhn = (digits: string): number => {
  const sum = [...digits]
    .reverse()
    .map((d, i) => Number(d) * (i % 2 === 0 ? 2 : 1))
    .reduce((acc, p) => acc + Math.floor(p / 10) + (p % 10), 0);
  return sum % 10 === 0 ? 0 : 10 - (sum % 10);
};
const weightedMod11 = (digits: string): number =>
  [...digits]
    .reverse()
    .map((d, i) => Number(d) * ([2, 3, 4, 5, 6, 7, 8, 9][i % 8] ?? 0))
    .reduce((a, b) => a + b, 0) % 11;
const bankDv = (digits: string): number => {
  const r = weightedMod11(digits);
  return r === 0 || r === 1 || r === 10 ? 1 : 11 - r;
};
const utilityMod11Dv = (digits: string): number => {
  const r = weightedMod11(digits);
  return r === 0 || r === 1 ? 0 : 11 - r;
};

const digitsOf = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const bankSlip = fc.record({
  // No bank code starts with 8: that first digit marks a utility bill.
  bank: fc.oneof(
    fc.constantFrom(...Object.keys(BANK_NAMES)),
    digitsOf(3).filter((d) => !d.startsWith('8')),
  ),
  factor: fc.integer({ min: 1000, max: 9999 }),
  amount: fc.integer({ min: 0, max: 9_999_999_999 }),
  free: digitsOf(25),
});

function bankBarcode(s: { bank: string; factor: number; amount: number; free: string }): string {
  const body = `${s.bank}9${String(s.factor).padStart(4, '0')}${String(s.amount).padStart(10, '0')}${s.free}`;
  return `${body.slice(0, 4)}${bankDv(body)}${body.slice(4)}`;
}

function bankLine(barcode: string): string {
  const field = (d: string) => `${d}${luhn(d)}`;
  return (
    field(barcode.slice(0, 4) + barcode.slice(19, 24)) +
    field(barcode.slice(24, 34)) +
    field(barcode.slice(34, 44)) +
    barcode.slice(4, 19)
  );
}

const utilityBill = fc.record({
  segment: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '9'),
  valueId: fc.constantFrom('6', '7', '8', '9'),
  amount: fc.integer({ min: 0, max: 99_999_999_999 }),
  rest: digitsOf(29),
});

function utilityBarcode(u: { segment: string; valueId: string; amount: number; rest: string }): string {
  const body = `8${u.segment}${u.valueId}${String(u.amount).padStart(11, '0')}${u.rest}`;
  const dv = u.valueId === '6' || u.valueId === '7' ? luhn(body) : utilityMod11Dv(body);
  return `${body.slice(0, 3)}${dv}${body.slice(3)}`;
}

function utilityLine(barcode: string): string {
  const check = barcode[2] === '6' || barcode[2] === '7' ? luhn : utilityMod11Dv;
  return [0, 1, 2, 3]
    .map((i) => barcode.slice(i * 11, i * 11 + 11))
    .map((b) => `${b}${check(b)}`)
    .join('');
}

/** Whether every check digit of a code holds, by the test's own arithmetic. */
function independentlyValid(code: string): boolean {
  if (code.length === 44 && code.startsWith('8')) {
    const body = code.slice(0, 3) + code.slice(4);
    const dv =
      code[2] === '6' || code[2] === '7' ? luhn(body) : code[2] === '8' || code[2] === '9' ? utilityMod11Dv(body) : -1;
    return dv === Number(code[3]);
  }
  if (code.length === 44) return code[3] === '9' && bankDv(code.slice(0, 4) + code.slice(5)) === Number(code[4]);
  if (code.length === 47) {
    const fieldsOk = [code.slice(0, 10), code.slice(10, 21), code.slice(21, 32)].every(
      (f) => luhn(f.slice(0, -1)) === Number(f.slice(-1)),
    );
    const barcode = code.slice(0, 4) + code.slice(32) + code.slice(4, 9) + code.slice(10, 20) + code.slice(21, 31);
    return !code.startsWith('8') && fieldsOk && independentlyValid(barcode);
  }
  const check = code[2] === '6' || code[2] === '7' ? luhn : code[2] === '8' || code[2] === '9' ? utilityMod11Dv : null;
  if (!check || !code.startsWith('8')) return false;
  const blocks = [0, 1, 2, 3].map((i) => code.slice(i * 12, i * 12 + 12));
  return (
    blocks.every((b) => check(b.slice(0, 11)) === Number(b[11])) &&
    independentlyValid(blocks.map((b) => b.slice(0, 11)).join(''))
  );
}

/** A code with one digit replaced by a different one. */
const mutated = (code: string) =>
  fc.record({ at: fc.nat({ max: code.length - 1 }), by: fc.integer({ min: 1, max: 9 }) }).map(({ at, by }) => ({
    at,
    code: `${code.slice(0, at)}${(Number(code[at]) + by) % 10}${code.slice(at + 1)}`,
  }));

const TODAY = '2026-03-10';

describe('parseBoleto', () => {
  it('reads a real Santander linha digitável of the new factor cycle', () => {
    const result = parseBoleto('03399.16140 07000.001912 81556.001014 4 11370000038936', TODAY);
    expect(result).toEqual({
      ok: true,
      boleto: {
        kind: 'bank',
        barcode: '03394113700000389369161407000001918155600101',
        bankCode: '033',
        bankName: 'Santander',
        segmentName: null,
        amount: 38_936,
        dueDate: '2025-07-09',
      },
    });
    if (result.ok)
      expect(digitableLine(result.boleto.barcode)).toBe('03399.16140 07000.001912 81556.001014 4 11370000038936');
  });

  it('reads an old-cycle factor as the date near today', () => {
    const result = parseBoleto('00190.50095 40144.816069 06809.350314 3 37370000000100', '2008-01-15');
    expect(result.ok && result.boleto).toMatchObject({
      bankName: 'Banco do Brasil',
      amount: 100,
      dueDate: '2007-12-31',
    });
  });

  it('reads a real utility bill line (segment, amount, no due date)', () => {
    const result = parseBoleto('826500000110 314400081704 924000000027 202104000015', TODAY);
    expect(result).toEqual({
      ok: true,
      boleto: {
        kind: 'utility',
        barcode: '82650000011314400081709240000000220210400001',
        bankCode: null,
        bankName: null,
        segmentName: 'Saneamento',
        amount: 113_144,
        dueDate: null,
      },
    });
  });

  it('reads any valid bank slip, from its barcode or its linha digitável, to the same fields', () => {
    fc.assert(
      fc.property(bankSlip, (s) => {
        const barcode = bankBarcode(s);
        const fromBarcode = parseBoleto(barcode, TODAY);
        const fromLine = parseBoleto(bankLine(barcode), TODAY);
        expect(fromBarcode).toEqual(fromLine);
        expect(fromBarcode.ok && fromBarcode.boleto).toEqual({
          kind: 'bank',
          barcode,
          bankCode: s.bank,
          bankName: BANK_NAMES[s.bank] ?? null,
          segmentName: null,
          amount: s.amount === 0 ? null : s.amount,
          dueDate: dueDateFromFactor(s.factor, TODAY),
        });
        expect(digitableLine(barcode).replace(/\D/g, '')).toBe(bankLine(barcode));
      }),
    );
  });

  it('reads any valid utility bill from its barcode or its 48-digit line', () => {
    fc.assert(
      fc.property(utilityBill, (u) => {
        const barcode = utilityBarcode(u);
        const fromBarcode = parseBoleto(barcode, TODAY);
        expect(parseBoleto(utilityLine(barcode), TODAY)).toEqual(fromBarcode);
        const effective = u.valueId === '6' || u.valueId === '8';
        expect(fromBarcode.ok && fromBarcode.boleto).toMatchObject({
          kind: 'utility',
          barcode,
          amount: effective && u.amount > 0 ? u.amount : null,
          dueDate: null,
        });
        expect(digitableLine(barcode).replace(/\D/g, '')).toBe(utilityLine(barcode));
      }),
    );
  });

  it('refuses a bank line with a digit changed in a field, naming that field', () => {
    fc.assert(
      fc.property(
        bankSlip.chain((s) => mutated(bankLine(bankBarcode(s)))),
        ({ at, code }) => {
          fc.pre(at < 32 && !code.startsWith('8'));
          const field = at < 10 ? 1 : at < 21 ? 2 : 3;
          expect(parseBoleto(code, TODAY)).toEqual({
            ok: false,
            error: `Linha digitável inválida: dígito verificador do campo ${field} não confere.`,
          });
        },
      ),
    );
  });

  it('refuses every mutated code whose check digits no longer hold, and only those', () => {
    const codes = fc.oneof(
      bankSlip.map(bankBarcode),
      bankSlip.map((s) => bankLine(bankBarcode(s))),
      utilityBill.map(utilityBarcode),
      utilityBill.map((u) => utilityLine(utilityBarcode(u))),
    );
    fc.assert(
      fc.property(
        codes.chain((code) => mutated(code)),
        ({ code }) => {
          const result = parseBoleto(code, TODAY);
          expect(result.ok).toBe(independentlyValid(code));
          if (!result.ok) expect(result.error).toMatch(/inválid/);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('always refuses a changed general check digit', () => {
    fc.assert(
      fc.property(bankSlip, fc.integer({ min: 1, max: 9 }), (s, by) => {
        const line = bankLine(bankBarcode(s));
        const code = `${line.slice(0, 32)}${(Number(line[32]) + by) % 10}${line.slice(33)}`;
        expect(parseBoleto(code, TODAY)).toEqual({
          ok: false,
          error: 'Linha digitável inválida: dígito verificador geral não confere.',
        });
      }),
    );
  });

  it('answers in pt-BR for empty text, letters, wrong lengths and other currencies', () => {
    expect(parseBoleto('  ')).toEqual({ ok: false, error: 'Informe o código de barras ou a linha digitável.' });
    expect(parseBoleto('0339A')).toEqual({ ok: false, error: 'Código de barras inválido: use só números.' });
    expect(parseBoleto('123456')).toEqual({
      ok: false,
      error: 'Código inválido: o código de barras tem 44 números e a linha digitável 47 ou 48; este tem 6.',
    });
    const barcode = bankBarcode({ bank: '341', factor: 1000, amount: 100, free: '0'.repeat(25) });
    expect(parseBoleto(`${barcode.slice(0, 3)}0${barcode.slice(4)}`)).toEqual({
      ok: false,
      error: 'Código de barras inválido: a moeda não é o real.',
    });
    expect(parseBoleto(`1${'0'.repeat(47)}`).ok).toBe(false);
    expect(parseBoleto(`85${'0'.repeat(42)}`)).toEqual({
      ok: false,
      error: 'Código de barras inválido: o terceiro dígito de uma conta de consumo deve ser 6, 7, 8 ou 9.',
    });
  });
});

describe('due-date factor', () => {
  it('starts at 07/10/1997 and starts again at 1000 on 22/02/2025', () => {
    expect(dueDateFromFactor(1000, '2000-07-01')).toBe('2000-07-03');
    expect(dueDateFromFactor(9999, '2025-02-01')).toBe('2025-02-21');
    expect(dueDateFromFactor(1000, '2025-02-01')).toBe('2025-02-22');
    expect(dueDateFromFactor(1001, TODAY)).toBe('2025-02-23');
    expect(dueDateFromFactor(0, TODAY)).toBeNull();
    expect(factorFromDueDate('2025-02-21')).toBe(9999);
    expect(factorFromDueDate('2025-02-22')).toBe(1000);
  });

  it('gives back the due date of its factor, read near that date', () => {
    const date = fc.integer({ min: 0, max: 17_999 }).map((n) => addDays('2000-07-03', n));
    fc.assert(
      fc.property(date, fc.integer({ min: -1_000, max: 1_000 }), (due, offset) => {
        expect(dueDateFromFactor(factorFromDueDate(due), addDays(due, offset))).toBe(due);
      }),
    );
  });
});
