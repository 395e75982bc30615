import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChainCursor } from '../../db/repositories/chain.repo.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, payByMint, tokenOf } from '../support/chain.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { PLAYING_TEST_ENV } from '../support/wallet.js';

const PAYMENTS = 30;

/** A real worker process (worker/src/main.ts) on the test platform's database, Redis prefix and chain. */
function startWorkerProcess(platform: TestPlatform, networksJson: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: platform.databaseUrl,
      DATA_DIR: platform.dataDir,
      REDIS_URL: platform.env.REDIS_URL,
      REDIS_PREFIX: platform.env.redisPrefix,
      LOG_LEVEL: 'silent',
      EVM_NETWORKS: networksJson,
      CHAIN_LEASE_MS: '1000',
    },
  });
}

describe('a worker killed (SIGKILL) in the middle of a scan', () => {
  const chain = localChainSuite();
  let platform: TestPlatform;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    platform = await startTestPlatform(PLAYING_TEST_ENV);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await platform?.stop();
  });

  it('is resumed by the next worker from the Postgres cursor: every transfer credited exactly once', async () => {
    const db = platform.platform.infra.db;
    const player = await signedInAccount(platform);
    const { address } = await platform.platform.services.wallet.deposits.ensureAddress(player.user.id, 'ERC20');
    const usdt = tokenOf(chain.tokens, 'USDT');
    const start = Number(await chain.node.blockNumber()) + 1;
    // One payment per block, 1..30 USDT: the sum says whether any was credited twice.
    for (let i = 1; i <= PAYMENTS; i += 1) await payByMint(chain.node, usdt, address, BigInt(i) * 1_000_000n);
    const end = start + PAYMENTS - 1;
    const networksJson = JSON.stringify([
      {
        name: 'killed',
        label: 'Kill test',
        chainId: 31337,
        rpcUrls: [chain.node.url],
        confirmations: 1,
        blockTimeMs: 100,
        startBlock: start,
        maxBlockRange: 1,
        tokens: chain.tokens.map(({ symbol, address: token, decimals }) => ({ symbol, address: token, decimals })),
      },
    ]);

    const first = startWorkerProcess(platform, networksJson);
    workers.push(first);
    // Killed as soon as it has committed a few ranges (one block each), well before the end.
    await expect
      .poll(async () => (await readChainCursor(db, 'killed')) ?? 0n, { timeout: 30_000, interval: 5 })
      .toBeGreaterThan(BigInt(start + 3));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const cursorAtKill = (await readChainCursor(db, 'killed'))!;
    expect(cursorAtKill).toBeLessThanOrEqual(BigInt(end));

    const second = startWorkerProcess(platform, networksJson);
    workers.push(second);
    const credited = () =>
      db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('network', '=', 'killed')
        .where('status', '=', 'CREDITED')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    await expect.poll(credited, { timeout: 30_000 }).toBe(PAYMENTS);
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));

    expect((await platform.platform.services.wallet.accounts.balances(player.user.id)).USD).toBe(
      String((PAYMENTS * (PAYMENTS + 1)) / 2),
    );
    const postings = await db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('user_id', '=', player.user.id)
      .where('kind', '=', 'deposit')
      .execute();
    expect(postings).toHaveLength(PAYMENTS);
  }, 90_000);
});
