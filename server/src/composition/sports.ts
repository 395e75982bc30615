import type { PlatformEvents } from '../domain/events/platform-events.js';
import { SportsBetsService } from '../domain/sports/sports-bets.service.js';
import { SportsCatalogueService } from '../domain/sports/sports.service.js';
import { httpSportsFeed } from '../infra/http-sports-feed.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { WalletServices } from './wallet.js';

/** The sportsbook: the catalogue (operator console + HTTP feed) and bets over the wallet's ledger. */
export function createSports(
  infra: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<WalletServices, 'ledger' | 'responsibleGaming' | 'playLimits'>,
) {
  const { env, db, jobs } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'sports');
  const onBackgroundError = (error: unknown, what: string) => logger.warn({ err: error }, `${what} failed`);
  const catalogue = new SportsCatalogueService({
    db,
    events,
    enabled: env.SPORTS_ENABLED,
    feed: env.SPORTS_FEED_URL
      ? httpSportsFeed({
          url: env.SPORTS_FEED_URL,
          timeoutMs: env.SPORTS_FEED_TIMEOUT_MS,
          token: env.SPORTS_FEED_TOKEN,
        })
      : undefined,
    settlement: {
      enqueue: (marketId, resultVersion) =>
        jobs.enqueue(
          'sports',
          'settle-market',
          { marketId, resultVersion },
          { jobId: `sports-settle-${marketId}-v${resultVersion}` },
        ),
    },
    onBackgroundError,
  });
  const bets = new SportsBetsService(
    {
      db,
      ledger: wallet.ledger,
      responsibleGaming: wallet.responsibleGaming,
      playLimits: wallet.playLimits,
      events,
      assertEnabled: () => catalogue.assertEnabled(),
      onBackgroundError,
    },
    env.config.sports,
  );
  return { catalogue, bets };
}

export type SportsServices = ReturnType<typeof createSports>;
