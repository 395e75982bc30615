import { DomainError } from '../../errors.js';
import { formatAmount, type Currency } from '../../wallet/amounts.js';
import { ratio, type Ratio } from '../shared/ratio.js';
import type { GameLimits, StakeInput } from './types.js';

/** The operator's limits applied to a bet: parameters, the minimum, the profit limit, the high-rollers threshold. */
export class BetChecks {
  constructor(private readonly limits: GameLimits) {}

  checkParams(message: string | null): void {
    if (message) throw new DomainError('BAD_REQUEST', message, { code: 'BAD_REQUEST' });
  }

  checkMinimum(stake: StakeInput): void {
    const min = this.limits.minBet[stake.currency];
    if (stake.amount < min) {
      throw new DomainError('BAD_REQUEST', `The minimum bet is ${formatAmount(min)} ${stake.currency}`, {
        code: 'BAD_REQUEST',
        details: { minBet: formatAmount(min) },
      });
    }
  }

  /** A single-step bet whose win would pass the profit limit is refused (multi-step rounds are capped instead). */
  checkMaxProfit(stake: StakeInput, maxPayout: bigint): void {
    // The most this bet can cost the house, exactly.
    const maxProfit = maxPayout - stake.amount;
    const limit = this.limits.maxProfit[stake.currency];
    if (maxProfit > limit) {
      throw new DomainError(
        'CONFLICT',
        `This bet could win more than the maximum profit of ${formatAmount(limit)} ${stake.currency}`,
        {
          code: 'MAX_PROFIT',
          details: { maxProfit: formatAmount(limit) },
        },
      );
    }
  }

  /** A settled instant bet of a game that caps rather than refuses: a profit past the limit pays exactly the limit. */
  profitCapped<O>(
    game: { capsAtProfitLimit?: boolean },
    settled: { outcome: O; multiplier: Ratio; payout: bigint },
    stake: StakeInput,
  ) {
    const limit = this.limits.maxProfit[stake.currency];
    if (!game.capsAtProfitLimit || settled.payout - stake.amount <= limit) return settled;
    const payout = stake.amount + limit;
    return {
      outcome: { ...(settled.outcome as object), capped: true } as O,
      multiplier: ratio(payout, stake.amount),
      payout,
    };
  }

  /** The multiplier at which a stake's profit reaches the profit limit: where a riding round bet is cashed out. */
  profitCapAt(amount: bigint, currency: Currency): Ratio {
    return ratio(amount + this.limits.maxProfit[currency], amount);
  }

  isHighRoller(currency: Currency, amount: bigint, payout: bigint): boolean {
    const threshold = this.limits.highRoller[currency];
    return amount >= threshold || payout >= threshold;
  }
}
