import type { Db } from '../../../../db/client.js';
import {
  bzuBalanceHistory,
  findSwapByKey,
  insertSwap,
  lockPool,
  setPoolReserves,
  userSwaps,
  type SwapRow,
} from '../../../../db/repositories/token-economy.repo.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import { findPoolReserves } from '../../../../db/repositories/token.repo.js';
import { DomainError } from '../errors.js';
import type { LedgerService, Leg } from '../wallet/ledger.service.js';
import type { ResponsibleGamingService } from '../wallet/responsible-gaming.service.js';
import { discountedFeeBps, HOLDER_TIERS, holderTier, nextHolderTier, type HolderTier } from './holder-tiers.js';
import {
  InsufficientLiquidityError,
  minimumReceived,
  ppmToPercent,
  quoteTrade,
  TradeTooSmallError,
  type TradeQuote,
  type TradeSide,
} from './pool-trade.js';
import type { TokenData } from './token.schemas.js';
import { formatUnits, parseUnits, UNIT } from './token-units.js';
import type { QuoteInput, TradeInput, TradeQuoteView, TradeResultView } from './trade.schemas.js';

export interface TradeServiceDeps {
  db: Db;
  ledger: LedgerService;
  responsibleGaming: Pick<ResponsibleGamingService, 'assertCanPlay'>;
  /** Records the swap's price point and publishes token-price-update (TokenService.recordSwapPrice). */
  recordSwapPrice(price: bigint, at: Date): Promise<TokenData | null>;
  onPriceError?(error: unknown): void;
}

export interface TradeServiceOptions {
  /** The trade fee before the holder discount, basis points (30 = 0.3 %). */
  feeBps: number;
}

/**
 * Buying and selling BZU against the platform's BZU/USD pool with the player's cash balances. A
 * trade is one LedgerService.transact: the pool row is locked, priced, the player's USD and BZU,
 * the pool's house accounts and the house fee account are posted, and the reserves and the trade
 * row are written, or nothing is.
 */
export class TokenTradeService {
  constructor(
    private readonly deps: TradeServiceDeps,
    private readonly options: TradeServiceOptions,
  ) {}

  async quote(userId: number, input: QuoteInput): Promise<TradeQuoteView> {
    const reserves = await findPoolReserves(this.deps.db);
    if (!reserves) throw poolMissing();
    const { BZU } = await this.deps.ledger.balances(userId);
    const quote = price(reserves, input.side, input.amount, discountedFeeBps(this.options.feeBps, BZU));
    return this.view(quote, input.slippageBps);
  }

  async trade(userId: number, input: TradeInput): Promise<TradeResultView> {
    const minOut = parseUnits(input.minOut);
    const key = `token:trade:${userId}:${input.clientTradeId}`;
    const outcome = await this.deps.ledger.transact(async (tx) => {
      const reserves = await lockPool(tx.trx);
      if (!reserves) throw poolMissing();
      // Under the pool lock: a duplicate request waits for the first and then finds its row.
      const earlier = await findSwapByKey(tx.trx, key);
      if (earlier) return { swap: earlier, replayed: true };
      await this.deps.responsibleGaming.assertCanPlay(userId, tx.trx);

      const bzuHeld = await accountBalance(tx.trx, `user:${userId}`, 'BZU');
      const quote = price(reserves, input.side, input.amount, discountedFeeBps(this.options.feeBps, bzuHeld));
      if (quote.amountOut < minOut) {
        const unit = input.side === 'buy' ? 'BZU' : 'USD';
        throw new DomainError(
          'CONFLICT',
          `The price moved: this trade would now give ${formatUnits(quote.amountOut)} ${unit}, below your minimum of ${formatUnits(minOut)} ${unit}. Nothing was traded; get a new quote.`,
          {
            code: 'SLIPPAGE_EXCEEDED',
            details: { amountOut: formatUnits(quote.amountOut), minOut: formatUnits(minOut) },
          },
        );
      }
      const posted = await tx.post({
        key,
        kind: `token:${input.side}`,
        userId,
        memo: {
          side: input.side,
          amountIn: formatUnits(quote.amountIn),
          amountOut: formatUnits(quote.amountOut),
          fee: formatUnits(quote.fee),
        },
        legs: tradeLegs(userId, quote),
      });
      await setPoolReserves(tx.trx, quote.reservesAfter);
      const swap = await insertSwap(tx.trx, {
        userId,
        kind: 'trade',
        side: input.side,
        bzuAmount: input.side === 'buy' ? quote.amountOut : quote.amountIn,
        usdAmount: input.side === 'buy' ? quote.amountIn : quote.amountOut,
        fee: quote.fee,
        priceAfter: quote.priceAfter,
        idempotencyKey: key,
        ledgerTransactionId: posted.transactionId,
      });
      return { swap, replayed: false };
    });
    if (!outcome.replayed && outcome.swap.priceAfter !== null) {
      // After the commit: subscribers never see a price the pool does not have.
      await this.deps
        .recordSwapPrice(outcome.swap.priceAfter, outcome.swap.createdAt)
        .catch((error: unknown) => this.deps.onPriceError?.(error));
    }
    const balances = await this.deps.ledger.balances(userId);
    return {
      ...swapView(outcome.swap),
      replayed: outcome.replayed,
      balances: { USD: formatUnits(balances.USD), BZU: formatUnits(balances.BZU) },
    };
  }

