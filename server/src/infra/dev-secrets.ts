import type { Env } from '../env.js';
import { loadTwoFactorKey, twoFactorKeyOptions } from './two-factor-key.js';
import { loadWalletKeys, walletKeyOptions } from './wallet-keys.js';

/**
 * Creates the development secrets under DATA_DIR that are not configured (nothing in production,
 * which requires them). `npm start` runs this before it starts the server and the worker, so the
 * two never race to create them.
 */
export function ensureDevSecrets(env: Env): void {
  loadTwoFactorKey(twoFactorKeyOptions(env));
  loadWalletKeys(walletKeyOptions(env));
}
