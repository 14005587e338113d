import { z } from 'zod';

/**
 * The key a create form sends with every submission of one opening (decision 0013): a double click or a retry after
 * a lost answer repeats the key, and the server answers the first result instead of creating again.
 */
export const idempotencyKeyInput = z.object({ idempotencyKey: z.uuid('Chave de envio inválida.').optional() });

/** A create's input, with the optional idempotency key beside the record's own fields. */
export const withIdempotencyKey = <S extends z.ZodType>(schema: S) => z.intersection(schema, idempotencyKeyInput);