  /** The player's BZU, its value, cost basis and profit/loss from their trades, and its history. */
  async holdings(userId: number) {
    const [balances, reserves, swaps, history] = await Promise.all([
      this.deps.ledger.balances(userId),
      findPoolReserves(this.deps.db),
      userSwaps(this.deps.db, userId),
      bzuBalanceHistory(this.deps.db, userId),
    ]);
    if (!reserves) throw poolMissing();
    const spot = (reserves.usd * UNIT) / reserves.bzu;
    const basis = costBasis(swaps);
    const bzu = balances.BZU;
    // BZU that came from deposits has no known cost: profit/loss covers what was bought here and is still held.
    const tradedHeld = basis.position < bzu ? basis.position : bzu;
    const costHeld = basis.position > 0n ? (basis.cost * tradedHeld) / basis.position : 0n;
    const unrealized = (tradedHeld * spot) / UNIT - costHeld;
    return {
      bzu: formatUnits(bzu),
      usd: formatUnits(balances.USD),
      price: formatUnits(spot),
      usdValue: formatUnits((bzu * spot) / UNIT),
      averageCost: basis.position > 0n ? formatUnits((basis.cost * UNIT) / basis.position) : null,
      tradedBzuHeld: formatUnits(tradedHeld),
      costBasis: formatUnits(costHeld),
      realizedPnl: formatUnits(basis.realized),
      unrealizedPnl: formatUnits(unrealized),
      totalPnl: formatUnits(basis.realized + unrealized),
      totalBought: formatUnits(basis.bought),
      totalSold: formatUnits(basis.sold),
      tradeCount: swaps.length,
      tier: tierView(holderTier(bzu)),
      history: history.map((point) => ({ t: point.at.toISOString(), bzu: formatUnits(point.balance) })),
      recentTrades: swaps
        .slice(-20)
        .reverse()
        .map((swap) => swapView(swap)),
    };
  }

  /** The holder tier table and where the player stands in it. */
  async utility(userId: number) {
    const { BZU } = await this.deps.ledger.balances(userId);
    const next = nextHolderTier(BZU);
    return {
      bzu: formatUnits(BZU),
      baseFeeBps: this.options.feeBps,
      feeBps: discountedFeeBps(this.options.feeBps, BZU),
      tier: tierView(holderTier(BZU)),
      nextTier: next ? { ...tierView(next), bzuNeeded: formatUnits(next.minBzu - BZU) } : null,
      tiers: HOLDER_TIERS.map(tierView),
    };
  }

  private view(quote: TradeQuote, slippageBps: number): TradeQuoteView {
    return {
      side: quote.side,
      amountIn: formatUnits(quote.amountIn),
      amountOut: formatUnits(quote.amountOut),
      fee: formatUnits(quote.fee),
      feeBps: quote.feeBps,
      baseFeeBps: this.options.feeBps,
      price: formatUnits(quote.priceBefore),
      priceAfter: formatUnits(quote.priceAfter),
      executionPrice: formatUnits(quote.executionPrice),
      priceImpact: ppmToPercent(quote.priceImpactPpm),
      slippageBps,
      minimumReceived: formatUnits(minimumReceived(quote.amountOut, slippageBps)),
      inCurrency: quote.side === 'buy' ? 'USD' : 'BZU',
      outCurrency: quote.side === 'buy' ? 'BZU' : 'USD',
    };
  }
}

