import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import type { Env } from './env';

export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * The certificate to serve HTTPS with (TLS=true): the files configured, or a local one generated once under
 * DATA_DIR/tls for localhost and 127.0.0.1 (browsers warn about it once; production uses real files or a proxy).
 */
export async function tlsFiles(env: Env): Promise<TlsFiles | null> {
  if (!env.TLS) return null;
  if (env.TLS_CERT_FILE && env.TLS_KEY_FILE) {
    return { cert: readFileSync(env.TLS_CERT_FILE, 'utf8'), key: readFileSync(env.TLS_KEY_FILE, 'utf8') };
  }
  const dir = join(env.DATA_DIR, 'tls');
  const certPath = join(dir, 'localhost-cert.pem');
  const keyPath = join(dir, 'localhost-key.pem');
  if (!existsSync(certPath) || !existsSync(keyPath)) {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notAfterDate: new Date(Date.now() + 365 * 24 * 3600 * 1000),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    });
    mkdirSync(dir, { recursive: true });
    writeFileSync(certPath, pems.cert);
    writeFileSync(keyPath, pems.private, { mode: 0o600 });
  }
  return { cert: readFileSync(certPath, 'utf8'), key: readFileSync(keyPath, 'utf8') };
}
