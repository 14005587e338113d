import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { freePort } from './ports';

export interface ProviderAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

interface PendingCode {
  account: ProviderAccount;
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
}

/**
 * A small OpenID Connect provider standing in for Google in tests: discovery, an authorization page with one button
 * per account and a "Cancelar" link (access_denied, as Google answers when the user backs out), a token endpoint
 * that checks the client secret and PKCE, and signed id tokens.
 */
export class LocalOidcProvider {
  readonly clientId = 'google-client-de-teste';
  readonly clientSecret = 'segredo-de-teste';
  url = '';
  private server: Server | null = null;
  private codes = new Map<string, PendingCode>();

  constructor(private readonly accounts: ProviderAccount[]) {}

  async start(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.url);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(200, {
          issuer: this.url,
          authorization_endpoint: `${this.url}/authorize`,
          token_endpoint: `${this.url}/token`,
          jwks_uri: `${this.url}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        });
      }
      if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        const p = url.searchParams;
        const back = new URL(p.get('redirect_uri') ?? '');
        back.searchParams.set('state', p.get('state') ?? '');
        const cancel = new URL(back);
        cancel.searchParams.set('error', 'access_denied');
        const buttons = this.accounts.map((account) => {
          const code = randomBytes(16).toString('hex');
          this.codes.set(code, {
            account,
            clientId: p.get('client_id') ?? '',
            redirectUri: p.get('redirect_uri') ?? '',
            nonce: p.get('nonce') ?? '',
            challenge: p.get('code_challenge') ?? '',
          });
          const ok = new URL(back);
          ok.searchParams.set('code', code);
          return `<p><a href="${ok.href.replaceAll('&', '&amp;')}">Continuar como ${account.email}</a></p>`;
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>Provedor de teste</title><h1>Escolha uma conta</h1>${buttons.join('')}` +
            `<p><a href="${cancel.href.replaceAll('&', '&amp;')}">Cancelar</a></p>`,
        );
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        req.on('end', () => {
          void (async () => {
            const form = new URLSearchParams(raw);
            // The client authenticates with HTTP Basic or in the form, as Google accepts both.
            const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
            const [id, secret] = req.headers.authorization
              ? basic.split(':').map(decodeURIComponent)
              : [form.get('client_id'), form.get('client_secret')];
            const pending = this.codes.get(form.get('code') ?? '');
            this.codes.delete(form.get('code') ?? '');
            const challenge = createHash('sha256')
              .update(form.get('code_verifier') ?? '')
              .digest('base64url');
            if (id !== this.clientId || secret !== this.clientSecret) return json(401, { error: 'invalid_client' });
            if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.challenge !== challenge) {
              return json(400, { error: 'invalid_grant' });
            }
            const idToken = await new SignJWT({ ...pending.account, nonce: pending.nonce })
              .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
              .setIssuer(this.url)
              .setAudience(pending.clientId)
              .setSubject(pending.account.sub)
              .setIssuedAt()
              .setExpirationTime('5m')
              .sign(privateKey);
            json(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', id_token: idToken });
          })();
        });
        return;
      }
      json(404, { error: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
  }

  /** Settings that point the server's Google sign-in at this provider. */
  settings(): Record<string, string> {
    return { GOOGLE_ISSUER: this.url, GOOGLE_CLIENT_ID: this.clientId, GOOGLE_CLIENT_SECRET: this.clientSecret };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
