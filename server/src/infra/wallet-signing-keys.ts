import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { addressFromPublicKey } from '../domain/wallet/networks.js';

/** The xpub branch of the hot wallet (deposit addresses use 0, 1 and 2 per network: server/src/domain/wallet/networks.ts). */
export const HOT_WALLET_BRANCH = 100;

/**
 * The extended PRIVATE key that signs payouts and sweeps: WALLET_XPRV, or in development the one generated beside
 * the development xpub in DATA_DIR/wallet-dev-keys.json (server/src/infra/wallet-keys.ts). Only the worker loads it;
 * the server derives deposit addresses from the xpub and never sees it. Undefined: no key (payouts stay manual).
 */
export function loadSigningRoot(options: {
  xprv?: string;
  xpub: string;
  dataDir: string;
  production: boolean;
}): HDKey | undefined {
  let text = options.xprv;
  if (!text && !options.production) {
    try {
      const stored = JSON.parse(readFileSync(path.join(options.dataDir, 'wallet-dev-keys.json'), 'utf8')) as {
        xprv?: unknown;
      };
      if (typeof stored.xprv === 'string') text = stored.xprv;
    } catch {
      return undefined;
    }
  }
  if (!text) return undefined;
  const root = HDKey.fromExtendedKey(text);
  if (!root.privateKey) throw new Error('WALLET_XPRV must be an extended PRIVATE key (xprv...)');
  // Deposit addresses come from the xpub: a private key of another tree could never sweep them.
  if (root.publicExtendedKey !== options.xpub) throw new Error('WALLET_XPRV does not belong to WALLET_XPUB');
  return root;
}

export function hotWalletKey(root: HDKey): `0x${string}` {
  return `0x${bytesToHex(root.deriveChild(HOT_WALLET_BRANCH).deriveChild(0).privateKey!)}`;
}

/** The key of a player's deposit address (xpub/<branch>/<userId>), for sweeps. */
export function depositAddressKey(root: HDKey, branch: number, userId: number): `0x${string}` {
  return `0x${bytesToHex(root.deriveChild(branch).deriveChild(userId).privateKey!)}`;
}

/** The hot wallet's address from the xpub alone (what the server and the custody report know). */
export function hotWalletAddress(xpub: string): `0x${string}` {
  const key = HDKey.fromExtendedKey(xpub).deriveChild(HOT_WALLET_BRANCH).deriveChild(0);
  return addressFromPublicKey('ERC20', key.publicKey!) as `0x${string}`;
}
