import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc16, parsePixCopyPaste } from './pix';

/** A bit-by-bit CRC16-CCITT over char codes, written apart from the implementation (ASCII payloads only). */
function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i += 1) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const top = ((crc >> 15) & 1) ^ ((text.charCodeAt(i) >> bit) & 1);
      crc = (crc << 1) & 0xffff;
      if (top) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

interface PixFields {
  key: string | null;
  url: string | null;
  amount: number | null;
  merchantName: string;
  city: string;
  txid: string | null;
}

function buildPix(p: PixFields): string {
  const account = tlv('00', 'br.gov.bcb.pix') + (p.key ? tlv('01', p.key) : '') + (p.url ? tlv('25', p.url) : '');
  const body =
    tlv('00', '01') +
    (p.url ? tlv('01', '12') : '') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (p.amount !== null ? tlv('54', (p.amount / 100).toFixed(2)) : '') +
    tlv('58', 'BR') +
    tlv('59', p.merchantName) +
    tlv('60', p.city) +
    tlv('62', tlv('05', p.txid ?? '***')) +
    '6304';
  return body + referenceCrc(body);
}

const word = (min: number, max: number) =>
  fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ]{${min - 1},${max - 1}}$`)).map((s) => s.trim() || 'X');
const pixFields: fc.Arbitrary<PixFields> = fc.oneof(
  fc.record({
    key: fc.oneof(
      fc.uuid(),
      fc.emailAddress().filter((e) => e.length <= 77),
      fc.stringMatching(/^\+55\d{11}$/),
    ),
    url: fc.constant(null),
    amount: fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: null }),
    merchantName: word(1, 25),
    city: word(1, 15),
    txid: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: null }),
  }),
  fc.record({
    key: fc.constant(null),
    url: fc.stringMatching(/^pix\.[a-z]{3,10}\.com\.br\/qr\/v2\/[a-z0-9]{10,32}$/),
    amount: fc.option(fc.integer({ min: 1, max: 99_999_999_999 }), { nil: null }),
    merchantName: word(1, 25),
    city: word(1, 15),
    txid: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: null }),
  }),
);

describe('parsePixCopyPaste', () => {
  it('computes the CRC16-CCITT check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it("reads the Central Bank's static example", () => {
    const code =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
      '5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(parsePixCopyPaste(code)).toEqual({
      ok: true,
      pix: {
        key: '123e4567-e12b-12d1-a456-426655440000',
        url: null,
        amount: null,
        merchantName: 'Fulano de Tal',
        city: 'BRASILIA',
        txid: null,
      },
    });
  });

  it('reads back every field of any valid static or dynamic code', () => {
    fc.assert(
      fc.property(pixFields, (p) => {
        expect(parsePixCopyPaste(buildPix(p))).toEqual({ ok: true, pix: p });
      }),
    );
  });

  it('refuses any code with one character changed', () => {
    fc.assert(
      fc.property(
        pixFields.chain((p) => {
          const code = buildPix(p);
          return fc.record({
            code: fc.constant(code),
            at: fc.nat({ max: code.length - 1 }),
            char: fc.constantFrom(...'0123456789ABCDEFabcdef .-*'),
          });
        }),
        ({ code, at, char }) => {
          // The CRC's hex digits are read in either case, so a case change in them is no change.
          const sameDigit = at >= code.length - 4 && code[at]?.toUpperCase() === char.toUpperCase();
          fc.pre(code[at] !== char && !sameDigit);
          const changed = `${code.slice(0, at)}${char}${code.slice(at + 1)}`;
          const result = parsePixCopyPaste(changed);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error).toMatch(/^(Código PIX inválido: |Informe)/);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers in pt-BR what is wrong', () => {
    const base: PixFields = {
      key: 'a@b.com',
      url: null,
      amount: 1_000,
      merchantName: 'Loja',
      city: 'Recife',
      txid: null,
    };
    const valid = buildPix(base);
    expect(parsePixCopyPaste('')).toEqual({ ok: false, error: 'Informe o código PIX copia e cola.' });
    expect(parsePixCopyPaste('hello')).toEqual({
      ok: false,
      error: 'Código PIX inválido: não é um código copia e cola (deve começar com 000201).',
    });
    expect(parsePixCopyPaste(valid.slice(0, -8))).toEqual({
      ok: false,
      error: 'Código PIX inválido: falta o código de verificação (CRC) no fim.',
    });
    expect(parsePixCopyPaste(`${valid.slice(0, -4)}0000`)).toEqual({
      ok: false,
      error: 'Código PIX inválido: o código de verificação (CRC) não confere; copie o código de novo.',
    });
    expect(parsePixCopyPaste(buildPix({ ...base, key: null }))).toEqual({
      ok: false,
      error: 'Código PIX inválido: falta a chave PIX ou o endereço da cobrança.',
    });
    expect(parsePixCopyPaste(buildPix({ ...base, merchantName: '' }))).toEqual({
      ok: false,
      error: 'Código PIX inválido: falta o nome do recebedor.',
    });
    const notPix = valid.replace('0014br.gov.bcb.pix', '0014br.gov.xyz.pix');
    const resealed = `${notPix.slice(0, -4)}${referenceCrc(notPix.slice(0, -4))}`;
    expect(parsePixCopyPaste(resealed)).toEqual({ ok: false, error: 'Código PIX inválido: não é um pagamento PIX.' });
  });

  it('accepts the code with spaces around it', () => {
    const code = buildPix({ key: 'k', url: null, amount: 5, merchantName: 'A', city: 'B', txid: 'T1' });
    expect(parsePixCopyPaste(`  ${code}\n`)).toMatchObject({ ok: true, pix: { amount: 5, txid: 'T1' } });
  });
});
