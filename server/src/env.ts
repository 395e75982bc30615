import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5001),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_VERSION: z.string().default('1.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@bzu.example'),
  SPORTS_ENABLED: booleanFlag,
  SESSION_TTL_MS: z.coerce.number().int().positive().default(86_400_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('BZU <no-reply@bzu.example>'),
  WORKER_HEARTBEAT_MS: z.coerce.number().int().positive().default(5_000),
  CLIENT_DIST_DIR: z.string().default('dist/client'),
  ALLOWED_ORIGINS: z.string().optional(),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  redisPrefix: string;
  publicUrl: string;
  allowedOrigins: string[];
};

/** Parses configuration once at boot; a bad value stops the process with a message naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    dataDir,
    // Instances with their own DATA_DIR that share one Redis must not share keys or queues.
    redisPrefix: env.REDIS_PREFIX ?? defaultRedisPrefix(dataDir, env.DATABASE_URL),
    publicUrl,
    allowedOrigins: env.ALLOWED_ORIGINS
      ? env.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean)
      : [publicUrl, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
  };
}

function defaultRedisPrefix(dataDir: string, databaseUrl: string | undefined): string {
  const identity = databaseUrl ?? dataDir;
  return `bzu-${createHash('sha256').update(identity).digest('hex').slice(0, 8)}`;
}
