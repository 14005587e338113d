import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '../env';

/*
 * Secrets kept in the database (a Mercado Pago access token) are sealed with AES-256-GCM under the server's data key
 * (DATA_ENCRYPTION_KEY). A sealed text reads `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts): the key id is
 * the start of the key's SHA-256, so after a rotation the previous keys (DATA_ENCRYPTION_PREVIOUS_KEYS) still open
 * what they sealed, and the current key seals. Each seal names what it protects (`context`, authenticated with the
 * ciphertext), so a sealed value copied to another row or another purpose does not open there.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key development and tests use when DATA_ENCRYPTION_KEY is unset (production refuses to start without it).
 * Anyone can derive it: what it seals is not secret.
 */
const DEVELOPMENT_KEY = createHash('sha256').update('financeiro: chave de desenvolvimento, nunca de produção').digest();

export class SealedSecretError extends Error {}

interface Key {
  id: string;
  bytes: Buffer;
}

/** The keys that open sealed text, and the one that seals. */
export interface Keyring {
  current: Key;
  byId: Map<string, Key>;
}

const keyOf = (bytes: Buffer): Key => ({ id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes });

/** A keyring from 32-byte keys: the first seals, all of them open. */
export function keyringOf(current: Buffer, previous: Buffer[] = []): Keyring {
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new Error('A data-encryption key has 32 bytes.');
  }
  const keys = [current, ...previous].map(keyOf);
  return { current: keys[0] as Key, byId: new Map(keys.map((key) => [key.id, key])) };
}

/** The server's keyring: DATA_ENCRYPTION_KEY seals, previous keys still open, the development key when unset. */
export function keyringFromEnv(
  env: Pick<Env, 'NODE_ENV' | 'DATA_ENCRYPTION_KEY' | 'DATA_ENCRYPTION_PREVIOUS_KEYS'>,
): Keyring {
  const fromBase64 = (text: string) => Buffer.from(text, 'base64');
  if (!env.DATA_ENCRYPTION_KEY && env.NODE_ENV === 'production') {
    throw new Error('DATA_ENCRYPTION_KEY is required in production.');
  }
  const current = env.DATA_ENCRYPTION_KEY ? fromBase64(env.DATA_ENCRYPTION_KEY) : DEVELOPMENT_KEY;
  return keyringOf(current, env.DATA_ENCRYPTION_PREVIOUS_KEYS.map(fromBase64));
}

/** Seals `text` under the keyring's current key, bound to `context` (what the secret is, and whose). */
export function seal(keyring: Keyring, context: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.bytes, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`${VERSION}.${keyring.current.id}.${context}`, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, keyring.current.id, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what `seal` sealed with the same context; throws SealedSecretError for a changed text or an unknown key. */
export function open(keyring: Keyring, context: string, sealed: string): string {
  const [version, keyId, iv, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || !keyId || iv === undefined || ciphertext === undefined || !tag || rest.length > 0) {
    throw new SealedSecretError('Not a sealed secret.');
  }
  const key = keyring.byId.get(keyId);
  if (!key) throw new SealedSecretError('Sealed with a key this server does not have.');
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SealedSecretError('Not a sealed secret.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`${version}.${keyId}.${context}`, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedSecretError('The sealed secret was changed or belongs elsewhere.');
  }
}
