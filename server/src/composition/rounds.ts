import type { PlatformEvents } from '../domain/events/platform-events.js';
import { RoundService } from '../domain/rounds/round.service.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { GameServices } from './games.js';

/** Round games (crash, wheel, bingo): bets and cash-outs on every server process; the worker's runners move the rounds. */
export function createRounds(
  infra: Infrastructure,
  events: PlatformEvents,
  games: Pick<GameServices, 'engine'>,
): RoundService {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'rounds');
  return new RoundService({
    db,
    bets: games.engine,
    events,
    onBackgroundError: (error, what) => logger.warn({ err: error }, `${what} failed`),
    settings: { bingo: env.config.bingo },
  });
}
