import {
  getBanks,
  getStates,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  isValidMobilePhone,
  isValidPhone,
} from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';

/** Brazilian documents, keys and codes: validation rules shared by forms and procedures, with pt-BR messages. */

const onlyDigits = (text: string) => text.replace(/\D/g, '');
/** A CNPJ without its mask, upper-case: numeric, or alphanumeric (the format the Receita Federal issues from 2026). */
export const normalizeCnpj = (text: string) => text.replace(/[.\-/\s]/g, '').toUpperCase();

export const isCpf = (text: string) => isValidCpf(text);
export const isCnpj = (text: string) => isValidCnpj(text) || isValidCnpj(text, { version: 2 });

export const cpfSchema = z.string().trim().refine(isCpf, 'CPF inválido: confira os 11 dígitos.').transform(onlyDigits);

export const cnpjSchema = z
  .string()
  .trim()
  .refine(isCnpj, 'CNPJ inválido: confira os 14 caracteres e os dígitos verificadores.')
  .transform(normalizeCnpj);

/** PF (pessoa física) carries a CPF, PJ (pessoa jurídica) a CNPJ. */
export const personTypeSchema = z.enum(['PF', 'PJ']);
export type PersonType = z.infer<typeof personTypeSchema>;

export function documentSchema(personType: PersonType) {
  return personType === 'PF' ? cpfSchema : cnpjSchema;
}

/** "123.456.789-09" or "12.ABC.345/01DE-35", from the stored unmasked value. */
export function formatDocument(value: string): string {
  if (value.length === 11) return value.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (value.length === 14) return value.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
}

export const cepSchema = z
  .string()
  .trim()
  .refine((v) => isValidCep(v), 'CEP inválido: use 8 dígitos, como 01310-100.')
  .transform(onlyDigits);

export const UFS: readonly string[] = getStates().map((s) => s.code);
const UF_SET = new Set(UFS);
export const ufSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => UF_SET.has(v), 'UF inválida: use a sigla do estado, como SP.');

export const phoneSchema = z
  .string()
  .trim()
  .refine((v) => isValidPhone(v), 'Telefone inválido: use DDD e número, como (11) 3333-4444.')
  .transform(onlyDigits);

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

const RANDOM_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pixRules: Record<
  PixKeyType,
  { valid: (key: string) => boolean; message: string; normalize: (key: string) => string }
> = {
  cpf: { valid: isCpf, message: 'Chave PIX inválida: o CPF não confere.', normalize: onlyDigits },
  cnpj: { valid: isCnpj, message: 'Chave PIX inválida: o CNPJ não confere.', normalize: normalizeCnpj },
  email: {
    valid: (k) => isValidEmail(k) && k.length <= 77,
    message: 'Chave PIX inválida: e-mail em formato incorreto.',
    normalize: (k) => k.trim().toLowerCase(),
  },
  phone: {
    valid: (k) => /^\+55\d{10,11}$/.test(k.replace(/[\s()-]/g, '')) && isValidMobilePhone(k.replace(/^\+55/, '')),
    message: 'Chave PIX inválida: use o celular com +55 e DDD, como +55 11 91234-5678.',
    normalize: (k) => k.replace(/[\s()-]/g, ''),
  },
  random: {
    valid: (k) => RANDOM_KEY.test(k.trim()),
    message: 'Chave PIX inválida: a chave aleatória tem 32 caracteres no formato 123e4567-e89b-12d3-a456-426614174000.',
    normalize: (k) => k.trim().toLowerCase(),
  },
};

/** A PIX key of a declared type, checked and stored in the form the PIX directory uses. */
export const pixKeySchema = z
  .object({ type: z.enum(PIX_KEY_TYPES), key: z.string().trim().min(1, 'Informe a chave PIX.') })
  .superRefine((value, ctx) => {
    const rule = pixRules[value.type];
    if (!rule.valid(value.key)) ctx.addIssue({ code: 'custom', path: ['key'], message: rule.message });
  })
  .transform((value) => ({ type: value.type, key: pixRules[value.type].normalize(value.key) }));

/** The Brazilian institutions with their COMPE code and ISPB, as published by the Central Bank's list. */
export function brazilianInstitutions(): { code: string; ispb: string; name: string }[] {
  return getBanks().map((b) => ({ code: b.code, ispb: b.ispb, name: b.name }));
}

/** "01310-100", from the stored 8 digits. */
export const formatCep = (digits: string) => digits.replace(/^(\d{5})(\d{3})$/, '$1-$2');

/** "(11) 3214-5566" or "(11) 91234-5678", from the stored digits with area code. */
export const formatPhone = (digits: string) => digits.replace(/^(\d{2})(\d{4,5})(\d{4})$/, '($1) $2-$3');
