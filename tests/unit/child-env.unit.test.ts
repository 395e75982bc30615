import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { signingChildEnv, watchOnlyChildEnv } from '../../scripts/child-env.js';
import { startPlatformServer } from '../../server/src/bootstrap.js';
import { loadEnv, refuseSigningKey } from '../../server/src/env.js';

const root = HDKey.fromMasterSeed(new Uint8Array(32).fill(7));
const XPRV = root.privateExtendedKey;
const XPUB = root.publicExtendedKey;

describe("the launcher's child environments (scripts/child-env.ts)", () => {
  const base = { WALLET_XPUB: XPUB, WALLET_XPRV: XPRV, REDIS_URL: 'redis://x', EVM_NETWORKS: '[]' };

  it('gives the worker, which signs payouts and sweeps, the signing key', () => {
    expect(signingChildEnv(base)).toEqual(base);
  });

  it('gives the server everything but WALLET_XPRV, and leaves the shared environment as it was', () => {
    const server = watchOnlyChildEnv(base);
    expect(server).not.toHaveProperty('WALLET_XPRV');
    expect(server).toEqual({ WALLET_XPUB: XPUB, REDIS_URL: 'redis://x', EVM_NETWORKS: '[]' });
    expect(base.WALLET_XPRV).toBe(XPRV);
  });
});

describe('the server refuses a signing key', () => {
  it('stops before opening anything when WALLET_XPRV is set, naming the variable', async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      WALLET_XPUB: XPUB,
      WALLET_XPRV: XPRV,
      DATABASE_URL: 'postgres://nowhere:1/x',
    });
    // The worker parses the same variable: the configuration itself is valid.
    expect(env.WALLET_XPRV).toBe(XPRV);
    await expect(startPlatformServer(env)).rejects.toThrow(/WALLET_XPRV: the server never signs/);
  });

  it('lets a watch-only configuration (WALLET_XPUB alone) through', () => {
    expect(() => refuseSigningKey(loadEnv({ NODE_ENV: 'test', WALLET_XPUB: XPUB }))).not.toThrow();
  });
});
