import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { AddressDeriver } from '../domain/wallet/networks.js';
import { depositAddressKey, hotWalletKey, loadSigningRoot } from './wallet-signing-keys.js';

const master = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));

describe('the signing key', () => {
  it('belongs to the xpub: the deposit address key it derives is the address the server shows', () => {
    const root = loadSigningRoot({
      xprv: master.privateExtendedKey,
      xpub: master.publicExtendedKey,
      dataDir: '/nonexistent',
      production: true,
    })!;
    const shown = new AddressDeriver(master.publicExtendedKey).derive('ERC20', 2_147_483_647);
    expect(privateKeyToAccount(depositAddressKey(root, 0, 2_147_483_647)).address).toBe(shown.address);
    // The hot wallet is on a branch of its own.
    expect(privateKeyToAccount(hotWalletKey(root)).address).not.toBe(shown.address);
  });

  it('refuses a key of another tree, or a public one; development reads it from DATA_DIR; production never does', () => {
    const other = HDKey.fromMasterSeed(new Uint8Array(32).fill(8));
    const base = { xpub: master.publicExtendedKey, dataDir: '/nonexistent', production: false };
    expect(() => loadSigningRoot({ ...base, xprv: other.privateExtendedKey })).toThrow(/does not belong/);
    expect(() => loadSigningRoot({ ...base, xprv: master.publicExtendedKey })).toThrow(/PRIVATE/);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bzu-keys-'));
    writeFileSync(path.join(dataDir, 'wallet-dev-keys.json'), JSON.stringify({ xprv: master.privateExtendedKey }));
    expect(loadSigningRoot({ ...base, dataDir })?.privateExtendedKey).toBe(master.privateExtendedKey);
    expect(loadSigningRoot({ ...base, dataDir, production: true })).toBeUndefined();
  });
});
