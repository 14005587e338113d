import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '@financeiro/core';
import { InvalidInputError } from '../../errors';

/** What the first bytes of each accepted type are: a file is what its content says, not what its name says. */
const SIGNATURES: Record<(typeof ATTACHMENT_TYPES)[number], (bytes: Buffer) => boolean> = {
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

const MAX_MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

/** The fields of every upload (contracts' and the ledger's files): a name, an accepted type and the base64 content. */
export const attachmentFields = {
  fileName: z.string().trim().min(1).max(200),
  contentType: z.enum(ATTACHMENT_TYPES, 'Anexe PDF ou imagem (PNG, JPEG ou WebP).'),
  /** The file, base64-encoded. */
  content: z
    .base64('Arquivo ilegível.')
    .max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 4, `O arquivo passa de ${MAX_MB} MB.`),
};

/**
 * An uploaded file as it is kept: not empty, within the size, its content the type it claims, its name reduced to
 * the last part without control characters (it is shown and offered on download), and its SHA-256.
 */
export function readAttachment(input: {
  fileName: string;
  contentType: (typeof ATTACHMENT_TYPES)[number];
  content: string;
}) {
  const content = Buffer.from(input.content, 'base64');
  if (content.length === 0) throw new InvalidInputError('O arquivo está vazio.');
  if (content.length > ATTACHMENT_MAX_BYTES) throw new InvalidInputError(`O arquivo passa de ${MAX_MB} MB.`);
  if (!SIGNATURES[input.contentType](content)) {
    throw new InvalidInputError('O conteúdo do arquivo não é um PDF ou uma imagem válida.');
  }
  const fileName = (input.fileName.split(/[\\/]/).at(-1) ?? 'anexo').replace(/["\p{Cc}]/gu, '_');
  const sha256 = createHash('sha256').update(content).digest('hex');
  return { fileName, contentType: input.contentType, content, size: content.length, sha256 };
}
