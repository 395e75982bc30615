import type { PlatformEvents } from '../domain/events/platform-events.js';
import { BetEngine, type BetEngineDeps } from '../domain/games/engine/bet-engine.js';
import { FairnessService } from '../domain/games/fairness.service.js';
import { GamesService } from '../domain/games/games.service.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { WalletServices } from './wallet.js';

/** Originals: seed pairs, the bet engine over the ledger, and the read side (catalogue, bet history, feed). */
export function createGames(
  infra: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<WalletServices, 'ledger' | 'responsibleGaming' | 'referrals' | 'playLimits'>,
  economy?: BetEngineDeps['economy'],
) {
  const { env, db } = infra;
  const limits = env.config.games;
  const logger = createLogger(env.LOG_LEVEL, 'games');
  const fairness = new FairnessService({ db });
  const engine = new BetEngine(
    {
      db,
      ledger: wallet.ledger,
      fairness,
      assertCanPlay: (userId, db) => wallet.responsibleGaming.assertCanPlay(userId, db),
      playLimits: wallet.playLimits,
      referrals: wallet.referrals,
      events: {
        gameResult: (payload) => events.gameResult(payload),
        bet: (payload, highRoller) => events.bet(payload, highRoller),
      },
      onAfterCommitError: (error, what) => logger.warn({ err: error }, `${what} failed after a bet committed`),
      economy,
    },
    limits,
  );
  const history = new GamesService({ db }, limits);
  return { engine, fairness, history };
}

export type GameServices = ReturnType<typeof createGames>;
