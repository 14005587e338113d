import { parseBoleto, parsePixCopyPaste } from '@financeiro/core';
import { InvalidInputError } from '../../errors';

/**
 * An installment's barcode as stored: the 44 digits of the barcode, from the barcode itself or from the linha
 * digitável of a bank slip (47 digits) or a utility bill (48), every check digit verified. What a person types has
 * already lost its spaces, dots and dashes (the input schema keeps only digits).
 */
export function normalizeBarcode(digits: string, number: number): string {
  const read = parseBoleto(digits);
  if (!read.ok)
    throw new InvalidInputError(`Código de barras da parcela ${number} inválido: ${lowerFirst(read.error)}`);
  return read.boleto.barcode;
}

/** A PIX copia-e-cola as stored, once its fields and checksum are read. */
export function checkPixCode(code: string, number: number): string {
  const read = parsePixCopyPaste(code);
  if (!read.ok)
    throw new InvalidInputError(`PIX copia e cola da parcela ${number} inválido: ${lowerFirst(read.error)}`);
  return code;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
