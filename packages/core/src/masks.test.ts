import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { cnpjSchema, cpfSchema, formatCep, formatDocument, formatPhone } from './brazil';
import {
  documentSearchTerm,
  maskCep,
  maskCnpj,
  maskCpf,
  maskDate,
  maskDocument,
  maskMoney,
  maskPercent,
  maskPhone,
  moneyText,
  parseDateText,
  pastedMoney,
} from './masks';
import { parseBRL } from './money';
import { dateInput, percentInput } from './registries/fields';

/** Types `text` one character at a time, the mask applied after each keystroke as the input does. */
const typeInto = (mask: (text: string) => string, text: string) =>
  [...text].reduce((shown, char) => mask(shown + char), '');

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const alnum = fc.constantFrom(...ALPHANUMERIC);
const digit = fc.constantFrom(...'0123456789');
/** The 14 characters of a CNPJ, numeric or alphanumeric (check digits are not the mask's concern). */
const cnpjChars = fc
  .tuple(fc.array(alnum, { minLength: 12, maxLength: 12 }), fc.array(digit, { minLength: 2, maxLength: 2 }))
  .map(([head, tail]) => [...head, ...tail].join(''));

describe('masks while typing', () => {
  it('masks CPF and CNPJ, the alphanumeric CNPJ too, typed or pasted', () => {
    expect(typeInto(maskCpf, '52998224725')).toBe('529.982.247-25');
    expect(typeInto(maskCnpj, '12345678000195')).toBe('12.345.678/0001-95');
    expect(typeInto(maskCnpj, '12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12.345.678/0001-9')).toBe('12.345.678/0001-9');
    // The check digits are digits: a letter there is not taken.
    expect(maskCnpj('12ABC34501DEX3')).toBe('12.ABC.345/01DE-3');
    expect(maskDocument('529.982.247-25')).toBe('529.982.247-25');
    expect(maskDocument('529982247251')).toBe('52.998.224/7251');
    expect(maskDocument('12A')).toBe('12.A');
    expect(maskDocument('12345678000195', 'PF')).toBe('123.456.780-00');
  });

  it('format∘parse: every CPF and CNPJ masked while typed is read back as stored, and shown as it was typed', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 11, maxLength: 11 }), (chars) => {
        const stored = chars.join('');
        expect(typeInto(maskCpf, stored)).toBe(formatDocument(stored));
        expect(maskCpf(formatDocument(stored))).toBe(formatDocument(stored));
      }),
    );
    fc.assert(
      fc.property(cnpjChars, (stored) => {
        expect(typeInto(maskCnpj, stored.toLowerCase())).toBe(formatDocument(stored));
        expect(maskDocument(formatDocument(stored), 'PJ')).toBe(formatDocument(stored));
      }),
    );
    for (let i = 0; i < 50; i++) {
      const cpf = generateCpf();
      const cnpj = generateCnpj();
      expect(cpfSchema.parse(maskDocument(cpf, 'PF'))).toBe(cpf);
      expect(cnpjSchema.parse(maskDocument(cnpj, 'PJ'))).toBe(cnpj);
    }
  });

  it('masks landlines and mobiles, CEP, and reads them back as stored', () => {
    expect(typeInto(maskPhone, '1134567890')).toBe('(11) 3456-7890');
    expect(typeInto(maskPhone, '11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('(11')).toBe('(11');
    expect(typeInto(maskCep, '01310100')).toBe('01310-100');
    fc.assert(
      fc.property(
        fc.array(digit, { minLength: 10, maxLength: 11 }),
        fc.array(digit, { minLength: 8, maxLength: 8 }),
        (p, c) => {
          const phone = p.join('');
          const cep = c.join('');
          expect(typeInto(maskPhone, phone)).toBe(formatPhone(phone));
          expect(maskPhone(formatPhone(phone)).replace(/\D/g, '')).toBe(phone);
          expect(typeInto(maskCep, cep)).toBe(formatCep(cep));
        },
      ),
    );
  });

  it('fills money from the right as a cash register and never loses a centavo', () => {
    expect(typeInto(maskMoney, '1')).toBe('0,01');
    expect(typeInto(maskMoney, '123456')).toBe('1.234,56');
    expect(typeInto(maskMoney, '-1000')).toBe('-10,00');
    // Erasing the last digit shifts the centavos back.
    expect(maskMoney('1.234,5')).toBe('123,45');
    expect(maskMoney('0,0')).toBe('');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (centavos) => {
        const typed = typeInto(maskMoney, String(centavos));
        expect(typed).toBe(centavos === 0 ? '' : moneyText(centavos));
        expect(parseBRL(moneyText(centavos))).toBe(centavos);
        expect(pastedMoney(moneyText(centavos))).toBe(moneyText(centavos));
        expect(pastedMoney(`R$ ${moneyText(centavos)}`)).toBe(moneyText(centavos));
      }),
    );
  });

  it('reads a pasted amount as reais and centavos', () => {
    expect(pastedMoney('1.234,56')).toBe('1.234,56');
    expect(pastedMoney('R$ 1.234')).toBe('1.234,00');
    expect(pastedMoney('1234,5')).toBe('1.234,50');
    expect(pastedMoney('R$ -2,50')).toBe('-2,50');
  });

  it('masks percentages with a decimal comma and two decimals at most', () => {
    expect(typeInto(maskPercent, '12.5')).toBe('12,5');
    expect(typeInto(maskPercent, '33,345')).toBe('33,34');
    expect(maskPercent(',5')).toBe('0,5');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        const text = (bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2, useGrouping: false });
        expect(percentInput().parse(typeInto(maskPercent, text))).toBe(bp);
      }),
    );
  });

  it('masks dates and reads 05122026, 5/12/26 and 05/12/2026 as the same day', () => {
    expect(typeInto(maskDate, '05122026')).toBe('05/12/2026');
    expect(typeInto(maskDate, '5/12/26')).toBe('5/12/26');
    for (const text of ['05122026', '5/12/26', '05/12/2026', '2026-12-05', '051226']) {
      expect(parseDateText(text)).toBe('2026-12-05');
      expect(dateInput().parse(text)).toBe('2026-12-05');
    }
    expect(parseDateText('31/02/2026')).toBeNull();
    expect(dateInput().safeParse('31/02/2026').error?.issues[0]?.message).toBe('Data inválida: use DD/MM/AAAA.');
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }), (d) => {
        const iso = d.toISOString().slice(0, 10);
        const [y, m, day] = iso.split('-');
        expect(parseDateText(typeInto(maskDate, `${day}${m}${y}`))).toBe(iso);
      }),
    );
  });

  it('reads a search as a document only when it is one: digits and punctuation, 3 digits at least', () => {
    expect(documentSearchTerm('12.345.678/0001-95')).toBe('12345678000195');
    expect(documentSearchTerm(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(documentSearchTerm('529.982')).toBe('529982');
    expect(documentSearchTerm('12')).toBeNull();
    expect(documentSearchTerm('Imobiliária')).toBeNull();
    expect(documentSearchTerm('Fornecedor 0999 Comércio')).toBeNull();
  });
});