/** Pool pricing with its range errors turned into clear 400s. */
function price(reserves: { bzu: bigint; usd: bigint }, side: TradeSide, amount: bigint, feeBps: number): TradeQuote {
  try {
    return quoteTrade(reserves, side, amount, feeBps);
  } catch (error) {
    if (error instanceof TradeTooSmallError)
      throw new DomainError('BAD_REQUEST', error.message, { code: 'AMOUNT_TOO_SMALL' });
    if (error instanceof InsufficientLiquidityError)
      throw new DomainError('BAD_REQUEST', error.message, { code: 'INSUFFICIENT_LIQUIDITY' });
    throw error;
  }
}

/** The ledger legs of one trade: player <-> pool in both currencies, the fee to house:fees. */
export function tradeLegs(userId: number, quote: TradeQuote): Leg[] {
  const player = { user: userId };
  const pool = { house: 'bzu-pool' as const };
  const fee: Leg[] = quote.fee > 0n ? [{ account: { house: 'fees' }, currency: 'USD', amount: quote.fee }] : [];
  if (quote.side === 'buy') {
    return [
      { account: player, currency: 'USD', amount: -quote.amountIn },
      { account: pool, currency: 'USD', amount: quote.amountIn - quote.fee },
      ...fee,
      { account: pool, currency: 'BZU', amount: -quote.amountOut },
      { account: player, currency: 'BZU', amount: quote.amountOut },
    ];
  }
  return [
    { account: player, currency: 'BZU', amount: -quote.amountIn },
    { account: pool, currency: 'BZU', amount: quote.amountIn },
    { account: pool, currency: 'USD', amount: -(quote.amountOut + quote.fee) },
    ...fee,
    { account: player, currency: 'USD', amount: quote.amountOut },
  ];
}

/**
 * Average-cost basis over the player's trades, oldest first: buys add BZU at the USD paid (fee
 * included); sells take cost out in proportion and realise proceeds minus that cost. BZU sold
 * beyond what was bought here (deposited BZU) has no known cost and is left out.
 */
export function costBasis(swaps: Pick<SwapRow, 'side' | 'bzuAmount' | 'usdAmount'>[]) {
  let position = 0n;
  let cost = 0n;
  let realized = 0n;
  let bought = 0n;
  let sold = 0n;
  for (const swap of swaps) {
    if (swap.side === 'buy') {
      position += swap.bzuAmount;
      cost += swap.usdAmount;
      bought += swap.bzuAmount;
      continue;
    }
    sold += swap.bzuAmount;
    if (position === 0n) continue;
    const matched = swap.bzuAmount < position ? swap.bzuAmount : position;
    const costOut = (cost * matched) / position;
    const proceeds = (swap.usdAmount * matched) / swap.bzuAmount;
    realized += proceeds - costOut;
    cost -= costOut;
    position -= matched;
  }
  return { position, cost, realized, bought, sold };
}

function swapView(swap: SwapRow) {
  return {
    tradeId: swap.id,
    side: swap.side,
    amountIn: formatUnits(swap.side === 'buy' ? swap.usdAmount : swap.bzuAmount),
    amountOut: formatUnits(swap.side === 'buy' ? swap.bzuAmount : swap.usdAmount),
    fee: formatUnits(swap.fee),
    priceAfter: formatUnits(swap.priceAfter ?? 0n),
    createdAt: swap.createdAt.toISOString(),
  };
}

export function tierView(tier: HolderTier) {
  return {
    id: tier.id,
    name: tier.name,
    minBzu: formatUnits(tier.minBzu),
    feeDiscountPercent: tier.feeDiscountBps / 100,
    rakebackBoostPercent: tier.rakebackBoostBps / 100,
    raffleTickets: tier.raffleTickets,
  };
}

function poolMissing(): DomainError {
  return new DomainError('UNAVAILABLE', 'The BZU/USD pool is not initialised');
}
