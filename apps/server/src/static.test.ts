import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './test/app';

const INDEX = '<!doctype html><html lang="pt-BR"><body><div id="root"></div></body></html>';
const ASSET = `console.log(${JSON.stringify('Financeiro '.repeat(200))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built web app as Vite leaves it: hashed assets and the shell, each with its brotli and gzip siblings. */
function writeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'financeiro-dist-'));
  mkdirSync(join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-Ab12Cd34.js': ASSET,
    'sw.js': 'self.addEventListener("fetch", () => undefined);',
    'manifest.webmanifest': '{"name":"Financeiro"}',
  };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dist, name), content);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

describe('the built web app is served compressed, with cache headers that fit each file', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed asset as brotli to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET);
    expect(response.rawPayload.length).toBeLessThan(ASSET.length / 5);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(ASSET);
  });

  it('sends the shell compressed and always revalidated, at the root and on any screen address', async () => {
    for (const [url, encoding] of [
      ['/', 'br'],
      ['/index.html', 'br'],
      ['/cadastros/fornecedores', 'br'],
      ['/cadastros/fornecedores', 'gzip'],
    ] as const) {
      const response = await get(url, encoding);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(body.toString(), url).toBe(INDEX);
    }
  });

  it('has the service worker, the manifest and unhashed files revalidated, so a new release reaches the user', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/favicon.svg']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/sw.js', 'br')).headers['content-encoding']).toBe('br');
  });
});
