import { z } from 'zod';

/**
 * How far a list counts its matches: beyond it the list says "mais de 10.000" and offers the pages up to there, and a
 * person narrows the search instead of paging (counting every match of a large book is most of a page's time).
 */
export const LIST_COUNT_CAP = 10_000;

/** The list query every registry screen sends: page, search, sort and status kept in the URL. */
export const registryListInput = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(120).default(''),
  sort: z.string().max(40).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
export type RegistryListInput = z.infer<typeof registryListInput>;

export const registryIdInput = z.object({ id: z.uuid('Identificador inválido.') });
export const registryStatusInput = registryIdInput.extend({ status: z.enum(['active', 'inactive']) });
/** Updates carry the version the person read, so a change made meanwhile by someone else is not overwritten. */
export const registryVersion = z.object({ id: z.uuid('Identificador inválido.'), version: z.number().int().min(1) });

const optionalDigits = (length: number, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || v.length === length, message)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

/** A bank or payment institution: COMPE code and ISPB as the Central Bank publishes them. */
export const bankInput = z.object({
  code: optionalDigits(3, 'O código COMPE tem 3 dígitos, como 001 ou 341.'),
  ispb: optionalDigits(8, 'O ISPB tem 8 dígitos, como 00000000.'),
  name: z.string().trim().min(2, 'Informe o nome da instituição.').max(160, 'O nome pode ter até 160 caracteres.'),
  shortName: z
    .string()
    .trim()
    .max(40, 'O nome curto pode ter até 40 caracteres.')
    .transform((v) => v || null)
    .nullable()
    .default(null),
});
export type BankInput = z.infer<typeof bankInput>;

export const ACCOUNT_KINDS = ['checking', 'savings', 'cash', 'credit_card', 'investment', 'digital_wallet'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** A type of financial account (parametrizacao/tipos_conta): a name the team uses and the kind it is. */
export const accountTypeInput = z.object({
  name: z.string().trim().min(2, 'Informe o nome do tipo de conta.').max(80, 'O nome pode ter até 80 caracteres.'),
  kind: z.enum(ACCOUNT_KINDS, 'Escolha a natureza da conta.'),
});
export type AccountTypeInput = z.infer<typeof accountTypeInput>;
