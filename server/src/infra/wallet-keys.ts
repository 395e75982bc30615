import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import type { Logger } from './logger.js';

export interface WalletKeys {
  xpub: string;
  webhookSecret: string;
}

/**
 * The deposit xpub and webhook secret. From configuration when set; otherwise (development) a key
 * and secret generated once and kept in DATA_DIR/wallet-dev-keys.json, with a warning in the log.
 * Only the extended PUBLIC key is kept: the development seed is thrown away, so coins sent to a
 * development address cannot be recovered.
 */
export function loadWalletKeys(
  options: { xpub?: string; webhookSecret?: string; dataDir: string; production: boolean },
  logger?: Logger,
): WalletKeys {
  if (options.xpub && options.webhookSecret) return { xpub: options.xpub, webhookSecret: options.webhookSecret };
  if (options.production) throw new Error('WALLET_XPUB and DEPOSIT_WEBHOOK_SECRET must be set in production');
  const file = path.join(options.dataDir, 'wallet-dev-keys.json');
  let stored: Partial<WalletKeys> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<WalletKeys>;
  } catch {
    stored = {};
  }
  if (!stored.xpub || !stored.webhookSecret) {
    stored = {
      xpub: stored.xpub ?? HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey,
      webhookSecret: stored.webhookSecret ?? randomBytes(32).toString('hex'),
    };
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  const keys = { xpub: options.xpub ?? stored.xpub!, webhookSecret: options.webhookSecret ?? stored.webhookSecret! };
  logger?.warn(
    { file, xpubFromEnv: Boolean(options.xpub), secretFromEnv: Boolean(options.webhookSecret) },
    'wallet: using a DEVELOPMENT deposit key / webhook secret kept under DATA_DIR; set WALLET_XPUB and DEPOSIT_WEBHOOK_SECRET for real funds',
  );
  return keys;
}
