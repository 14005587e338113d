import { describe, expect, it } from 'vitest';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import {
  brazilianInstitutions,
  cepSchema,
  cnpjSchema,
  cpfSchema,
  documentSchema,
  formatDocument,
  pixKeySchema,
  ufSchema,
} from './brazil';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? 'OK' : result.error?.issues[0]?.message;

describe('Brazilian documents and keys', () => {
  it('accepts valid CPFs and CNPJs, masked or not, and stores them unmasked', () => {
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(cnpjSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(cnpjSchema.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    for (let i = 0; i < 50; i++) {
      expect(cpfSchema.safeParse(generateCpf()).success).toBe(true);
      expect(cnpjSchema.safeParse(generateCnpj()).success).toBe(true);
    }
  });

  it('refuses wrong check digits, repeated digits and the wrong document for the person type', () => {
    expect(message(cpfSchema.safeParse('529.982.247-26'))).toBe('CPF inválido: confira os 11 dígitos.');
    expect(message(cpfSchema.safeParse('111.111.111-11'))).toBe('CPF inválido: confira os 11 dígitos.');
    expect(message(cnpjSchema.safeParse('11.222.333/0001-82'))).toContain('CNPJ inválido');
    expect(message(cnpjSchema.safeParse('12.ABC.345/01DE-36'))).toContain('CNPJ inválido');
    expect(documentSchema('PF').safeParse('11.222.333/0001-81').success).toBe(false);
    expect(documentSchema('PJ').safeParse('11.222.333/0001-81').success).toBe(true);
  });

  it('masks stored documents for reading', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('checks PIX keys by their type and stores them as the PIX directory does', () => {
    expect(pixKeySchema.parse({ type: 'cpf', key: '529.982.247-25' })).toEqual({ type: 'cpf', key: '52998224725' });
    expect(pixKeySchema.parse({ type: 'email', key: ' Fulano@Example.com ' })).toEqual({
      type: 'email',
      key: 'fulano@example.com',
    });
    expect(pixKeySchema.parse({ type: 'phone', key: '+55 (11) 91234-5678' })).toEqual({
      type: 'phone',
      key: '+5511912345678',
    });
    expect(pixKeySchema.safeParse({ type: 'random', key: '123e4567-e89b-12d3-a456-426614174000' }).success).toBe(true);
    expect(message(pixKeySchema.safeParse({ type: 'phone', key: '11 91234-5678' }))).toContain('+55');
    expect(message(pixKeySchema.safeParse({ type: 'cpf', key: 'fulano@example.com' }))).toContain('CPF não confere');
    expect(message(pixKeySchema.safeParse({ type: 'random', key: 'abc' }))).toContain('chave aleatória');
  });

  it('checks CEP and UF', () => {
    expect(cepSchema.parse('01310-100')).toBe('01310100');
    expect(message(cepSchema.safeParse('0131'))).toContain('CEP inválido');
    expect(ufSchema.parse('sp')).toBe('SP');
    expect(message(ufSchema.safeParse('XX'))).toContain('UF inválida');
  });

  it('knows the main institutions, payment institutions such as Mercado Pago included', () => {
    const institutions = brazilianInstitutions();
    expect(institutions.find((i) => i.code === '001')?.name).toMatch(/Banco do Brasil/);
    expect(institutions.find((i) => i.code === '323')).toMatchObject({ ispb: '10573521' });
    expect(institutions.find((i) => i.code === '323')?.name).toMatch(/MERCADO PAGO/);
  });
});
