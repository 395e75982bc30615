import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import type { Currency } from './amounts.js';

/**
 * Networks the platform accepts deposits on and pays withdrawals to, the assets on each and how
 * addresses look there. Stablecoins count 1:1 as USD; BZU as BZU.
 */
export type NetworkId = 'ERC20' | 'BEP20' | 'TRC20';
export type Asset = 'USDT' | 'USDC' | 'BZU';

export interface NetworkInfo {
  id: NetworkId;
  name: string;
  family: 'evm' | 'tron';
  /** Branch under the configured extended public key: addresses are xpub/<branch>/<userId>. */
  branch: number;
  assets: readonly Asset[];
  defaultConfirmations: number;
}

export const NETWORKS: Record<NetworkId, NetworkInfo> = {
  ERC20: {
    id: 'ERC20',
    name: 'Ethereum',
    family: 'evm',
    branch: 0,
    assets: ['USDT', 'USDC', 'BZU'],
    defaultConfirmations: 12,
  },
  BEP20: {
    id: 'BEP20',
    name: 'BNB Smart Chain',
    family: 'evm',
    branch: 1,
    assets: ['USDT', 'USDC', 'BZU'],
    defaultConfirmations: 15,
  },
  TRC20: { id: 'TRC20', name: 'Tron', family: 'tron', branch: 2, assets: ['USDT', 'USDC'], defaultConfirmations: 20 },
};
export const NETWORK_IDS = Object.keys(NETWORKS) as NetworkId[];
export const ASSETS = ['USDT', 'USDC', 'BZU'] as const satisfies readonly Asset[];

export function assetCurrency(asset: Asset): Currency {
  return asset === 'BZU' ? 'BZU' : 'USD';
}

const base58check = createBase58check(sha256);

/** EIP-55 mixed-case checksum of a 20-byte address given as 40 hex digits. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

/**
 * The canonical form of an address on a network, or null when it is not one. EVM: 0x + 40 hex;
 * mixed case must carry a valid EIP-55 checksum, single-case input is normalised to it. Tron:
 * base58check of 0x41 + 20 bytes.
 */
export function normalizeAddress(network: NetworkId, address: string): string | null {
  const text = address.trim();
  if (NETWORKS[network].family === 'evm') {
    const match = /^0x([0-9a-fA-F]{40})$/.exec(text);
    if (!match) return null;
    const hex = match[1]!;
    const checksummed = toChecksumAddress(hex);
    const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
    if (!singleCase && checksummed !== `0x${hex}`) return null;
    return checksummed;
  }
  try {
    const bytes = base58check.decode(text);
    return bytes.length === 21 && bytes[0] === 0x41 ? text : null;
  } catch {
    return null;
  }
}

/**
 * A transaction hash as stored and compared, or null when it is not one. Every network here names a transaction by
 * 32 bytes of hex, which providers spell with or without `0x` and in either case; one spelling per network keeps the
 * unique key (network, tx_hash, output_index) from crediting one transaction twice. EVM: `0x` + lower-case hex, as
 * explorers show it; Tron: lower-case hex without a prefix (its txID).
 */
export function normalizeTxHash(network: NetworkId, txHash: string): string | null {
  const match = /^(?:0x)?([0-9a-f]{64})$/i.exec(txHash.trim());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  return NETWORKS[network].family === 'evm' ? `0x${hex}` : hex;
}

/** The 20-byte account id of a secp256k1 public key (compressed or not), as Ethereum and Tron use it. */
function accountBytes(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(-20);
}

export function addressFromPublicKey(network: NetworkId, publicKey: Uint8Array): string {
  const account = accountBytes(publicKey);
  if (NETWORKS[network].family === 'evm') return toChecksumAddress(bytesToHex(account));
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(account, 1);
  return base58check.encode(payload);
}

/** Watch-only derivation from an extended public key: nothing here can sign or spend. */
export class AddressDeriver {
  private readonly root: HDKey;

  constructor(extendedPublicKey: string) {
    const key = HDKey.fromExtendedKey(extendedPublicKey);
    if (key.privateKey) throw new Error('WALLET_XPUB must be an extended PUBLIC key (xpub), not a private one');
    this.root = key;
  }

  derive(network: NetworkId, userId: number): { address: string; path: string } {
    if (!Number.isInteger(userId) || userId < 0 || userId >= 0x80000000) throw new RangeError('bad user id');
    const branch = NETWORKS[network].branch;
    const child = this.root.deriveChild(branch).deriveChild(userId);
    return { address: addressFromPublicKey(network, child.publicKey!), path: `xpub/${branch}/${userId}` };
  }
}
