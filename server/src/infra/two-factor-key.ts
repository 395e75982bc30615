import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Env } from '../env.js';
import type { Logger } from './logger.js';
import { readOrCreateSharedFile } from './shared-file.js';

export interface TwoFactorKeyOptions {
  key?: string;
  dataDir: string;
  production: boolean;
}

export function twoFactorKeyOptions(env: Env): TwoFactorKeyOptions {
  return { key: env.TWO_FACTOR_ENCRYPTION_KEY, dataDir: env.dataDir, production: env.NODE_ENV === 'production' };
}

/**
 * The AES-256 key TOTP secrets are encrypted with: TWO_FACTOR_ENCRYPTION_KEY when set; otherwise
 * (development) generated once into DATA_DIR/two-factor-dev-key, with a warning. Losing the key
 * disables every authenticator enrolled under it, so production must configure it.
 */
export function loadTwoFactorKey(options: TwoFactorKeyOptions, logger?: Logger): Buffer {
  if (options.key) return Buffer.from(options.key, 'hex');
  if (options.production) throw new Error('TWO_FACTOR_ENCRYPTION_KEY must be set in production');
  const file = path.join(options.dataDir, 'two-factor-dev-key');
  const hex = readOrCreateSharedFile(
    file,
    () => `${randomBytes(32).toString('hex')}\n`,
    (content) => /^[0-9a-f]{64}$/.test(content.trim()),
  ).trim();
  logger?.warn({ file }, 'TWO_FACTOR_ENCRYPTION_KEY is not set: using a development key kept in DATA_DIR');
  return Buffer.from(hex, 'hex');
}
