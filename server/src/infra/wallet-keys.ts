import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import type { Env } from '../env.js';
import type { Logger } from './logger.js';
import { readOrCreateSharedFile } from './shared-file.js';

export interface WalletKeys {
  xpub: string;
  webhookSecret: string;
}

export interface WalletKeyOptions {
  xpub?: string;
  webhookSecret?: string;
  dataDir: string;
  production: boolean;
}

export function walletKeyOptions(env: Env): WalletKeyOptions {
  return {
    xpub: env.WALLET_XPUB,
    webhookSecret: env.DEPOSIT_WEBHOOK_SECRET,
    dataDir: env.dataDir,
    production: env.NODE_ENV === 'production',
  };
}

function parseStored(content: string): Partial<WalletKeys> {
  try {
    return JSON.parse(content) as Partial<WalletKeys>;
  } catch {
    return {};
  }
}

/**
 * The deposit xpub and webhook secret. From configuration when set; otherwise (development) a key
 * and secret generated once and kept in DATA_DIR/wallet-dev-keys.json, with a warning in the log.
 * The file also keeps the development extended PRIVATE key (`xprv`), which only the worker reads
 * (server/src/infra/wallet-signing-keys.ts) to pay out and sweep on the development chain; this
 * function never returns it, so the server stays watch-only.
 */
export function loadWalletKeys(options: WalletKeyOptions, logger?: Logger): WalletKeys {
  if (options.xpub && options.webhookSecret) return { xpub: options.xpub, webhookSecret: options.webhookSecret };
  if (options.production) throw new Error('WALLET_XPUB and DEPOSIT_WEBHOOK_SECRET must be set in production');
  const file = path.join(options.dataDir, 'wallet-dev-keys.json');
  const generate = () => {
    const master = HDKey.fromMasterSeed(randomBytes(32));
    const keys = {
      xpub: master.publicExtendedKey,
      webhookSecret: randomBytes(32).toString('hex'),
      xprv: master.privateExtendedKey,
    };
    return `${JSON.stringify(keys, null, 2)}\n`;
  };
  const stored = parseStored(
    readOrCreateSharedFile(file, generate, (content) => {
      const { xpub, webhookSecret } = parseStored(content);
      return (
        typeof xpub === 'string' &&
        xpub.startsWith('xpub') &&
        typeof webhookSecret === 'string' &&
        webhookSecret.length > 0
      );
    }),
  );
  const keys = { xpub: options.xpub ?? stored.xpub!, webhookSecret: options.webhookSecret ?? stored.webhookSecret! };
  logger?.warn(
    { file, xpubFromEnv: Boolean(options.xpub), secretFromEnv: Boolean(options.webhookSecret) },
    'wallet: using a DEVELOPMENT deposit key / webhook secret kept under DATA_DIR; set WALLET_XPUB and DEPOSIT_WEBHOOK_SECRET for real funds',
  );
  return keys;
}
