import { describe, expect, it } from 'vitest';
import { e8ToTokenUnits, explorerTxUrl, parseEvmNetworks, tokenUnitsToE8 } from './chain-config.js';

const USDT_ETHEREUM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function network(overrides: Record<string, unknown> = {}) {
  return {
    name: 'ethereum',
    label: 'Ethereum',
    chainId: 1,
    rpcUrls: ['https://rpc.example/eth'],
    confirmations: 12,
    blockTimeMs: 12_000,
    explorerUrl: 'https://etherscan.io',
    tokens: [{ symbol: 'USDT', address: USDT_ETHEREUM, decimals: 6 }],
    ...overrides,
  };
}

describe('EVM_NETWORKS', () => {
  it('parses a network with its defaults and checksums token addresses', () => {
    const [parsed] = parseEvmNetworks(
      JSON.stringify([network({ tokens: [{ symbol: 'USDT', address: USDT_ETHEREUM.toLowerCase(), decimals: 6 }] })]),
    );
    expect(parsed).toMatchObject({ name: 'ethereum', addresses: 'ERC20', maxBlockRange: 500, dev: false });
    expect(parsed!.tokens[0]!.address).toBe(USDT_ETHEREUM);
    expect(explorerTxUrl(parsed!, '0xab')).toBe('https://etherscan.io/tx/0xab');
  });

  it.each([
    ['not JSON', '[', /not JSON/],
    [
      'a bad checksum',
      JSON.stringify([
        network({ tokens: [{ symbol: 'USDT', address: USDT_ETHEREUM.replace('dAC', 'Dac'), decimals: 6 }] }),
      ]),
      /tokens\.0\.address/,
    ],
    [
      'an unknown token',
      JSON.stringify([network({ tokens: [{ symbol: 'DOGE', address: USDT_ETHEREUM, decimals: 6 }] })]),
      /tokens\.0\.symbol/,
    ],
    [
      'a token twice',
      JSON.stringify([
        network({
          tokens: [
            { symbol: 'USDT', address: USDT_ETHEREUM, decimals: 6 },
            { symbol: 'USDT', address: USDT_ETHEREUM, decimals: 6 },
          ],
        }),
      ]),
      /once per network/,
    ],
    ['two networks of one name', JSON.stringify([network(), network({ chainId: 2 })]), /names must be unique/],
    [
      'two networks of one chain id',
      JSON.stringify([network(), network({ name: 'mainnet' })]),
      /chain ids must be unique/,
    ],
    ['an upper-case name', JSON.stringify([network({ name: 'ERC20' })]), /0\.name/],
    ['no RPC URL', JSON.stringify([network({ rpcUrls: [] })]), /rpcUrls/],
    ['zero confirmations', JSON.stringify([network({ confirmations: 0 })]), /confirmations/],
  ])('refuses %s with the field named', (_what, text, message) => {
    expect(() => parseEvmNetworks(text)).toThrow(message);
  });
});

describe('token units and ledger units', () => {
  it('converts 6 and 18 decimals exactly, rounding sub-1e-8 dust down', () => {
    expect(tokenUnitsToE8(12_345_678n, 6)).toBe(1_234_567_800n);
    expect(tokenUnitsToE8(2_500_000_000_000_000_123n, 18)).toBe(250_000_000n);
    expect(tokenUnitsToE8(99n, 18)).toBe(0n);
    expect(tokenUnitsToE8(5n, 8)).toBe(5n);
    expect(e8ToTokenUnits(250_000_000n, 18)).toBe(2_500_000_000_000_000_000n);
    expect(e8ToTokenUnits(1_234_567_800n, 6)).toBe(12_345_678n);
    expect(() => e8ToTokenUnits(1_234_567_801n, 6)).toThrow(RangeError);
  });
});

describe('loadEnv with EVM networks', () => {
  it('refuses a bad EVM_NETWORKS at boot, naming the variable and the field', async () => {
    const { loadEnv } = await import('../../env.js');
    expect(() => loadEnv({ NODE_ENV: 'test', EVM_NETWORKS: JSON.stringify([network({ chainId: -1 })]) })).toThrow(
      /Invalid configuration: EVM_NETWORKS: 0\.chainId/,
    );
    expect(loadEnv({ NODE_ENV: 'test' }).evmNetworks).toEqual([]);
    expect(loadEnv({ NODE_ENV: 'test', EVM_NETWORKS: JSON.stringify([network()]) }).evmNetworks[0]!.name).toBe(
      'ethereum',
    );
  });
});
