import { eq } from 'drizzle-orm';
import { formatDocument, type Nfe, type NfeResult } from '@financeiro/core';
import type { Tx } from '../../db/client';
import { InvalidInputError } from '../../errors';
import { parsers } from '../../uploads/pool';
import { organizationsView } from '../tenancy';

/** What the ledger checks of an NF-e before a payable is made from it, whoever brings the note (purchasing too). */

export const NFE_ALREADY_IMPORTED =
  'Esta NF-e já foi lançada em contas a pagar: uma nota vira uma conta a pagar só uma vez.';
export const NO_ORGANIZATION_CNPJ =
  'Cadastre o CNPJ da organização para lançar NF-e: sem ele não há como conferir o destinatário.';

/** The organization's CNPJ, when it is registered. */
export async function organizationCnpj(tx: Tx, organizationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ cnpj: organizationsView.cnpj })
    .from(organizationsView)
    .where(eq(organizationsView.id, organizationId));
  return row?.cnpj ?? null;
}

/** The NF-e of each XML, or the pt-BR reason it is none, read in a parser worker. */
export function readNfes(xmls: string[]): Promise<NfeResult[]> {
  return parsers().run('nfe', xmls);
}

/** A note as read, or the pt-BR reason it is not a note addressed to the organization of `cnpj`. */
export function nfeFor(read: NfeResult, cnpj: string): NfeResult {
  if (!read.ok) return read;
  // A branch (filial) shares the company's first eight digits: a note addressed to any of them is the organization's.
  if (read.nfe.recipient.document.slice(0, 8) !== cnpj.slice(0, 8)) {
    return {
      ok: false,
      message: `A NF-e foi emitida para ${formatDocument(read.nfe.recipient.document)}, que não é um CNPJ desta organização.`,
    };
  }
  return read;
}

/** A note as read, when it is the organization's; refuses with the pt-BR reason it cannot be used. */
export async function nfeOfOrganization(tx: Tx, organizationId: string, read: NfeResult): Promise<Nfe> {
  const cnpj = await organizationCnpj(tx, organizationId);
  if (!cnpj) throw new InvalidInputError(NO_ORGANIZATION_CNPJ);
  const checked = nfeFor(read, cnpj);
  if (!checked.ok) throw new InvalidInputError(checked.message);
  return checked.nfe;
}
