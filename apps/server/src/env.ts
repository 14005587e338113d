import { z } from 'zod';

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
    /** Requests per minute one address may send to the identity endpoint. */
    IDENTITY_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
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
  })
  .superRefine((env, ctx) => {
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
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}
