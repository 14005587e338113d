import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  competenceInput,
  formatBRL,
  installmentsFromNfe,
  NFE_DIFFERENCE_CHOICES,
  NFE_MAX_CHARS,
  NFE_MAX_FILES,
  partyInput,
  todayInSaoPaulo,
  WHOLE,
  type Nfe,
  type NfeInstallments,
  type NfeResult,
} from '@financeiro/core';
import { z } from 'zod';
import { now } from '../../clock';
import { ConflictError, ForbiddenError, InvalidInputError, isUniqueViolation } from '../../errors';
import type { LedgerScope } from './access';
import { firstOpenMonthAfter, noteCompetence } from './closing';
import { createDocument } from './create-document';
import { NFE_ALREADY_IMPORTED, nfeFor, NO_ORGANIZATION_CNPJ, organizationCnpj } from './nfe';
import { ledgerAttachments, ledgerDocuments } from './schema';
import { partiesView } from '../registries';

/**
 * Payables straight from the suppliers' NF-e files (issue 15): a preview of what each file would become, then the
 * import of the chosen ones, all or nothing, one payable per note and a supplier registered from the note's issuer
 * when the organization does not know it yet.
 */

const SUPPLIER_NOT_ALLOWED = 'Seu perfil não tem permissão para cadastrar o fornecedor desta nota: cadastre-o antes.';

const nfeFile = z
  .object({
    fileName: z.string('Informe o nome do arquivo.').trim().min(1, 'Informe o nome do arquivo.').max(255),
    xml: z.string('Envie o conteúdo do arquivo.'),
    /** What the difference is when the note's duplicatas do not add up to its total. */
    difference: z.enum(NFE_DIFFERENCE_CHOICES, 'Escolha como tratar a diferença das duplicatas.').nullish(),
    /**
     * The competence the person chose for a note whose own month (its issue's) is closed: the first open month after
     * it, as the preview proposes. Absent, the note's own month.
     */
    competence: competenceInput.nullish(),
  })
  .superRefine((file, ctx) => {
    if (file.xml.length > NFE_MAX_CHARS) {
      ctx.addIssue({ code: 'custom', path: ['xml'], message: `${file.fileName}: o arquivo passa de 5 MB.` });
    }
  });

export const nfePreviewInput = z.object({
  files: z
    .array(nfeFile, 'Escolha os arquivos XML.')
    .min(1, 'Escolha ao menos um arquivo XML.')
    .max(NFE_MAX_FILES, `Importe até ${NFE_MAX_FILES} arquivos por vez.`),
});

