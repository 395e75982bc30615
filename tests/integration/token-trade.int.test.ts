import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { clearOfPeriodBoundary } from '../support/test-clock.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BurnService, previousHour } from '../../server/src/domain/token/burn.service.js';
import { quoteTrade } from '../../server/src/domain/token/pool-trade.js';
import { parseUnits, formatUnits } from '../../server/src/domain/token/token-units.js';
import { dispatch } from '../../server/src/cli/commands.js';
import { tokenBurnHandlers } from '../../worker/src/processors/token-burn.processor.js';
import { FAST_HASHING, http, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { testJobContext } from '../support/job-context.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { TestSocket } from '../support/socket-client.js';
import { trpc, WALLET_TEST_ENV } from '../support/wallet.js';

const UNIT = 100_000_000n;
const tradeId = () => randomBytes(8).toString('hex');

describe('BZU trading against the pool and buy-and-burn', () => {
  let platform: TestPlatform;
  const services = () => platform.platform.services;
  const db = () => platform.platform.infra.db;

  /** Funds a player's cash from house:deposits through the ledger, as a credited deposit does. */
  const fund = async (userId: number, currency: 'USD' | 'BZU', amount: string) => {
    await services().wallet.ledger.post({
      key: `test-fund:${randomBytes(6).toString('hex')}`,
      kind: 'deposit',
      userId,
      legs: [
        { account: { house: 'deposits' }, currency, amount: -parseUnits(amount) },
        { account: { user: userId }, currency, amount: parseUnits(amount) },
      ],
    });
  };
  const player = async (usd = '1000', bzu?: string) => {
    const signed = await signedInAccount(platform);
    const id = Number(signed.user.id);
    if (usd !== '0') await fund(id, 'USD', usd);
    if (bzu) await fund(id, 'BZU', bzu);
    return { ...signed, id };
  };
  const pool = async () => {
    const row = await db().selectFrom('token_pools').selectAll().executeTakeFirstOrThrow();
    return { bzu: BigInt(row.reserve_bzu_e8), usd: BigInt(row.reserve_usd_e8) };
  };
  const expectLedgerOk = async () => expect(await services().wallet.ledger.check()).toEqual([]);
  const snapshot = async () => {
    const { rows } = await sql<{ t: string }>`select
        (select count(*) from ledger_transactions)::text || '/' || (select count(*) from token_swaps)::text || '/' ||
        (select count(*) from token_prices)::text || '/' || (select string_agg(code || currency || balance_e8, ',' order by id) from ledger_accounts) || '/' ||
        (select reserve_bzu_e8 || ':' || reserve_usd_e8 from token_pools) as t`.execute(db());
    return rows[0]!.t;
  };
  /** Seeds house:games activity: stakes user -> house:games, payouts house:games -> user. */
  const gamesActivity = async (userId: number, stakes: string[], payouts: string[]) => {
    for (const [list, sign] of [
      [stakes, 1n],
      [payouts, -1n],
    ] as const) {
      for (const amount of list) {
        const value = parseUnits(amount) * sign;
        await services().wallet.ledger.post({
          key: `test-game:${randomBytes(6).toString('hex')}`,
          kind: sign > 0n ? 'game:stake' : 'game:payout',
          userId,
          legs: [
            { account: { user: userId }, currency: 'USD', amount: -value },
            { account: { house: 'games' }, currency: 'USD', amount: value },
          ],
        });
      }
    }
  };

  beforeAll(async () => {
    platform = await startTestPlatform({
      ...FAST_HASHING,
      ...RELAXED_LIMITS,
      ...WALLET_TEST_ENV,
      BZU_TRADE_FEE_BPS: '30',
      BZU_BURN_REVENUE_SHARE: '0.2',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('starts with the pool reserves in the ledger (genesis), so the ledger check holds', async () => {
    await expectLedgerOk();
    const { rows } = await sql<{ code: string; currency: string; balance_e8: string }>`
      select code, currency, balance_e8::text from ledger_accounts where code = 'house:bzu-pool' order by currency`.execute(
      db(),
    );
    expect(rows).toEqual([
      { code: 'house:bzu-pool', currency: 'BZU', balance_e8: String(10_000_000n * UNIT) },
      { code: 'house:bzu-pool', currency: 'USD', balance_e8: String(250_000n * UNIT) },
    ]);
  });

  it('executes exactly what it quoted, moves both balances, the pool, the fee and the price in one go, and publishes the price', async () => {
    const alice = await player('1000');
    const socket = await TestSocket.open(platform.url);
    socket.send({ type: 'subscribe', channels: ['token-price'] });
    await socket.next((f) => f.type === 'subscribed');

    // The price job's snapshot a minute ago: the reference the 24 h change is measured against.
    await services().token.prices.recordSnapshot(new Date(Date.now() - 60_000));
    await socket.next((f) => f.type === 'token-price-update');
    const before = await pool();
    const quoted = await trpc(
      platform,
      'query',
      'token.quote',
      { side: 'buy', amount: '100', slippageBps: 100 },
      alice.token,
    );
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const quote = quoted.body.result.data;
    expect(quote).toMatchObject({
      side: 'buy',
      amountIn: '100.00000000',
      fee: '0.30000000',
      feeBps: 30,
      price: '0.02500000',
      inCurrency: 'USD',
      outCurrency: 'BZU',
    });
    expect(quote.priceImpact).toBeCloseTo(0.0398, 4);
    expect(parseUnits(quote.minimumReceived)).toBe((parseUnits(quote.amountOut) * 9_900n) / 10_000n);

    const traded = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'buy', amount: '100', minOut: quote.minimumReceived, clientTradeId: tradeId() },
      alice.token,
    );
    expect(traded.status, JSON.stringify(traded.body)).toBe(200);
    const result = traded.body.result.data;
    expect(result.amountOut).toBe(quote.amountOut);
    expect(result.priceAfter).toBe(quote.priceAfter);
    expect(result.balances).toEqual({ USD: '900.00000000', BZU: quote.amountOut });
    const after = await pool();
    expect(after).toEqual({ bzu: before.bzu - parseUnits(quote.amountOut), usd: before.usd + parseUnits('99.7') });
    expect(after.bzu * after.usd >= before.bzu * before.usd).toBe(true);

    // One ledger transaction holds all five legs.
    const { rows } = await sql<{
      legs: string;
    }>`select count(*)::text as legs from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where t.kind = 'token:buy' and t.user_id = ${alice.id}`.execute(db());
    expect(rows[0]!.legs).toBe('5');
    expect(formatUnits((await services().wallet.ledger.balances(alice.id)).BZU)).toBe(quote.amountOut);

    const update = await socket.next((f) => f.type === 'token-price-update');
    expect(update.data).toMatchObject({ price: Number(quote.priceAfter), volume24h: 100 });
    const latest = await services().token.prices.latest();
    expect(latest.price).toBe(quote.priceAfter);
    expect(latest.change24h).toBeGreaterThan(0);
    socket.close();

    // Selling quotes and executes the same way, the fee coming off the USD received.
    const sellQuote = (await trpc(platform, 'query', 'token.quote', { side: 'sell', amount: '1000' }, alice.token)).body
      .result.data;
    const sold = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'sell', amount: '1000', minOut: sellQuote.amountOut, clientTradeId: tradeId() },
      alice.token,
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.result.data.amountOut).toBe(sellQuote.amountOut);
    expect(parseUnits(sold.body.result.data.balances.USD)).toBe(900n * UNIT + parseUnits(sellQuote.amountOut));
    await expectLedgerOk();
  });

  it('refuses a trade the pool moved past (409) and changes nothing; replays a clientTradeId without trading twice', async () => {
    const bob = await player('500');
    const quote = (
      await trpc(platform, 'query', 'token.quote', { side: 'buy', amount: '50', slippageBps: 0 }, bob.token)
    ).body.result.data;
    // Someone else buys first: the price rises past bob's zero-slippage minimum.
    const carol = await player('5000');
    const id = tradeId();
    const first = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'buy', amount: '2000', minOut: '0', clientTradeId: id },
      carol.token,
    );
    expect(first.status).toBe(200);
    const replay = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'buy', amount: '2000', minOut: '0', clientTradeId: id },
      carol.token,
    );
    expect(replay.body.result.data).toMatchObject({
      replayed: true,
      tradeId: first.body.result.data.tradeId,
      amountOut: first.body.result.data.amountOut,
    });
    expect((await services().wallet.ledger.balances(carol.id)).USD).toBe(3_000n * UNIT);

    const before = await snapshot();
    const refused = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'buy', amount: '50', minOut: quote.minimumReceived, clientTradeId: tradeId() },
      bob.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(
      /^The price moved: this trade would now give [\d.]+ BZU, below your minimum of [\d.]+ BZU\. Nothing was traded/,
    );
    expect(refused.body.error.data.domainCode).toBe('SLIPPAGE_EXCEEDED');
    expect(await snapshot()).toBe(before);

    // REST: same refusal; a bad amount, an empty balance and a missing session are clear 4xx.
    const rest = await http(
      platform.url,
      'POST',
      '/api/token/trade',
      { side: 'buy', amount: '50', minOut: quote.minimumReceived, clientTradeId: tradeId() },
      { token: bob.token },
    );
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ code: 'SLIPPAGE_EXCEEDED' });
    const bad = await http(
      platform.url,
      'POST',
      '/api/token/trade',
      { side: 'buy', amount: '-5', minOut: '0', clientTradeId: tradeId() },
      { token: bob.token },
    );
    expect(bad.status).toBe(400);
    const broke = await http(
      platform.url,
      'POST',
      '/api/token/trade',
      { side: 'sell', amount: '5', minOut: '0', clientTradeId: tradeId() },
      { token: bob.token },
    );
    expect(broke.status).toBe(409);
    expect(broke.body.message).toMatch(/Insufficient balance/);
    expect((await http(platform.url, 'GET', '/api/token/quote?side=buy&amount=10')).status).toBe(401);
    expect(await snapshot()).toBe(before);
    const restQuote = await http(
      platform.url,
      'GET',
      '/api/token/quote?side=buy&amount=10&slippageBps=100',
      undefined,
      { token: bob.token },
    );
    expect(restQuote.status).toBe(200);
    expect(restQuote.body).toMatchObject({ side: 'buy', amountIn: 10, fee: 0.03 });
  });

  it('serializes 50 parallel buys: each priced against the reserves the previous left, k never falls, the ledger check holds', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => player('100')));
    const before = await pool();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        services().token.trade.trade(buyers[i % 5]!.id, {
          side: 'buy',
          amount: parseUnits('9'),
          minOut: '0',
          clientTradeId: `parallel-${i}-${tradeId()}`,
        }),
      ),
    );
    expect(results.every((r) => !r.replayed)).toBe(true);
    const after = await pool();
    const bought = results.reduce((sum, r) => sum + parseUnits(r.amountOut), 0n);
    expect(after.bzu).toBe(before.bzu - bought);
    // Each buy's fee went to the house, the rest into the pool (holders reaching Bronze pay 0.27 %, not 0.3 %).
    const fees = results.reduce((sum, r) => sum + parseUnits(r.fee), 0n);
    expect(after.usd).toBe(before.usd + 50n * parseUnits('9') - fees);
    expect(new Set(results.map((r) => r.fee))).toEqual(new Set(['0.02700000', '0.02430000']));
    expect(after.bzu * after.usd >= before.bzu * before.usd).toBe(true);
    // Serialized: replaying the trades in commit order against the starting reserves reproduces
    // every amount exactly (each was priced against the reserves the one before left).
    let replay = before;
    for (const r of [...results].sort((a, b) => Number(a.tradeId) - Number(b.tradeId))) {
      const q = quoteTrade(replay, 'buy', parseUnits('9'), r.fee === '0.02700000' ? 30 : 27);
      expect(formatUnits(q.amountOut)).toBe(r.amountOut);
      expect(formatUnits(q.priceAfter)).toBe(r.priceAfter);
      replay = q.reservesAfter;
    }
    expect(replay).toEqual(after);
    for (const buyer of buyers) expect((await services().wallet.ledger.balances(buyer.id)).USD).toBe(10n * UNIT);
    await expectLedgerOk();
  });

  it('gives holders their tier: a lower fee, shown with the rakeback boost and raffle tickets; holdings show cost and P/L', async () => {
    const holder = await player('1000', '2100');
    const utility = (await trpc(platform, 'query', 'token.utility', undefined, holder.token)).body.result.data;
    expect(utility).toMatchObject({
      bzu: '2100.00000000',
      baseFeeBps: 30,
      feeBps: 27,
      tier: { id: 'bronze', rakebackBoostPercent: 5, raffleTickets: 1, feeDiscountPercent: 10 },
    });
    const quote = (await trpc(platform, 'query', 'token.quote', { side: 'buy', amount: '100' }, holder.token)).body
      .result.data;
    expect(quote).toMatchObject({ feeBps: 27, fee: '0.27000000' });
    await services().token.trade.trade(holder.id, {
      side: 'buy',
      amount: 100n * UNIT,
      minOut: '0',
      clientTradeId: tradeId(),
    });

    const holdings = (await trpc(platform, 'query', 'token.holdings', undefined, holder.token)).body.result.data;
    const bzu = parseUnits(holdings.bzu);
    expect(bzu > 2100n * UNIT).toBe(true);
    expect(parseUnits(holdings.usdValue)).toBe((bzu * parseUnits(holdings.price)) / UNIT);
    expect(holdings.tradeCount).toBe(1);
    // Average cost: 100 USD over the BZU bought, above the price now (fee and impact).
    expect(parseUnits(holdings.averageCost)).toBe((100n * UNIT * UNIT) / parseUnits(holdings.totalBought));
    expect(parseUnits(holdings.unrealizedPnl) < 0n).toBe(true);
    expect(holdings.history.map((p: { bzu: string }) => p.bzu)).toEqual(['2100.00000000', holdings.bzu]);
  });

  it('refuses a self-excluded player and changes nothing', async () => {
    const dave = await player('100');
    expect((await trpc(platform, 'mutation', 'account.selfExclude', { period: '7d' }, dave.token)).status).toBe(200);
    const before = await snapshot();
    const refused = await trpc(
      platform,
      'mutation',
      'token.trade',
      { side: 'buy', amount: '10', minOut: '0', clientTradeId: tradeId() },
      dave.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.domainCode).toBe('SELF_EXCLUDED');
    expect(await snapshot()).toBe(before);
  });

  it('burns the formula share of an hour of house games revenue once, skips a losing hour, and supply and /token/burn follow', async () => {
    // This test and the next rely on the revenue staying in the current hour until the next one's CLI call.
    await clearOfPeriodBoundary(3_600_000, 20_000);
    const gambler = await player('10000');
    const start = new Date(Date.now() - 1_000);
    // Stakes 300 + 200, payouts 120: net revenue 380 USD.
    await gamesActivity(gambler.id, ['300', '200'], ['120']);
    const end = new Date(Date.now() + 5);
    await new Promise((resolve) => setTimeout(resolve, 10));

    const supplyBefore = await services().token.prices.supply();
    const poolBefore = await pool();
    const outcome = await services().token.burn.burnPeriod(start, end);
    const revenue = 380n * UNIT;
    const spent = (revenue * 200_000n) / 1_000_000n;
    const expectedBzu = (spent * poolBefore.bzu) / (poolBefore.usd + spent);
    expect(outcome).toMatchObject({
      result: 'burned',
      revenue: formatUnits(revenue),
      share: '0.2',
      usdSpent: formatUnits(spent),
      bzuBought: formatUnits(expectedBzu),
    });
    const supply = await services().token.prices.supply();
    expect(parseUnits(supply.burned) - parseUnits(supplyBefore.burned)).toBe(expectedBzu);
    expect(parseUnits(supply.totalSupply)).toBe(parseUnits(supply.maxSupply) - parseUnits(supply.burned));
    expect(await pool()).toEqual({ bzu: poolBefore.bzu - expectedBzu, usd: poolBefore.usd + spent });

    // A second run (a retried or duplicated job) burns nothing.
    const again = await services().token.burn.burnPeriod(start, end);
    expect(again).toMatchObject({ result: 'already-done', status: 'burned', bzuBought: '0.00000000' });
    expect((await services().token.prices.supply()).burned).toBe(supply.burned);
    await expectLedgerOk();

    const burns = await http(platform.url, 'GET', '/token/burn');
    expect(burns.body.burns[0]).toMatchObject({
      amount: Number(formatUnits(expectedBzu)),
      usdValue: 76,
      reason: 'buy-and-burn',
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
      revenue: 380,
      share: 0.2,
      usdSpent: 76,
      bzuBought: Number(formatUnits(expectedBzu)),
    });
    expect(burns.body.totalBurned).toBe(Number(supply.burned));

    // A losing period: payouts beat stakes; recorded as skipped with the reason, nothing burned.
    const lossStart = new Date(Date.now());
    await gamesActivity(gambler.id, ['10'], ['60']);
    const lossEnd = new Date(Date.now() + 5);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const loss = await services().token.burn.burnPeriod(lossStart, lossEnd);
    expect(loss).toMatchObject({
      result: 'skipped',
      revenue: '-50.00000000',
      reason: 'No net gaming revenue in the period (-50.00000000 USD)',
    });
    expect((await services().token.prices.supply()).burned).toBe(supply.burned);
    const listed = (await trpc(platform, 'query', 'token.burns', { limit: 5 })).body.result.data;
    expect(listed.periods[0]).toMatchObject({ status: 'skipped', revenue: '-50.00000000' });
    await expectLedgerOk();
  });

  it('the hourly job burns the last closed hour once even when run twice, and refuses an hour that has not closed', async () => {
    const context = (jobId: string) => testJobContext(platform, jobId);
    const tick = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const first = (await tokenBurnHandlers.hour({}, context(`repeat:token-burn-hourly:${tick}`))) as {
      result: string;
      periodStart: string;
    };
    // Nothing was played in the previous hour: skipped, with the period it looked at.
    expect(first).toMatchObject({ result: 'skipped', periodStart: previousHour(new Date(tick + 1)).toISOString() });
    const second = (await tokenBurnHandlers.hour({}, context(`repeat:token-burn-hourly:${tick}`))) as {
      result: string;
    };
    expect(second.result).toBe('already-done');
    await expect(services().token.burn.burnHour(new Date(tick))).rejects.toMatchObject({ code: 'PERIOD_NOT_CLOSED' });

    // A worker that was down for two hours catches up on the missed hours, oldest first, once
    // (from the hour after the newest decided period: the earlier tests' periods lie in this hour).
    const later = new BurnService(
      {
        db: db(),
        ledger: services().wallet.ledger,
        recordSwapPrice: async () => null,
        now: () => new Date(tick + 3 * 3_600_000 + 1_000),
      },
      { sharePpm: 200_000 },
    );
    const caughtUp = await later.burnDueHours(new Date(tick + 3 * 3_600_000));
    expect(caughtUp.map((o) => [o.periodStart, o.result === 'already-done'])).toEqual([
      [new Date(tick + 3_600_000).toISOString(), false],
      [new Date(tick + 2 * 3_600_000).toISOString(), false],
    ]);
    expect((await later.burnDueHours(new Date(tick + 3 * 3_600_000))).map((o) => o.result)).toEqual(['already-done']);
    await expectLedgerOk();

    // The operator command: the same hour again does nothing; an older hour is decided once.
    const printed: string[] = [];
    const cli = (args: string[]) =>
      dispatch(['token:burn', ...args], { services: services(), print: (line) => printed.push(line) });
    await cli([]);
    expect(printed.pop()).toMatch(
      /: already skipped \(No net gaming revenue in the period \(0\.00000000 USD\)\); nothing done$/,
    );
    const older = new Date(tick - 5 * 3_600_000).toISOString();
    await cli(['--hour', older]);
    expect(printed.pop()).toBe(
      `${older} - ${new Date(tick - 4 * 3_600_000).toISOString()}: revenue 0.00000000 USD x share 0.2: skipped (No net gaming revenue in the period (0.00000000 USD))`,
    );
    await expect(cli(['--hour', 'yesterday'])).rejects.toThrow(/"yesterday" is not an ISO date-time/);
    await expect(cli(['--hour', new Date(tick - 5 * 3_600_000 + 60_000).toISOString()])).rejects.toMatchObject({
      code: 'INVALID_PERIOD',
    });
  });
});
