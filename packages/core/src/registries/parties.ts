import { z } from 'zod';
import { cepSchema, documentSchema, PIX_KEY_TYPES, phoneSchema, pixKeySchema, ufSchema } from '../brazil';
import { optional, optionalId, optionalText, requiredText } from './fields';

/** The roles one party record plays, each shown by its own screen (fornecedores, clientes, parceiros). */
export const PARTY_ROLES = ['supplier', 'customer', 'partner'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

const registration = z
  .string()
  .trim()
  .toUpperCase()
  .max(20, 'Use até 20 caracteres.')
  .refine((v) => v === '' || v === 'ISENTO' || /^[\d./-]+$/.test(v), 'Use só números, ou ISENTO.')
  .nullish()
  .transform((v) => v || null);

/**
 * What the fields' own rules cannot check alone: the document by person type, the PIX key by its type. Reads the
 * values as they are, some perhaps still wrong, and skips what another field's rule already refuses.
 */
function documentAndPix(party: { personType?: unknown; document?: unknown; pixKeyType?: unknown; pixKey?: unknown }) {
  const issues: { path: string[]; message: string }[] = [];
  let document: string | null = null;
  if (
    (party.personType === 'PF' || party.personType === 'PJ') &&
    typeof party.document === 'string' &&
    party.document
  ) {
    const parsed = documentSchema(party.personType).safeParse(party.document);
    if (parsed.success) document = parsed.data;
    else issues.push({ path: ['document'], message: parsed.error.issues[0]?.message ?? '' });
  }
  let pix: { type: (typeof PIX_KEY_TYPES)[number]; key: string } | null = null;
  const key = typeof party.pixKey === 'string' ? party.pixKey : '';
  const type = PIX_KEY_TYPES.find((t) => t === party.pixKeyType);
  if (key && !party.pixKeyType) issues.push({ path: ['pixKeyType'], message: 'Escolha o tipo da chave PIX.' });
  else if (type) {
    const parsed = pixKeySchema.safeParse({ type, key });
    if (parsed.success) pix = parsed.data;
    else issues.push({ path: ['pixKey'], message: parsed.error.issues[0]?.message ?? '' });
  }
  return { document, pix, issues };
}

/**
 * A supplier, customer or partner: PF with a CPF or PJ with a CNPJ (numeric or alphanumeric), names, registrations,
 * contacts, address, bank details and PIX key. Documents and keys are stored without masks.
 */
export const partyInput = z
  .object({
    roles: z
      .array(z.enum(PARTY_ROLES))
      .min(1, 'Escolha ao menos um papel: fornecedor, cliente ou parceiro.')
      .transform((roles) => [...new Set(roles)].sort()),
    personType: z.enum(['PF', 'PJ'], 'Escolha pessoa física (PF) ou jurídica (PJ).'),
    document: z.string('Informe o CPF ou o CNPJ.').trim().min(1, 'Informe o CPF ou o CNPJ.'),
    name: requiredText(160, 'Informe o nome ou a razão social.'),
    tradeName: optionalText(160),
    stateRegistration: registration,
    municipalRegistration: registration,
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.union([z.literal(''), z.email('E-mail inválido.')]))
      .nullish()
      .transform((v) => v || null),
    phone: optional(phoneSchema),
    cep: optional(cepSchema),
    street: optionalText(160),
    number: optionalText(20),
    complement: optionalText(80),
    district: optionalText(80),
    city: optionalText(80),
    uf: optional(ufSchema),
    bankId: optionalId,
    branch: optionalText(10),
    accountNumber: optionalText(20),
    pixKeyType: z
      .union([z.enum(PIX_KEY_TYPES, 'Tipo de chave PIX inválido.'), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    pixKey: optionalText(80),
    /** The apportionment a new payable or receivable of this party starts with. */
    apportionmentTemplateId: optionalId,
  })
  // The document and the PIX key are checked even when another field is wrong: an imported line reports all its
  // problems at once.
  .superRefine(
    (party, ctx) => {
      for (const issue of documentAndPix(party).issues) ctx.addIssue({ code: 'custom', ...issue });
    },
    { when: ({ value }) => typeof value === 'object' && value !== null },
  )
  .transform((party) => {
    const { document, pix } = documentAndPix(party);
    return { ...party, document: document ?? party.document, pixKeyType: pix?.type ?? null, pixKey: pix?.key ?? null };
  });
export type PartyInput = z.input<typeof partyInput>;
