import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { keyringFromEnv, keyringOf, open, seal, SealedSecretError } from './secrets';

const TOKEN = 'APP_USR-1234567890123456-112612-0123456789abcdef0123456789abcdef-123456789';
const CONTEXT = 'mercadopago_credentials:org-1:account-1';

describe('sealed secrets', () => {
  it('opens what it sealed, and sealing twice gives two different texts that do not show the secret', () => {
    const keyring = keyringOf(randomBytes(32));
    const first = seal(keyring, CONTEXT, TOKEN);
    const second = seal(keyring, CONTEXT, TOKEN);
    expect(first).not.toBe(second);
    expect(first).not.toContain('APP_USR');
    expect(first).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(open(keyring, CONTEXT, first)).toBe(TOKEN);
    expect(open(keyring, CONTEXT, second)).toBe(TOKEN);
    expect(open(keyring, CONTEXT, seal(keyring, CONTEXT, 'çãé 🔑'))).toBe('çãé 🔑');
  });

  it('refuses a changed ciphertext, tag, iv or key id', () => {
    const keyring = keyringOf(randomBytes(32));
    const sealed = seal(keyring, CONTEXT, TOKEN);
    const parts = sealed.split('.');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const index of [2, 3, 4]) {
      const changed = parts.map((part, i) => (i === index ? flip(part) : part)).join('.');
      expect(() => open(keyring, CONTEXT, changed)).toThrow(SealedSecretError);
    }
    expect(() => open(keyring, CONTEXT, sealed.replace(/^v1\.[0-9a-f]{8}/, 'v1.00000000'))).toThrow(
      'Sealed with a key this server does not have.',
    );
    expect(() => open(keyring, CONTEXT, `${sealed}x`)).toThrow(SealedSecretError);
    expect(() => open(keyring, CONTEXT, 'plain-token')).toThrow('Not a sealed secret.');
  });

  it('refuses the wrong key and a secret moved to another context', () => {
    const keyring = keyringOf(randomBytes(32));
    const sealed = seal(keyring, CONTEXT, TOKEN);
    expect(() => open(keyringOf(randomBytes(32)), CONTEXT, sealed)).toThrow(SealedSecretError);
    // Another key that claims the same id still fails the authentication tag.
    const impostor = keyringOf(randomBytes(32));
    impostor.byId.set(keyring.current.id, impostor.current);
    expect(() => open(impostor, CONTEXT, sealed)).toThrow('The sealed secret was changed or belongs elsewhere.');
    expect(() => open(keyring, 'mercadopago_credentials:org-2:account-1', sealed)).toThrow(SealedSecretError);
  });

  it('keeps opening with a previous key after a rotation, and seals with the new one', () => {
    const old = randomBytes(32);
    const sealedBefore = seal(keyringOf(old), CONTEXT, TOKEN);
    const rotated = keyringOf(randomBytes(32), [old]);
    expect(open(rotated, CONTEXT, sealedBefore)).toBe(TOKEN);
    const sealedAfter = seal(rotated, CONTEXT, TOKEN);
    expect(sealedAfter.split('.')[1]).toBe(rotated.current.id);
    expect(() => open(keyringOf(old), CONTEXT, sealedAfter)).toThrow(SealedSecretError);
  });

  it('takes its keys from the environment: required in production, the development key otherwise', () => {
    const key = randomBytes(32).toString('base64');
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('DATA_ENCRYPTION_KEY: obrigatório em produção');
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: 'curta' })).toThrow('32 bytes em base64');
    expect(() => loadEnv({ DATA_ENCRYPTION_PREVIOUS_KEYS: `${key},curta` })).toThrow('32 bytes em base64');
    const production = keyringFromEnv(loadEnv({ NODE_ENV: 'production', DATA_ENCRYPTION_KEY: key }));
    expect(production.current.bytes.toString('base64')).toBe(key);
    const development = keyringFromEnv(loadEnv({}));
    // The development key is the same on every start, so what it sealed still opens after a restart.
    expect(open(keyringFromEnv(loadEnv({})), CONTEXT, seal(development, CONTEXT, TOKEN))).toBe(TOKEN);
    expect(development.current.id).not.toBe(production.current.id);
    expect(() => open(production, CONTEXT, seal(development, CONTEXT, TOKEN))).toThrow(SealedSecretError);
  });
});
