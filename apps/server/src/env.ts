import { isIP } from 'node:net';
import { z } from 'zod';

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string): boolean => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return PROXY_NAMES.includes(entry);
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};
/** Fastify's `trustProxy` value. */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | string[] => {
    const text = value.trim();
    if (text === 'false' || text === '') return false;
    if (text === 'true') return true;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'use false, true ou endereços/CIDR separados por vírgula',
    });
    return z.NEVER;
  });

/** A data-encryption key: 32 bytes in base64. */
const encryptionKey = z
  .string()
  .trim()
  .refine((text) => /^[A-Za-z0-9+/]{43}=$/.test(text) && Buffer.from(text, 'base64').length === 32, {
    message: 'use 32 bytes em base64 (por exemplo: openssl rand -base64 32)',
  });

/** The one place that reads process.env: every setting is validated here and typed for the rest of the server. */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Financeiro <nao-responda@financeiro.local>'),
    DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    /** SMS provider: messages are POSTed as JSON { to, message } to this URL; unset writes them to the log. */
    SMS_HTTP_URL: z.url().optional(),
    /** Sent as `Authorization: Bearer …` to the SMS provider. */
    SMS_HTTP_TOKEN: z.string().optional(),
    // Requests a minute the API takes of each user, of each organization, and of each user's file uploads (imports and
    // previews); past one, 429 with Retry-After.
    RATE_LIMIT_USER: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_ORGANIZATION: z.coerce.number().int().min(1).default(3_000),
    RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(30),
    /** Requests per minute one address may send to the identity endpoint. */
    IDENTITY_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
    /**
     * Cognito's PreventUserExistenceErrors: sign-in, password reset, resend and confirmation answer an unknown user
     * as they answer a known one (a wrong password, a code sent, a wrong code), so nobody can probe who has an account.
     */
    PREVENT_USER_EXISTENCE_ERRORS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * Which proxies may say who the client is (X-Forwarded-For): `false` uses the socket address, `true` trusts any
     * sender, or a comma list of addresses, CIDR ranges or `loopback`/`linklocal`/`uniquelocal`. (Fastify no longer
     * honours a hop count: it cannot tell a proxy from a client.) Rate limits, the event log and last access all use
     * the address this yields.
     */
    TRUST_PROXY: trustProxy,
    /** `builtin`: our own user pool at /identity; `cognito`: an AWS Cognito user pool signs users in. */
    IDENTITY_MODE: z.enum(['builtin', 'cognito']).default('builtin'),
    COGNITO_REGION: z.string().optional(),
    COGNITO_USER_POOL_ID: z
      .string()
      .regex(/^[^_]+_[^_]+$/, 'formato esperado: <região>_<id>')
      .optional(),
    COGNITO_CLIENT_ID: z.string().optional(),
    /** Where the pool's signing keys are published; defaults to the pool's own JWKS address. */
    COGNITO_JWKS_URL: z.url().optional(),
    /**
     * Serve HTTPS. Amplify always calls the OAuth endpoints (Google sign-in) over https: behind a TLS proxy leave
     * this off; on a laptop turn it on and a local certificate is generated under DATA_DIR unless files are given.
     */
    TLS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    TLS_CERT_FILE: z.string().optional(),
    TLS_KEY_FILE: z.string().optional(),
    /** Google sign-in (an OpenID Connect client registered at Google); unset hides the button. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** The OpenID provider to federate with; Google unless tests point it at a local one. */
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    /**
     * Seals secrets kept in the database (Mercado Pago's access tokens) with AES-256-GCM. Required in production;
     * development and tests fall back to a fixed development key.
     */
    DATA_ENCRYPTION_KEY: encryptionKey.optional(),
    /** Keys sealed with before a rotation, comma-separated: they still open what they sealed, never seal. */
    DATA_ENCRYPTION_PREVIOUS_KEYS: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(encryptionKey)),
    // Reading the files users send (statements, reports, NF-e), in worker threads: how many at once (one fewer than
    // the cores, by default), and the time and heap each file may take before it is refused.
    UPLOAD_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    UPLOAD_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    UPLOAD_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
    /** Mercado Pago's API, for fetching its reports; tests point it at a local fake. */
    MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
    /** How long a fetch waits for Mercado Pago to prepare a report before giving up. */
    MERCADOPAGO_REPORT_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'obrigatório em produção' });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'obrigatório com GOOGLE_CLIENT_ID' });
    }
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      ctx.addIssue({ code: 'custom', path: ['TLS_KEY_FILE'], message: 'informe TLS_CERT_FILE e TLS_KEY_FILE juntos' });
    }
    if (env.IDENTITY_MODE !== 'cognito') return;
    for (const key of ['COGNITO_REGION', 'COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'obrigatório com IDENTITY_MODE=cognito' });
    }
  });

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const scheme = env.TLS ? 'https' : 'http';
  return { ...env, PUBLIC_URL: (env.PUBLIC_URL ?? `${scheme}://localhost:${env.PORT}`).replace(/\/$/, '') };
}
