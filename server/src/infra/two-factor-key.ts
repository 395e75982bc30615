import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger.js';

/**
 * The AES-256 key TOTP secrets are encrypted with: TWO_FACTOR_ENCRYPTION_KEY when set; otherwise
 * (development) generated once into DATA_DIR/two-factor-dev-key, with a warning. Losing the key
 * disables every authenticator enrolled under it, so production must configure it.
 */
export function loadTwoFactorKey(options: { key?: string; dataDir: string; production: boolean }, logger?: Logger): Buffer {
  if (options.key) return Buffer.from(options.key, 'hex');
  if (options.production) throw new Error('TWO_FACTOR_ENCRYPTION_KEY must be set in production');
  const file = path.join(options.dataDir, 'two-factor-dev-key');
  let hex = '';
  try {
    hex = readFileSync(file, 'utf8').trim();
  } catch {
    hex = '';
  }
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    hex = randomBytes(32).toString('hex');
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, `${hex}\n`, { mode: 0o600 });
  }
  logger?.warn({ file }, 'TWO_FACTOR_ENCRYPTION_KEY is not set: using a development key kept in DATA_DIR');
  return Buffer.from(hex, 'hex');
}
