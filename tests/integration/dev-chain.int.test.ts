import { randomBytes } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEvmNetworks } from '../../server/src/domain/chain/chain-config.js';
import { DEV_FAUCET_KEY } from '../../server/src/infra/dev-chain-payer.js';
import { toChecksumAddress } from '../../server/src/domain/wallet/networks.js';
import { startDevChain, type DevChain } from '../../scripts/dev-chain.js';
import { tokenBalance } from '../support/chain.js';

describe("npm start's embedded development chain (scripts/dev-chain.ts)", () => {
  let chain: DevChain | undefined;
  afterAll(async () => {
    await chain?.node.stop();
  });

  it('deploys the test tokens, funds the faucet and the hot wallet, hands over a valid EVM_NETWORKS and mines on a clock', async () => {
    const hotWallet = toChecksumAddress(randomBytes(20).toString('hex')) as `0x${string}`;
    chain = await startDevChain({ blockMs: 200, hotWallet });
    const [network] = parseEvmNetworks(chain.networksJson);
    expect(network).toMatchObject({ chainId: 31337, dev: true, withdrawals: 'ERC20', confirmations: 3 });
    expect(network!.tokens.map((token) => [token.symbol, token.decimals])).toEqual([
      ['USDT', 6],
      ['USDC', 6],
      ['BZU', 18],
    ]);
    const faucet = privateKeyToAccount(DEV_FAUCET_KEY).address;
    for (const token of network!.tokens) {
      const deployed = { ...token, symbol: token.symbol };
      expect(await tokenBalance(chain.node, deployed, faucet)).toBe(1_000_000_000n * 10n ** BigInt(token.decimals));
      expect(await tokenBalance(chain.node, deployed, hotWallet)).toBe(1_000_000n * 10n ** BigInt(token.decimals));
    }
    expect(BigInt(await chain.node.rpc<string>('eth_getBalance', [hotWallet, 'latest']))).toBe(10n ** 21n);
    // Blocks keep coming with no transaction sent.
    const before = await chain.node.blockNumber();
    await expect.poll(() => chain!.node.blockNumber()).toBeGreaterThan(before + 1n);
  });
});
