import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeasedLoop } from '../../server/src/domain/chain/leased-loop.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { startChainWatchers } from '../../worker/src/chain-watchers.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, payByMint, tokenOf } from '../support/chain.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { PLAYING_TEST_ENV } from '../support/wallet.js';

/** EVM_NETWORKS as an operator writes it, for the local node (and a second network whose RPC answers nothing). */
function networksJson(url: string, tokens: { symbol: string; address: string; decimals: number }[]) {
  const common = { chainId: 31337, confirmations: 2, blockTimeMs: 100, startBlock: 0, tokens };
  return JSON.stringify([
    { ...common, name: 'local', label: 'Local', rpcUrls: [url] },
    { ...common, name: 'down', label: 'Unreachable', chainId: 31338, rpcUrls: ['http://127.0.0.1:9/'] },
  ]);
}

describe('the worker runs one deposit watcher per configured network under a lease', () => {
  const chain = localChainSuite();
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({
      ...PLAYING_TEST_ENV,
      PASSWORD_HASH_TIMEOUT_MS: '120000',
      EVM_NETWORKS: networksJson(chain.node.url, chain.tokens),
      CHAIN_LEASE_MS: '2000',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('parses EVM_NETWORKS, credits a deposit at the threshold, keeps one leader per network, and backs off on a dead RPC', async () => {
    expect(platform.env.evmNetworks.map((network) => network.name)).toEqual(['local', 'down']);
    const deps = {
      infra: platform.platform.infra,
      services: platform.platform.services,
      logger: createLogger('silent', 'worker'),
    };
    const first = await startChainWatchers(deps);
    const second = await startChainWatchers(deps);
    try {
      const player = await signedInAccount(platform);
      const { address } = await platform.platform.services.wallet.deposits.ensureAddress(player.user.id, 'ERC20');
      await payByMint(chain.node, tokenOf(chain.tokens, 'USDC'), address, 4_200_000n);
      const deposit = () =>
        platform.platform.infra.db
          .selectFrom('deposits')
          .select(['status', 'confirmations'])
          .where('user_id', '=', player.user.id)
          .executeTakeFirst();
      await expect.poll(deposit).toMatchObject({ status: 'PENDING', confirmations: 1 });
      await chain.node.mine(1);
      await expect.poll(deposit).toMatchObject({ status: 'CREDITED', confirmations: 2 });
      expect((await platform.platform.services.wallet.accounts.balances(player.user.id)).USD).toBe('4.2');

      // Exactly one leader per network across the two workers.
      const leaders = (index: number) => [first.loops[index]!, second.loops[index]!].filter((loop) => loop.leader);
      expect(leaders(0)).toHaveLength(1);
      await expect.poll(() => leaders(1).length).toBe(1);
      // The dead network's leader fails, backs off and counts its failures (logged as alerts from the third).
      await expect.poll(() => leaders(1)[0]!.failuresInARow).toBeGreaterThanOrEqual(2);

      // The leader stops: the other worker takes the lease once it lapses and goes on crediting.
      const [leader, follower] = first.loops[0]!.leader ? [first, second] : [second, first];
      await leader.stop();
      await expect.poll(() => follower.loops[0]!.leader, { timeout: 10_000 }).toBe(true);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});

describe('LeasedLoop', () => {
  it('backs off exponentially while the work fails and logs an alert from the configured failure on', async () => {
    const lines: { level: string; fields: Record<string, unknown> }[] = [];
    const record = (level: string) => (fields: object) =>
      lines.push({ level, fields: fields as Record<string, unknown> });
    const runs: number[] = [];
    const lease = { tryAcquire: async () => true, renew: async () => true, release: async () => undefined };
    const loop = new LeasedLoop(
      lease,
      async () => {
        runs.push(Date.now());
        throw new Error('rpc down');
      },
      { name: 'test', intervalMs: 20, maxBackoffMs: 200, alertAfter: 3 },
      { info: record('info'), warn: record('warn'), error: record('error') },
    );
    loop.start();
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(5);
    await loop.stop();
    // Pauses of 40, 80, 160 ms, then capped at 200: each gap at least the one before.
    const gaps = runs.slice(1).map((at, index) => at - runs[index]!);
    expect(gaps[1]!).toBeGreaterThanOrEqual(75);
    expect(gaps[2]!).toBeGreaterThanOrEqual(150);
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
    expect(lines.find((line) => line.level === 'error')?.fields.alert).toBe(true);
  });
});
