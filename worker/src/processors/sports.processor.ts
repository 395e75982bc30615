import { DomainError } from '../../../server/src/domain/errors.js';
import type { QueueHandlers } from './types.js';

export const sportsHandlers: QueueHandlers<'sports'> = {
  /** Settles every bet on the market from its current results; a repeat changes nothing. */
  async 'settle-market'({ marketId, resultVersion }, { services, logger }) {
    const result = await services.sports.bets.settleMarket(marketId);
    logger.info({ marketId, resultVersion, ...result }, 'sports market settled');
    return result;
  },
};

export const sportsFeedHandlers: QueueHandlers<'sports-feed'> = {
  /** Polls the HTTP feed; a 429 pauses the sports queue for the feed's Retry-After. */
  async poll(_data, context) {
    try {
      return await context.services.sports.catalogue.pollFeed();
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'TOO_MANY_REQUESTS') {
        const waitMs = (error.retryAfterSeconds ?? 60) * 1_000;
        context.logger.warn({ waitMs }, 'sports feed rate-limited us; pausing the sports-feed queue');
        return context.rateLimit(waitMs);
      }
      throw error;
    }
  },
};
