import type { BetEngineDeps } from '../domain/games/engine/bet-engine.js';
import type { PlatformEvents } from '../domain/events/platform-events.js';
import { PromotionConsole } from '../domain/promotions/console.service.js';
import { GrantService } from '../domain/promotions/grants.service.js';
import { PromotionsService } from '../domain/promotions/promotions.service.js';
import { RaceService } from '../domain/promotions/races.service.js';
import { BonusService } from '../domain/promotions/bonuses.service.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { WalletServices } from './wallet.js';

/** Promotions (docs/promotions.md): wager races, promo codes, reloads, and the operator's console over them. */
export function createPromotions(
  infra: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<WalletServices, 'ledger'>,
) {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'promotions');
  const races = new RaceService({
    db,
    ledger: wallet.ledger,
    announce: (update) => events.raceUpdate(update),
    onBackgroundError: (error, what) => logger.warn({ err: error }, `${what} failed`),
  });
  const grants = new GrantService({ db, ledger: wallet.ledger });
  const bonuses = new BonusService({ db, ledger: wallet.ledger });
  return {
    player: new PromotionsService({ db }, races, grants, bonuses),
    races,
    grants,
    bonuses,
    console: new PromotionConsole({ db, racesChanged: () => races.liveRaces.invalidate() }),
  };
}

export type PromotionServices = ReturnType<typeof createPromotions>;

/**
 * The bet engine's per-bet accrual port with the promotions counted first (race boards, bonus wagering): when they
 * fail, the XP accrual (whose row the repair sweep looks for) is not written either, so the sweep retries all of
 * them; each is idempotent per bet.
 */
export function withPromotionAccruals(
  economy: BetEngineDeps['economy'],
  promotions: { races: Pick<RaceService, 'onBetSettled'>; bonuses: Pick<BonusService, 'onBetSettled'> },
): NonNullable<BetEngineDeps['economy']> {
  return {
    async onBetSettled(bet) {
      await Promise.all([promotions.races.onBetSettled(bet), promotions.bonuses.onBetSettled(bet)]);
      return economy?.onBetSettled(bet);
    },
  };
}
