import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepositWatcher } from '../../server/src/domain/chain/deposit-watcher.js';
import { depositBranch, Sweeper } from '../../server/src/domain/chain/sweeper.js';
import { createLogger } from '../../server/src/infra/logger.js';
import { EvmPayoutChain, privateKeySigner } from '../../server/src/infra/evm-payouts.js';
import { createEvmClient, EvmChainReader } from '../../server/src/infra/evm-rpc.js';
import {
  depositAddressKey,
  hotWalletAddress,
  hotWalletKey,
  loadSigningRoot,
} from '../../server/src/infra/wallet-signing-keys.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, payByMint, sendNative, tokenBalance, tokenOf } from '../support/chain.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { fundPlayer, PLAYING_TEST_ENV, trpc } from '../support/wallet.js';

describe('sweeps with a gas top-up, and the custody report (admin service and npm run cli -- custody:report)', () => {
  const chain = localChainSuite();
  let platform: TestPlatform;
  let networksJson: string;
  beforeAll(async () => {
    networksJson = JSON.stringify([
      {
        name: 'local',
        label: 'Local dev chain',
        chainId: 31337,
        rpcUrls: [chain.node.url],
        confirmations: 1,
        blockTimeMs: 1_000,
        startBlock: 0,
        withdrawals: 'ERC20',
        explorerUrl: 'https://explorer.example/',
        tokens: chain.tokens.map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
      },
    ]);
    platform = await startTestPlatform({ ...PLAYING_TEST_ENV, EVM_NETWORKS: networksJson });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  /** The worker's keys: the development xprv the platform generated into its DATA_DIR. */
  function signingKeys() {
    const { xpub } = JSON.parse(readFileSync(path.join(platform.dataDir, 'wallet-dev-keys.json'), 'utf8')) as {
      xpub: string;
    };
    const root = loadSigningRoot({ xpub, dataDir: platform.dataDir, production: false })!;
    return { root, xpub, hot: privateKeySigner(hotWalletKey(root)) };
  }

  /** A player's deposit of `units` USDT on the local network, credited by a watcher tick. */
  async function creditedDeposit(units: bigint) {
    const services = platform.platform.services;
    const network = platform.env.evmNetworks[0]!;
    const player = await signedInAccount(platform);
    const { address } = await services.wallet.deposits.ensureAddress(player.user.id, 'local');
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDT'), address, units);
    const watcher = new DepositWatcher(
      {
        db: platform.platform.infra.db,
        chain: new EvmChainReader(createEvmClient(network.rpcUrls)),
        credit: (id) => services.wallet.deposits.creditConfirmed(id),
        log: createLogger('silent', 'chain'),
      },
      network,
    );
    expect((await watcher.tick()).credited).toBe(1);
    return { player, address };
  }

  /** `npm run cli -- custody:report` (or `args`) against a platform's database and chain (this file's by default). */
  function cli(args: string[] = ['custody:report'], target: TestPlatform = platform) {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: target.databaseUrl,
        DATA_DIR: target.dataDir,
        REDIS_URL: target.env.REDIS_URL,
        REDIS_PREFIX: target.env.redisPrefix,
        EVM_NETWORKS: networksJson,
        LOG_LEVEL: 'silent',
      },
    });
    return { status: result.status, out: `${result.stdout}${result.stderr}` };
  }

  it('balances with a deposit in its address, sweeps it (topping up gas first), still balances, and exits 1 when short', async () => {
    const db = platform.platform.infra.db;
    const services = platform.platform.services;
    const network = platform.env.evmNetworks[0]!;
    const { root, hot, xpub } = signingKeys();
    expect(hot.address).toBe(hotWalletAddress(xpub));
    await sendNative(chain.node, hot.address, 10n ** 19n);

    // A player deposits 25 USDT on chain; the watcher credits it.
    const player = await signedInAccount(platform);
    const { address } = await services.wallet.deposits.ensureAddress(player.user.id, 'ERC20');
    const usdt = tokenOf(chain.tokens, 'USDT');
    await payByMint(chain.node, usdt, address, 25_000_000n);
    const log = createLogger('silent', 'chain');
    const watcher = new DepositWatcher(
      {
        db,
        chain: new EvmChainReader(createEvmClient(network.rpcUrls)),
        credit: (id) => services.wallet.deposits.creditConfirmed(id),
        log,
      },
      network,
    );
    expect((await watcher.tick()).credited).toBe(1);

    let report = await services.wallet.custody.report();
    expect(report).toMatchObject({ ok: true, held: { USD: '25' }, owed: { USD: '25' }, surplus: { USD: '0' } });
    expect(report.networks[0]).toMatchObject({ name: 'local', ok: true, error: null });
    // Per network and token: what the chain holds against the ledger's deposits less withdrawals there.
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDT')).toMatchObject({
      hotWallet: '0',
      depositAddresses: '25',
      total: '25',
      deposited: '25',
      withdrawn: '0',
      booked: '25',
      difference: '0',
      ok: true,
    });
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDC')).toMatchObject({
      total: '0',
      booked: '0',
      ok: true,
    });
    const balanced = cli();
    expect(balanced.out).toContain('custody ok');
    expect(balanced.status).toBe(0);

    // The sweep: the deposit address has no ETH, so it is topped up first, then its USDT moves to the hot wallet.
    const sweeper = new Sweeper(
      {
        db,
        chain: new EvmPayoutChain(createEvmClient(network.rpcUrls)),
        hotWallet: hot,
        depositSigner: (userId) => privateKeySigner(depositAddressKey(root, depositBranch(network), userId)),
        log,
      },
      network,
    );
    expect(await sweeper.tick()).toMatchObject({ toppedUp: 1, swept: 0 });
    expect(await sweeper.tick()).toMatchObject({ toppedUp: 0, swept: 1 });
    expect(await tokenBalance(chain.node, usdt, address)).toBe(0n);
    expect(await tokenBalance(chain.node, usdt, hot.address)).toBe(25_000_000n);
    expect(await sweeper.tick()).toMatchObject({ toppedUp: 0, swept: 0 });
    report = await services.wallet.custody.report();
    expect(report.ok).toBe(true);
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDT')).toMatchObject({
      hotWallet: '25',
      depositAddresses: '0',
    });

    // 10 USDC reach the hot wallet from outside (USD now has a surplus of 10), then 3 USDT leave it with no ledger
    // record: the currency still balances (32 held, 25 owed) but the network's USDT line is short, and that fails it.
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDC'), hot.address, 10_000_000n);
    const payouts = new EvmPayoutChain(createEvmClient(network.rpcUrls));
    const leak = await hot.signTransfer({
      chainId: network.chainId,
      token: usdt.address,
      to: '0x000000000000000000000000000000000000bEEF',
      amount: 3_000_000n,
      nonce: await payouts.pendingNonce(hot.address),
      gas: 100_000n,
      fees: await payouts.fees(),
    });
    await payouts.broadcast(leak.raw);
    report = await services.wallet.custody.report();
    expect(report).toMatchObject({ ok: false, held: { USD: '32' }, owed: { USD: '25' }, surplus: { USD: '7' } });
    expect(report.networks[0]!.ok).toBe(false);
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDT')).toMatchObject({
      total: '22',
      booked: '25',
      difference: '-3',
      ok: false,
    });
    expect(report.networks[0]!.tokens.find((token) => token.symbol === 'USDC')).toMatchObject({
      total: '10',
      booked: '0',
      difference: '10',
      ok: true,
    });
    const leaked = cli();
    expect(leaked.status).toBe(1);
    expect(leaked.out).toMatch(/USDT\s+22\s+0\s+22\s+25\s+-3 USD {2}SHORT/);
    await payByMint(chain.node, usdt, hot.address, 3_000_000n);
    expect((await services.wallet.custody.report()).ok).toBe(true);

    // A processor's deposit credits 20 USD that the chain does not hold: short by 10 in USD, and the CLI exits 1.
    await fundPlayer(platform, player.token, '20');
    report = await services.wallet.custody.report();
    expect(report).toMatchObject({ ok: false, held: { USD: '35' }, owed: { USD: '45' }, surplus: { USD: '-10' } });
    // Each network still holds what its ledger says: the shortfall is the players' balances against the whole chain.
    expect(report.networks[0]!.ok).toBe(true);
    const short = cli();
    expect(short.status).toBe(1);
    expect(short.out).toContain('holds less than the players are owed');

    // The same report in the admin console (admins only).
    const admin = await signedInAccount(platform);
    expect((await trpc(platform, 'query', 'admin.custody', undefined, admin.token)).status).toBe(403);
    await services.auth.accounts.setRole(admin.account.username, 'admin');
    const inConsole = await trpc(platform, 'query', 'admin.custody', undefined, admin.token);
    expect(inConsole.status).toBe(200);
    expect(inConsole.body.result.data).toMatchObject({ ok: false, owed: { USD: '45' }, surplus: { USD: '-10' } });
    // Three CLI processes (each compiles and boots the services) on two shared cores.
  }, 180_000);

  it('lists a credited deposit reorged out of the chain in the report (CLI exits 1 while it is unreviewed) until an operator marks it reviewed', async () => {
    // A platform of its own: this file's first test leaves its platform short, which would hide the exit status here.
    const own = await startTestPlatform({ ...PLAYING_TEST_ENV, EVM_NETWORKS: networksJson });
    try {
      const services = own.platform.services;
      const network = own.env.evmNetworks[0]!;
      const player = await signedInAccount(own);
      const { address } = await services.wallet.deposits.ensureAddress(player.user.id, 'local');
      const watcher = new DepositWatcher(
        {
          db: own.platform.infra.db,
          chain: new EvmChainReader(createEvmClient(network.rpcUrls)),
          credit: (id) => services.wallet.deposits.creditConfirmed(id),
          log: createLogger('silent', 'chain'),
        },
        network,
      );
      const usdt = tokenOf(chain.tokens, 'USDT');
      // Credited at 1 confirmation, then its block is reorged away (snapshot and revert) and the chain moves on.
      const snapshot = await chain.node.snapshot();
      await payByMint(chain.node, usdt, address, 4_000_000n);
      expect((await watcher.tick()).credited).toBe(1);
      await chain.node.revert(snapshot);
      await chain.node.mine(2);
      expect((await watcher.tick()).reorgedAfterCredit).toBe(1);
      const [deposit] = await own.platform.infra.db
        .selectFrom('deposits')
        .selectAll()
        .where('user_id', '=', player.user.id)
        .execute();

      // The operator recovers the 4 USDT into the address: the report balances, yet the reorged credit stays listed.
      await payByMint(chain.node, usdt, address, 4_000_000n);
      const report = await services.wallet.custody.report();
      expect(report.ok).toBe(true);
      expect(report.reorged).toEqual([
        expect.objectContaining({
          id: deposit!.id,
          userId: player.user.id,
          loginName: player.account.username,
          network: 'local',
          asset: 'USDT',
          amount: '4',
          txHash: deposit!.tx_hash,
        }),
      ]);
      const flagged = cli(['custody:report'], own);
      expect(flagged.status).toBe(1);
      expect(flagged.out).toContain('REORGED: 1 credited deposit(s) left the chain after their credit');
      expect(flagged.out).toMatch(
        new RegExp(`deposit ${deposit!.id}\\s+local\\s+4 USDT\\s+player ${player.account.username}`),
      );
      expect(flagged.out).toContain('not reviewed yet');

      // In the admin console too.
      const admin = await signedInAccount(own);
      await services.auth.accounts.setRole(admin.account.username, 'admin');
      const inConsole = await trpc(own, 'query', 'admin.custody', undefined, admin.token);
      expect(inConsole.body.result.data.reorged).toEqual([expect.objectContaining({ id: deposit!.id, amount: '4' })]);

      // Reviewing needs a note; an id that is not a reorged deposit is refused and changes nothing.
      await expect(services.wallet.custody.markReorgReviewed({ id: null, role: 'cli' }, '999999', 'x')).rejects.toThrow(
        /not a reorged deposit/,
      );
      const reviewed = cli(['custody:reorg-reviewed', deposit!.id, 'credit', 'kept:', 'recovered', 'on', 'chain'], own);
      expect(reviewed.status, reviewed.out).toBe(0);
      const after = cli(['custody:report'], own);
      expect(after.status, after.out).toBe(0);
      expect(after.out).not.toContain('REORGED');
      expect((await services.wallet.custody.report()).reorged).toEqual([]);
      const audit = await own.platform.infra.db
        .selectFrom('staff_audit_log')
        .selectAll()
        .where('action', '=', 'deposit.reorgReviewed')
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({
          target_id: deposit!.id,
          actor_role: 'cli',
          after: expect.objectContaining({ note: 'credit kept: recovered on chain' }),
        }),
      ]);
    } finally {
      await own.stop();
    }
  }, 180_000);

  it("links a paid withdrawal's transaction to the paying network's explorer on the player's list", async () => {
    const services = platform.platform.services;
    const player = await signedInAccount(platform);
    const approver = await signedInAccount(platform);
    await fundPlayer(platform, player.token, '10');
    const requested = await services.wallet.withdrawals.request(player.user.id, {
      amount: 500_000_000n,
      asset: 'USDT',
      network: 'ERC20',
      address: '0x000000000000000000000000000000000000dEaD',
      password: player.account.password,
    });
    await services.wallet.withdrawals.approve(approver.user.id, requested.id);
    const txid = `0x${'ab'.repeat(32)}`;
    await services.wallet.withdrawals.recordTxid(requested.id, txid);
    const { items } = await services.wallet.withdrawals.list(player.user.id, { status: 'ALL' });
    expect(items[0]).toMatchObject({ status: 'SENT', txid, explorerUrl: `https://explorer.example/tx/${txid}` });
  });

  it('a gas top-up stuck past the stuck time is replaced with higher fees on its nonce, like a payout, and the sweep follows', async () => {
    const db = platform.platform.infra.db;
    const network = platform.env.evmNetworks[0]!;
    const { root, hot } = signingKeys();
    await sendNative(chain.node, hot.address, 10n ** 19n);
    const { address } = await creditedDeposit(6_000_000n);
    let clock = 0;
    const { log, lines } = (() => {
      const recorded: string[] = [];
      const line = (_fields: object, message: string) => recorded.push(message);
      return { log: { info: line, warn: line, error: line }, lines: recorded };
    })();
    const sweeper = new Sweeper(
      {
        db,
        chain: new EvmPayoutChain(createEvmClient(network.rpcUrls)),
        hotWallet: hot,
        depositSigner: (userId) => privateKeySigner(depositAddressKey(root, depositBranch(network), userId)),
        log,
        now: () => clock,
      },
      network,
    );
    const topUps = () =>
      db.selectFrom('chain_sweeps').selectAll().where('address', '=', address).where('kind', '=', 'TOPUP').execute();
    const attempts = async () => {
      const [topUp] = await topUps();
      return db
        .selectFrom('chain_sweep_attempts')
        .selectAll()
        .where('sweep_id', '=', topUp!.id)
        .orderBy('id')
        .execute();
    };
    let first: string;
    await chain.node.rpc('evm_setAutomine', [false]);
    try {
      expect(await sweeper.tick()).toMatchObject({ toppedUp: 1, swept: 0, bumped: 0 });
      const [sent] = await attempts();
      first = sent!.tx_hash;
      // The sweeper's clock from the moment the database stored the top-up.
      clock = new Date(sent!.created_at).getTime();
      // Not stuck yet: it waits, and no second top-up is sent.
      expect(await sweeper.tick()).toMatchObject({ toppedUp: 0, bumped: 0, waiting: 1 });
      clock += network.payoutStuckAfterMs;
      expect(await sweeper.tick()).toMatchObject({ toppedUp: 0, bumped: 1, swept: 0 });
      const tries = await attempts();
      expect(tries).toHaveLength(2);
      expect(BigInt(tries[1]!.max_priority_fee_per_gas)).toBeGreaterThan(BigInt(tries[0]!.max_priority_fee_per_gas));
      expect(BigInt(tries[1]!.max_fee_per_gas)).toBeGreaterThan(BigInt(tries[0]!.max_fee_per_gas));
      expect(await topUps()).toHaveLength(1);
      expect(lines).toContain('chain: gas top-up stuck; replaced with higher fees');
      await chain.node.mine(1);
    } finally {
      await chain.node.rpc('evm_setAutomine', [true]);
    }
    // Mined: the replacement, never the first (same nonce); the address then pays its own sweep.
    expect(await sweeper.tick()).toMatchObject({ swept: 1, toppedUp: 0 });
    const [topUp] = await topUps();
    const tries = await attempts();
    expect(topUp!.settled_at).not.toBeNull();
    expect(topUp!.mined_tx_hash).toBe(tries[1]!.tx_hash);
    expect(await chain.node.rpc('eth_getTransactionReceipt', [first!])).toBeNull();
    expect(await tokenBalance(chain.node, tokenOf(chain.tokens, 'USDT'), address)).toBe(0n);
  });
});
