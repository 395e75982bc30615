import { describe, expect, it } from 'vitest';
import { readChainCursor } from '../../db/repositories/chain.repo.js';
import { DepositWatcher, type WatcherLog } from '../../server/src/domain/chain/deposit-watcher.js';
import type { ChainReader } from '../../server/src/domain/chain/chain-rpc.js';
import type { EvmNetwork } from '../../server/src/domain/chain/chain-config.js';
import { createEvmClient, EvmChainReader } from '../../server/src/infra/evm-rpc.js';
import { signedInAccount } from '../support/auth.js';
import { localChainSuite, localNetwork, payByMint, tokenOf } from '../support/chain.js';
import { platformSuite } from '../support/platform-suite.js';
import { PLAYING_TEST_ENV } from '../support/wallet.js';

/** Records what the watcher tells the operator. */
function recordingLog() {
  const lines: { level: string; message: string; fields: object }[] = [];
  const log: WatcherLog = {
    info: (fields, message) => lines.push({ level: 'info', message, fields }),
    warn: (fields, message) => lines.push({ level: 'warn', message, fields }),
    error: (fields, message) => lines.push({ level: 'error', message, fields }),
  };
  return { log, lines };
}

describe('the EVM deposit watcher against a real local node', () => {
  const platform = platformSuite(PLAYING_TEST_ENV);
  const chain = localChainSuite();
  const services = () => platform.platform.platform.services;
  const db = () => platform.platform.platform.infra.db;
  let networkCount = 0;

  /** A network of its own name per test (its own cursor), watching from the current head. */
  async function watcherFor(overrides: Partial<Record<string, unknown>> = {}, reader?: ChainReader) {
    networkCount += 1;
    const network: EvmNetwork = localNetwork(chain.node, chain.tokens, {
      name: `local-${networkCount}`,
      startBlock: Number(await chain.node.blockNumber()) + 1,
      ...overrides,
    });
    const recorded = recordingLog();
    const evm = new EvmChainReader(createEvmClient(network.rpcUrls));
    const watcher = new DepositWatcher(
      {
        db: db(),
        chain: reader ?? evm,
        credit: (id) => services().wallet.deposits.creditConfirmed(id),
        log: recorded.log,
      },
      network,
    );
    return { network, watcher, evm, ...recorded };
  }

  async function playerWithAddress() {
    const player = await signedInAccount(platform.platform);
    const { address } = await services().wallet.deposits.ensureAddress(player.user.id, 'ERC20');
    return { userId: player.user.id as number, address };
  }

  const balances = (userId: number) => services().wallet.accounts.balances(userId);
  const depositsOf = (userId: number) =>
    db().selectFrom('deposits').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  it('credits a USDT transfer exactly when its confirmations reach the threshold, once', async () => {
    const { watcher } = await watcherFor({ confirmations: 3 });
    const { userId, address } = await playerWithAddress();
    // 12.345678 USDT (6 decimals) is 12.345678 USD.
    const { txHash } = await payByMint(chain.node, tokenOf(chain.tokens, 'USDT'), address, 12_345_678n);

    expect((await watcher.tick()).seen).toBe(1);
    let [row] = await depositsOf(userId);
    expect(row).toMatchObject({
      status: 'PENDING',
      confirmations: 1,
      tx_hash: txHash.toLowerCase(),
      network: watcher.network.name,
    });
    await chain.node.mine(1);
    expect((await watcher.tick()).credited).toBe(0);
    [row] = await depositsOf(userId);
    expect(row).toMatchObject({ status: 'PENDING', confirmations: 2 });
    expect((await balances(userId)).USD).toBe('0');

    await chain.node.mine(1);
    expect((await watcher.tick()).credited).toBe(1);
    [row] = await depositsOf(userId);
    expect(row).toMatchObject({
      status: 'CREDITED',
      confirmations: 3,
      amount_e8: '1234567800',
      asset: 'USDT',
      currency: 'USD',
    });
    expect((await balances(userId)).USD).toBe('12.345678');

    // More blocks and ticks change nothing.
    await chain.node.mine(2);
    expect((await watcher.tick()).credited).toBe(0);
    expect((await balances(userId)).USD).toBe('12.345678');
  });

  it('credits BZU (18 decimals) to the BZU balance and ignores transfers to unknown addresses and other tokens', async () => {
    const { watcher } = await watcherFor({ confirmations: 1 });
    const { userId, address } = await playerWithAddress();
    // 2.5 BZU plus 1e-10 of dust that does not fit 8 decimals (rounded down: it stays on chain).
    await payByMint(chain.node, tokenOf(chain.tokens, 'BZU'), address, 2_500_000_000_000_000_100n);
    await payByMint(
      chain.node,
      tokenOf(chain.tokens, 'USDT'),
      '0x000000000000000000000000000000000000dEaD',
      5_000_000n,
    );
    const result = await watcher.tick();
    expect(result).toMatchObject({ seen: 1, credited: 1 });
    expect(await balances(userId)).toEqual({ USD: '0', BZU: '2.5' });
  });

  it('a reorg (evm_revert) before the threshold drops the deposit and credits nothing', async () => {
    const { watcher, lines } = await watcherFor({ confirmations: 3 });
    const { userId, address } = await playerWithAddress();
    const snapshot = await chain.node.snapshot();
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDT'), address, 7_000_000n);
    await chain.node.mine(1);
    await watcher.tick();
    expect((await depositsOf(userId))[0]).toMatchObject({ status: 'PENDING', confirmations: 2 });

    // The block with the transfer leaves the chain; a longer chain without it grows past the threshold.
    await chain.node.revert(snapshot);
    await chain.node.mine(4);
    const result = await watcher.tick();
    expect(result).toMatchObject({ dropped: 1, credited: 0 });
    expect((await depositsOf(userId))[0]).toMatchObject({ status: 'DROPPED' });
    expect((await balances(userId)).USD).toBe('0');
    expect(lines.some((line) => line.level === 'warn' && /reorg dropped/.test(line.message))).toBe(true);
    await chain.node.mine(3);
    expect((await watcher.tick()).credited).toBe(0);
    expect((await balances(userId)).USD).toBe('0');
  });

  it('a transfer the reorg moves into another block is seen again there and credited once', async () => {
    const { watcher } = await watcherFor({ confirmations: 3 });
    const { userId, address } = await playerWithAddress();
    const snapshot = await chain.node.snapshot();
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDC'), address, 3_000_000n);
    await watcher.tick();
    await chain.node.revert(snapshot);
    // The new chain carries an empty block, then the same payment.
    await chain.node.mine(1);
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDC'), address, 3_000_000n);
    await watcher.tick();
    await chain.node.mine(2);
    await watcher.tick();
    await watcher.tick();
    const rows = await depositsOf(userId);
    expect(rows.filter((row) => row.status === 'CREDITED')).toHaveLength(1);
    expect((await balances(userId)).USD).toBe('3');
  });

  it('a credited deposit reorged out afterwards keeps its credit and is flagged REORGED with an error for the operator', async () => {
    const { watcher, lines } = await watcherFor({ confirmations: 1 });
    const { userId, address } = await playerWithAddress();
    const snapshot = await chain.node.snapshot();
    await payByMint(chain.node, tokenOf(chain.tokens, 'USDT'), address, 1_000_000n);
    expect((await watcher.tick()).credited).toBe(1);
    await chain.node.revert(snapshot);
    await chain.node.mine(2);
    expect((await watcher.tick()).reorgedAfterCredit).toBe(1);
    const [row] = await depositsOf(userId);
    expect(row).toMatchObject({ status: 'CREDITED' });
    expect(row!.flags).toContain('REORGED');
    expect(lines.some((line) => line.level === 'error' && /reorged out/.test(line.message))).toBe(true);
    // Flagged once.
    expect((await watcher.tick()).reorgedAfterCredit).toBe(0);
  });

  it('a watcher that dies mid-scan resumes from its Postgres cursor without crediting twice', async () => {
    const { userId, address } = await playerWithAddress();
    const usdt = tokenOf(chain.tokens, 'USDT');
    const start = Number(await chain.node.blockNumber()) + 1;
    // Six payments in six blocks; ranges of two blocks.
    for (let i = 1; i <= 6; i += 1) await payByMint(chain.node, usdt, address, BigInt(i) * 1_000_000n);
    await chain.node.mine(2);
    const overrides = { confirmations: 1, maxBlockRange: 2, startBlock: start };

    // The first process: its third eth_getLogs fails (the process "dies" there).
    const evm = new EvmChainReader(createEvmClient([chain.node.url]));
    let getLogsCalls = 0;
    const dying: ChainReader = {
      blockNumber: () => evm.blockNumber(),
      blockHash: (height) => evm.blockHash(height),
      async transferLogs(token, from, to) {
        getLogsCalls += 1;
        if (getLogsCalls === 3 * chain.tokens.length) throw new Error('killed mid-range');
        return evm.transferLogs(token, from, to);
      },
    };
    const first = await watcherFor(overrides, dying);
    await expect(first.watcher.tick()).rejects.toThrow('killed mid-range');
    const cursor = await readChainCursor(db(), first.network.name);
    // Two whole ranges were committed; the third was not.
    expect(cursor).toBe(BigInt(start + 4));
    expect((await depositsOf(userId)).length).toBe(4);

    // The restarted process (same network, same cursor) finishes; a third run changes nothing.
    const second = new DepositWatcher(
      { db: db(), chain: evm, credit: (id) => services().wallet.deposits.creditConfirmed(id), log: first.log },
      first.network,
    );
    await second.tick();
    await second.tick();
    const rows = await depositsOf(userId);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.status === 'CREDITED')).toBe(true);
    expect((await balances(userId)).USD).toBe('21');
    const postings = await db()
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('user_id', '=', userId)
      .where('kind', '=', 'deposit')
      .execute();
    expect(postings).toHaveLength(6);
  });

  it('asks one eth_getLogs per range and token, however many players are paid', async () => {
    const { watcher, evm } = await watcherFor({ confirmations: 1, maxBlockRange: 10 });
    const players = await Promise.all([playerWithAddress(), playerWithAddress(), playerWithAddress()]);
    for (const player of players)
      await payByMint(chain.node, tokenOf(chain.tokens, 'USDT'), player.address, 1_000_000n);
    const result = await watcher.tick();
    expect(result.credited).toBe(3);
    // Three blocks in one range: one eth_getLogs per token.
    expect(evm.counter.calls.get('eth_getLogs')).toBe(chain.tokens.length);
  });
});