export const nfeImportInput = nfePreviewInput.extend({
  classificationId: z.uuid('Escolha a classificação.'),
  costCentreId: z.uuid('Escolha o centro de custo.'),
  paymentMethodId: z
    .union([z.uuid('Escolha um item da lista.'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  accountId: z
    .union([z.uuid('Escolha um item da lista.'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  idempotencyKey: z.uuid().optional(),
});
type NfeImport = Omit<z.output<typeof nfeImportInput>, 'idempotencyKey'>;

/** One file as the preview shows it: the note's facts, or why it cannot become a payable. */
export interface NfePreviewRow {
  fileName: string;
  accessKey: string | null;
  number: string | null;
  series: string | null;
  issuer: { document: string; name: string; tradeName: string | null } | null;
  issueDate: string | null;
  /** The note's own competence: its issue month (YYYY-MM-01). */
  competence: string | null;
  /**
   * When the note's own month is closed in the unit, the first open month after it (YYYY-MM-01): the import books
   * the note there only when the person chooses it (the file's `competence`); null while the note's month is open.
   */
  firstOpenMonth: string | null;
  total: number | null;
  /** What the payable would be worth: the total, or the duplicatas' sum when the difference is a discount. */
  grossAmount: number | null;
  /** The total less the duplicatas' sum: not 0, the file needs a choice of what the difference is. */
  difference: number;
  /** Each installment, flagged when its due date has already passed (it would be born overdue). */
  installments: (NfeInstallments['installments'][number] & { overdue: boolean })[];
  /** The issuer is not registered: the import registers it as a supplier. */
  newSupplier: boolean;
  /** The payable already made from this note. */
  importedDocumentId: string | null;
  /** The earlier file of the batch carrying the same note: this one adds nothing. */
  sameAs: string | null;
  problems: string[];
}

interface ReadFile {
  fileName: string;
  nfe: Nfe | null;
  installments: NfeInstallments;
  problems: string[];
  sameAs: string | null;
}

/** Each file read against the organization: the note, its installments and its problems, repeated notes marked. */
async function readFiles(scope: LedgerScope, files: NfeImport['files'], notes: NfeResult[]): Promise<ReadFile[]> {
  const cnpj = await organizationCnpj(scope.tx, scope.tenant.organizationId);
  if (!cnpj) throw new InvalidInputError(NO_ORGANIZATION_CNPJ);
  const firstByKey = new Map<string, string>();
  return files.map(({ fileName, difference }, at) => {
    const read = nfeFor(notes[at] ?? { ok: false, message: 'O arquivo não foi lido.' }, cnpj);
    if (!read.ok) {
      return {
        fileName,
        nfe: null,
        installments: { installments: [], grossAmount: 0, difference: 0, duplicatesProblem: null },
        problems: [read.message],
        sameAs: null,
      };
    }
    const installments = installmentsFromNfe(read.nfe, difference ?? null);
    const sameAs = firstByKey.get(read.nfe.accessKey) ?? null;
    if (!sameAs) firstByKey.set(read.nfe.accessKey, fileName);
    const problems = installments.duplicatesProblem ? [installments.duplicatesProblem] : [];
    return { fileName, nfe: read.nfe, installments, problems, sameAs };
  });
}

/** The payables already made from these notes, by access key. */
async function importedByKey(scope: LedgerScope, notes: Nfe[]): Promise<Map<string, string>> {
  const keys = [...new Set(notes.map((n) => n.accessKey))];
  if (keys.length === 0) return new Map();
  const rows = await scope.tx
    .select({ id: ledgerDocuments.id, key: ledgerDocuments.nfeKey })
    .from(ledgerDocuments)
    .where(and(eq(ledgerDocuments.organizationId, scope.tenant.organizationId), inArray(ledgerDocuments.nfeKey, keys)));
  return new Map(rows.map((r) => [r.key ?? '', r.id]));
}

/** The registered party with the issuer's CPF/CNPJ. */
async function partyOf(scope: LedgerScope, document: string): Promise<string | null> {
  const [party] = await scope.tx
    .select({ id: partiesView.id })
    .from(partiesView)
    .where(and(eq(partiesView.organizationId, scope.tenant.organizationId), eq(partiesView.document, document)));
  return party?.id ?? null;
}

const notesOf = (files: ReadFile[]) => files.flatMap((f) => (f.nfe ? [f.nfe] : []));

/** What each file would become; `mayCreateSuppliers` says whether the caller may register the new ones. */
export async function previewNfes(
  scope: LedgerScope,
  files: NfeImport['files'],
  notes: NfeResult[],
  mayCreateSuppliers: boolean,
): Promise<NfePreviewRow[]> {
  const read = await readFiles(scope, files, notes);
  const imported = await importedByKey(scope, notesOf(read));
  const known = new Map<string, boolean>();
  for (const nfe of notesOf(read)) {
    if (!known.has(nfe.issuer.document))
      known.set(nfe.issuer.document, (await partyOf(scope, nfe.issuer.document)) !== null);
  }
  const firstOpen = new Map<string, string | null>();
  for (const nfe of notesOf(read)) {
    const month = noteCompetence(nfe.issueDate, null);
    if (!firstOpen.has(month)) firstOpen.set(month, await firstOpenMonthAfter(scope, month));
  }
  const today = todayInSaoPaulo(now());
  return read.map(({ fileName, nfe, installments, problems, sameAs }) => {
    const importedDocumentId = nfe ? (imported.get(nfe.accessKey) ?? null) : null;
    const newSupplier = nfe ? known.get(nfe.issuer.document) === false : false;
    return {
      fileName,
      accessKey: nfe?.accessKey ?? null,
      number: nfe?.number ?? null,
      series: nfe?.series ?? null,
      issuer: nfe?.issuer ?? null,
      issueDate: nfe?.issueDate ?? null,
      competence: nfe ? noteCompetence(nfe.issueDate, null) : null,
      firstOpenMonth: nfe ? (firstOpen.get(noteCompetence(nfe.issueDate, null)) ?? null) : null,
      total: nfe?.total ?? null,
      grossAmount: nfe ? installments.grossAmount : null,
      difference: installments.difference,
      installments: installments.installments.map((i) => ({ ...i, overdue: i.dueDate < today })),
      newSupplier,
      importedDocumentId,
      sameAs,
      problems: [
        ...(importedDocumentId ? [NFE_ALREADY_IMPORTED] : []),
        ...problems,
        ...(newSupplier && !mayCreateSuppliers ? [SUPPLIER_NOT_ALLOWED] : []),
      ],
    };
  });
}

/** The issuer as a new supplier: names and CPF/CNPJ from the note, checked by the registry's own rules. */
function supplierOf(nfe: Nfe, fileName: string) {
  const parsed = partyInput.safeParse({
    roles: ['supplier'],
    personType: nfe.issuer.document.length === 11 ? 'PF' : 'PJ',
    document: nfe.issuer.document,
    name: nfe.issuer.name,
    tradeName: nfe.issuer.tradeName,
  });
  if (!parsed.success) {
    throw new InvalidInputError(
      `${fileName}: o emitente não pode ser cadastrado como fornecedor (${parsed.error.issues[0]?.message ?? ''}).`,
    );
  }
  return parsed.data;
}

/** The payable's notes: the access key, and a discount the duplicatas left out of the total. */
function payableNotes(nfe: Nfe, installments: NfeInstallments): string {
  const discount = nfe.total - installments.grossAmount;
  return discount > 0
    ? `Chave de acesso ${nfe.accessKey}. Desconto de ${formatBRL(discount)} sobre o total da nota (${formatBRL(nfe.total)}).`
    : `Chave de acesso ${nfe.accessKey}`;
}

/**
 * The note's XML kept with the payable it created, among the document's files, as it arrived: the fiscal record of
 * the purchase, downloaded like any attachment. It is no upload of the person's, so the upload's types do not apply.
 */
export async function keepNfeXml(scope: LedgerScope, documentId: string, nfe: Nfe, xml: string): Promise<void> {
  const content = Buffer.from(xml, 'utf8');
  await scope.tx.insert(ledgerAttachments).values({
    id: uuidv7(),
    organizationId: scope.tenant.organizationId,
    documentId,
    paymentId: null,
    fileName: `NFe${nfe.accessKey}.xml`,
    contentType: 'application/xml',
    content,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    createdBy: scope.user.userId,
  });
}

/** The XML of the note a payable was made from, as kept with it; null when it has none. */
export async function keptNfeXml(
  tx: LedgerScope['tx'],
  organizationId: string,
  documentId: string,
  nfeKey: string | null,
): Promise<string | null> {
  if (!nfeKey) return null;
  const [file] = await tx
    .select({ content: ledgerAttachments.content })
    .from(ledgerAttachments)
    .where(
      and(
        eq(ledgerAttachments.organizationId, organizationId),
        eq(ledgerAttachments.documentId, documentId),
        eq(ledgerAttachments.fileName, `NFe${nfeKey}.xml`),
        eq(ledgerAttachments.contentType, 'application/xml'),
      ),
    );
  return file ? file.content.toString('utf8') : null;
}

/**
 * One payable per note of the batch, all or nothing: a file that cannot be used refuses the whole batch with its
 * name, a note repeated in the batch counts once, a note already imported is refused; an issuer not registered
 * becomes a supplier when the caller may register one.
 */
export async function importNfes(
  scope: LedgerScope,
  input: NfeImport,
  notes: NfeResult[],
  mayCreateSuppliers: boolean,
): Promise<{ created: number; ids: string[] }> {
  const read = await readFiles(scope, input.files, notes);
  for (const file of read) {
    const problem = file.problems[0];
    if (problem) throw new InvalidInputError(`${file.fileName}: ${problem}`);
  }
  const imported = await importedByKey(scope, notesOf(read));
  const ids: string[] = [];
  try {
    for (const [at, { fileName, nfe, installments, sameAs }] of read.entries()) {
      if (!nfe || sameAs) continue;
      if (imported.has(nfe.accessKey)) throw new ConflictError(`${fileName}: ${NFE_ALREADY_IMPORTED}`);
      const partyId = await partyOf(scope, nfe.issuer.document);
      if (!partyId && !mayCreateSuppliers) throw new ForbiddenError(`${fileName}: ${SUPPLIER_NOT_ALLOWED}`);
      const created = await createDocument(
        scope,
        {
          kind: 'payable',
          partyId,
          newParty: partyId ? null : supplierOf(nfe, fileName),
          description: `NF-e ${nfe.number}/${nfe.series} de ${nfe.issuer.tradeName ?? nfe.issuer.name}`.slice(0, 200),
          documentNumber: `${nfe.number}/${nfe.series}`,
          documentType: 'nfe',
          issueDate: nfe.issueDate,
          competence: noteCompetence(nfe.issueDate, input.files[at]?.competence),
          paymentMethodId: input.paymentMethodId,
          accountId: input.accountId,
          notes: payableNotes(nfe, installments),
          grossAmount: installments.grossAmount,
          interestRate: 0,
          fineRate: 0,
          lines: [{ classificationId: input.classificationId, costCentreId: input.costCentreId, share: WHOLE }],
          apportionmentTemplateId: null,
          taxes: [],
          installments: installments.installments.map((i) => ({ ...i, barcode: null, pixCode: null })),
        },
        { nfeKey: nfe.accessKey },
      );
      await keepNfeXml(scope, created.id, nfe, input.files[at]?.xml ?? '');
      ids.push(created.id);
    }
  } catch (error) {
    // Another import of the same note, or of the same new supplier, committed first.
    if (isUniqueViolation(error, 'ledger_documents_nfe_key')) throw new ConflictError(NFE_ALREADY_IMPORTED);
    if (isUniqueViolation(error, 'parties_org_document_key')) {
      throw new ConflictError('Outra pessoa cadastrou o fornecedor de uma destas notas agora mesmo: tente de novo.');
    }
    throw error;
  }
  return { created: ids.length, ids };
}
