import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { PayoutSender } from '../../server/src/domain/chain/payout-sender.js';
import type { PayoutChain } from '../../server/src/domain/chain/payout-ports.js';
import type { WatcherLog } from '../../server/src/domain/chain/deposit-watcher.js';
import { parseAmount } from '../../server/src/domain/wallet/amounts.js';
import { toChecksumAddress } from '../../server/src/domain/wallet/networks.js';
import { EvmPayoutChain, privateKeySigner } from '../../server/src/infra/evm-payouts.js';
import { createEvmClient } from '../../server/src/infra/evm-rpc.js';
import { hotWalletKey } from '../../server/src/infra/wallet-signing-keys.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, localNetwork, payByMint, sendNative, tokenBalance, tokenOf } from '../support/chain.js';
import { platformSuite } from '../support/platform-suite.js';
import { fundPlayer, PLAYING_TEST_ENV } from '../support/wallet.js';

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const log: WatcherLog = {
    info: (_fields, message) => lines.push({ level: 'info', message }),
    warn: (_fields, message) => lines.push({ level: 'warn', message }),
    error: (_fields, message) => lines.push({ level: 'error', message }),
  };
  return { log, lines };
}

const freshAddress = () => toChecksumAddress(randomBytes(20).toString('hex'));

describe('payouts from the hot wallet against a real local node', () => {
  // Sign-ups beside a node and 20 payouts on a busy shared machine: no deadline on password hashing.
  const platform = platformSuite({ ...PLAYING_TEST_ENV, PASSWORD_HASH_TIMEOUT_MS: '120000' });
  const chain = localChainSuite();
  const services = () => platform.platform.platform.services;
  const db = () => platform.platform.platform.infra.db;
  const hotKey = hotWalletKey(HDKey.fromMasterSeed(randomBytes(32)));
  const hot = privateKeyToAccount(hotKey).address;
  let admin: Awaited<ReturnType<typeof signedInAccount>>;

  beforeAll(async () => {
    admin = await signedInAccount(platform.platform);
    await sendNative(chain.node, hot, 10n ** 20n);
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDT'), hot, 1_000_000n * 10n ** 6n);
  });

  function senderFor(
    options: { chain?: PayoutChain; now?: () => number; afterBroadcast?: (id: string) => Promise<void> } = {},
  ) {
    const network = localNetwork(chain.node, chain.tokens, {
      withdrawals: 'ERC20',
      confirmations: 2,
      payoutStuckAfterMs: 60_000,
    });
    const recorded = recordingLog();
    const sender = new PayoutSender(
      {
        db: db(),
        chain: options.chain ?? new EvmPayoutChain(createEvmClient(network.rpcUrls)),
        signer: privateKeySigner(hotKey),
        withdrawals: services().wallet.withdrawals,
        log: recorded.log,
        now: options.now,
        afterBroadcast: options.afterBroadcast,
      },
      network,
    );
    return { sender, ...recorded };
  }

  /** A funded player's withdrawals, requested (in parallel) and approved by another account. */
  async function approvedWithdrawals(count: number, amount: string, asset: 'USDT' | 'USDC' | 'BZU' = 'USDT') {
    const player = await signedInAccount(platform.platform);
    await fundPlayer(platform.platform, player.token, String(Number(amount) * count));
    const addresses = Array.from({ length: count }, freshAddress);
    const requested = await Promise.all(
      addresses.map((address) =>
        services().wallet.withdrawals.request(player.user.id, {
          amount: parseAmount(amount),
          asset,
          network: 'ERC20',
          address,
          password: player.account.password,
        }),
      ),
    );
    await Promise.all(requested.map((w) => services().wallet.withdrawals.approve(admin.user.id, w.id)));
    return { player, withdrawals: requested.map((w, i) => ({ id: w.id, address: addresses[i]! })) };
  }

  const withdrawal = (id: string) =>
    db().selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const attempts = (id: string) =>
    db().selectFrom('chain_payout_attempts').selectAll().where('withdrawal_id', '=', id).orderBy('id').execute();

  it('20 parallel approved withdrawals, two senders at once: 20 distinct nonces, all paid once and CONFIRMED', async () => {
    const { player, withdrawals } = await approvedWithdrawals(20, '10');
    const [a, b] = [senderFor(), senderFor()];
    const results = await Promise.all([a.sender.tick(), b.sender.tick()]);
    expect(results[0]!.sent + results[1]!.sent).toBe(20);
    const payouts = await db()
      .selectFrom('chain_payouts')
      .select(['withdrawal_id', 'nonce'])
      .where(
        'withdrawal_id',
        'in',
        withdrawals.map((w) => w.id),
      )
      .execute();
    expect(new Set(payouts.map((payout) => payout.nonce)).size).toBe(20);
    for (const w of withdrawals) expect((await withdrawal(w.id)).status).toBe('SENT');

    await chain.node.mine(1);
    await a.sender.tick();
    const usdt = tokenOf(chain.tokens, 'USDT');
    for (const w of withdrawals) {
      const row = await withdrawal(w.id);
      expect(row.status).toBe('CONFIRMED');
      expect(row.txid).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await tokenBalance(chain.node, usdt, w.address)).toBe(10_000_000n);
    }
    expect((await services().wallet.accounts.balances(player.user.id)).USD).toBe('0');
    // Nothing more happens on later ticks.
    await chain.node.mine(2);
    expect(await a.sender.tick()).toEqual({ sent: 0, rebroadcast: 0, bumped: 0, confirmed: 0, failed: 0, held: 0 });
    // 20 requests, approvals and payouts through the real node: a budget for a busy shared machine.
  }, 120_000);

  it('a payout stuck past the configured time is replaced (same nonce, higher fees) and paid once', async () => {
    const { withdrawals } = await approvedWithdrawals(1, '5');
    const [w] = withdrawals;
    let clock = Date.now();
    let first: string | null = null;
    const { sender, lines } = senderFor({ now: () => clock });
    await chain.node.rpc('evm_setAutomine', [false]);
    try {
      expect((await sender.tick()).sent).toBe(1);
      first = (await withdrawal(w!.id)).txid;
      clock += 61_000;
      expect((await sender.tick()).bumped).toBe(1);
      const tries = await attempts(w!.id);
      expect(tries).toHaveLength(2);
      expect(BigInt(tries[1]!.max_priority_fee_per_gas)).toBeGreaterThan(BigInt(tries[0]!.max_priority_fee_per_gas));
      expect((await withdrawal(w!.id)).txid).toBe(tries[1]!.tx_hash);
      expect(lines.some((line) => /replaced with higher fees/.test(line.message))).toBe(true);
      await chain.node.mine(2);
    } finally {
      await chain.node.rpc('evm_setAutomine', [true]);
    }
    await sender.tick();
    const row = await withdrawal(w!.id);
    expect(row.status).toBe('CONFIRMED');
    // The replacement was mined; the first transaction never will be (its nonce is used).
    expect(row.txid).not.toBe(first);
    expect(await chain.node.rpc('eth_getTransactionReceipt', [first])).toBeNull();
    expect(await tokenBalance(chain.node, tokenOf(chain.tokens, 'USDT'), w!.address)).toBe(5_000_000n);
    const payout = await db()
      .selectFrom('chain_payouts')
      .selectAll()
      .where('withdrawal_id', '=', w!.id)
      .executeTakeFirstOrThrow();
    expect(payout.mined_tx_hash).toBe(row.txid);
  });

  it('a sender killed between broadcast and record: the restarted one finds the payment on chain and never pays twice', async () => {
    const { withdrawals } = await approvedWithdrawals(1, '7');
    const [w] = withdrawals;
    const dying = senderFor({
      afterBroadcast: async () => {
        throw new Error('killed after broadcast');
      },
    });
    await expect(dying.sender.tick()).rejects.toThrow('killed after broadcast');
    expect((await withdrawal(w!.id)).status).toBe('SENDING');
    const usdt = tokenOf(chain.tokens, 'USDT');
    expect(await tokenBalance(chain.node, usdt, w!.address)).toBe(7_000_000n);

    const restarted = senderFor();
    await restarted.sender.tick();
    expect((await withdrawal(w!.id)).status).toBe('SENT');
    await chain.node.mine(1);
    await restarted.sender.tick();
    await restarted.sender.tick();
    expect((await withdrawal(w!.id)).status).toBe('CONFIRMED');
    expect(await tokenBalance(chain.node, usdt, w!.address)).toBe(7_000_000n);
    expect(await attempts(w!.id)).toHaveLength(1);
  });

  it('a broadcast that never reached the node is broadcast again from the stored signed transaction', async () => {
    const { withdrawals } = await approvedWithdrawals(1, '3');
    const [w] = withdrawals;
    const real = new EvmPayoutChain(createEvmClient([chain.node.url]));
    const unreachable: PayoutChain = Object.assign(Object.create(real) as PayoutChain, {
      broadcast: async () => {
        throw new Error('connection refused');
      },
    });
    await senderFor({ chain: unreachable }).sender.tick();
    const usdt = tokenOf(chain.tokens, 'USDT');
    expect(await tokenBalance(chain.node, usdt, w!.address)).toBe(0n);
    const { sender } = senderFor();
    expect((await sender.tick()).rebroadcast).toBe(1);
    await chain.node.mine(1);
    await sender.tick();
    expect((await withdrawal(w!.id)).status).toBe('CONFIRMED');
    expect(await tokenBalance(chain.node, usdt, w!.address)).toBe(3_000_000n);
  });

  it('a payout whose nonce another hot-wallet transaction took is held (never signed again) until the operator refunds it once or records the payment', async () => {
    const { player, withdrawals } = await approvedWithdrawals(2, '6');
    const [unpaid, paidByHand] = withdrawals;
    const network = localNetwork(chain.node, chain.tokens);
    const payouts = new EvmPayoutChain(createEvmClient([chain.node.url]));
    const usdt = tokenOf(chain.tokens, 'USDT');
    const hotSigner = privateKeySigner(hotKey);
    let clock = Date.now();
    const { sender, lines } = senderFor({ now: () => clock });
    const nonceOf = async (id: string) =>
      BigInt(
        (
          await db()
            .selectFrom('chain_payouts')
            .select('nonce')
            .where('withdrawal_id', '=', id)
            .executeTakeFirstOrThrow()
        ).nonce,
      );
    await chain.node.rpc('evm_setAutomine', [false]);
    try {
      expect((await sender.tick()).sent).toBe(2);
      // Both nonces taken by transactions signed with the hot wallet's key outside the sender, at twice the fees so
      // they replace the payouts in the node's pool: one pays someone else, the other pays the player by hand.
      const [first] = await attempts(unpaid!.id);
      const fees = {
        maxFeePerGas: BigInt(first!.max_fee_per_gas) * 2n,
        maxPriorityFeePerGas: BigInt(first!.max_priority_fee_per_gas) * 2n,
      };
      const other = await hotSigner.signNative({
        chainId: network.chainId,
        to: freshAddress() as `0x${string}`,
        value: 1n,
        nonce: await nonceOf(unpaid!.id),
        fees,
      });
      const byHand = await hotSigner.signTransfer({
        chainId: network.chainId,
        token: usdt.address,
        to: paidByHand!.address as `0x${string}`,
        amount: 6_000_000n,
        nonce: await nonceOf(paidByHand!.id),
        gas: 100_000n,
        fees,
      });
      await payouts.broadcast(other.raw);
      await payouts.broadcast(byHand.raw);
      await chain.node.mine(1);
      await chain.node.rpc('evm_setAutomine', [true]);

      expect(await sender.tick()).toMatchObject({ held: 2, bumped: 0, rebroadcast: 0, failed: 0 });
      expect(
        lines.filter((line) => line.level === 'error' && /nonce taken by another transaction; held/.test(line.message)),
      ).toHaveLength(2);
      // Held: nothing is signed again, even long past the stuck time, and nothing is refunded by itself.
      clock += 10 * 60_000;
      expect(await sender.tick()).toMatchObject({ held: 0, bumped: 0, rebroadcast: 0, sent: 0 });
      for (const w of withdrawals) {
        expect(await attempts(w.id)).toHaveLength(1);
        expect((await withdrawal(w.id)).status).toBe('SENT');
      }
      expect((await services().wallet.accounts.balances(player.user.id)).USD).toBe('0');
      expect((await services().wallet.heldPayouts.list()).map((held) => held.withdrawalId)).toEqual(
        expect.arrayContaining([unpaid!.id, paidByHand!.id]),
      );

      // The operator reads the two transactions: the first paid someone else (refund), the second paid the player.
      const actor = { id: null, role: 'cli' };
      await services().wallet.heldPayouts.refund(actor, unpaid!.id, 'nonce used by a manual transfer');
      await expect(services().wallet.heldPayouts.refund(actor, unpaid!.id, 'again')).rejects.toThrow(/no held payout/);
      expect((await withdrawal(unpaid!.id)).status).toBe('FAILED');
      expect((await services().wallet.accounts.balances(player.user.id)).USD).toBe('6');
      await expect(services().wallet.heldPayouts.paid(actor, paidByHand!.id, 'not-a-hash', 'x')).rejects.toThrow(
        /transaction hash/,
      );
      await services().wallet.heldPayouts.paid(actor, paidByHand!.id, byHand.hash, 'paid by hand');
      expect(await withdrawal(paidByHand!.id)).toMatchObject({ status: 'CONFIRMED', txid: byHand.hash });
      expect((await services().wallet.accounts.balances(player.user.id)).USD).toBe('6');
      expect(await tokenBalance(chain.node, usdt, unpaid!.address)).toBe(0n);
      expect(await tokenBalance(chain.node, usdt, paidByHand!.address)).toBe(6_000_000n);
      expect(await services().wallet.heldPayouts.list()).toEqual([]);
    } finally {
      await chain.node.rpc('evm_setAutomine', [true]);
    }
  });

  it('a hot wallet short of the token leaves the withdrawal APPROVED with an alert; a reverted payout is refunded', async () => {
    // USDC: the hot wallet holds none, so the transfer's estimate reverts and nothing is signed.
    const short = await approvedWithdrawals(1, '4', 'USDC');
    const { sender, lines } = senderFor();
    expect((await sender.tick()).sent).toBe(0);
    expect((await withdrawal(short.withdrawals[0]!.id)).status).toBe('APPROVED');
    expect(lines.some((line) => line.level === 'error' && /payout would fail/.test(line.message))).toBe(true);
    expect(await attempts(short.withdrawals[0]!.id)).toHaveLength(0);
    await services().wallet.withdrawals.fail(short.withdrawals[0]!.id, 'test over');

    // USDC: an estimate that does not look (as if the balance moved after it) lets a reverting transfer through.
    const { player, withdrawals } = await approvedWithdrawals(1, '2', 'USDC');
    const real = new EvmPayoutChain(createEvmClient([chain.node.url]));
    const blind: PayoutChain = Object.assign(Object.create(real) as PayoutChain, {
      estimateTransferGas: async () => 80_000n,
    });
    const failing = senderFor({ chain: blind });
    expect((await failing.sender.tick()).sent).toBe(1);
    expect((await failing.sender.tick()).failed).toBe(1);
    const row = await withdrawal(withdrawals[0]!.id);
    expect(row.status).toBe('FAILED');
    expect((await services().wallet.accounts.balances(player.user.id)).USD).toBe('2');
    expect(
      failing.lines.some((line) => line.level === 'error' && /reverted on chain; refunded/.test(line.message)),
    ).toBe(true);
  });
});
