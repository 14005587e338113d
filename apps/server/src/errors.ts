/**
 * The failures services report, each with the pt-BR words a person can act on. Services know nothing of the API:
 * `trpc/init.ts` answers each kind with its tRPC code and HTTP status (decision 0032).
 */
export type FailureKind =
  | 'invalid_input'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_failed'
  | 'timeout'
  | 'too_many_requests'
  | 'bad_gateway';

export class ServiceError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

export class InvalidInputError extends ServiceError {
  constructor(message: string) {
    super('invalid_input', message);
  }
}

export class ForbiddenError extends ServiceError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string) {
    super('not_found', message);
  }
}

export class ConflictError extends ServiceError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/**
 * A value another record already holds (a CNPJ, a code): the form shows the message on `field`, with a link to the
 * record that holds it when it is known.
 */
export class FieldConflictError extends ConflictError {
  constructor(
    message: string,
    readonly field: string,
    readonly existingId: string | null,
  ) {
    super(message);
  }
}

/** A unique constraint refused the row (PostgreSQL 23505), possibly wrapped by the query builder. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const details = e as Error & { code?: string; constraint?: string };
    if (details.code === '23505') return constraint === undefined || details.constraint === constraint;
  }
  return false;
}

/** Runs a write; when the named unique constraint refuses it, a ConflictError with a message a person can act on. */
export async function uniqueOr<T>(constraint: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) throw new ConflictError(message);
    throw error;
  }
}
