import type { ChatService } from '../domain/chat/chat.service.js';
import type { EventOutbox } from '../domain/events/event-outbox.js';
import { RaffleService } from '../domain/raffle/raffle.service.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { WalletServices } from './wallet.js';

/** Raffles: tickets from settled bets, the pool from the house's revenue, prizes through the ledger (docs/raffle.md). */
export function createRaffle(
  infra: Infrastructure,
  outbox: EventOutbox,
  wallet: Pick<WalletServices, 'ledger' | 'responsibleGaming'>,
  chat: Pick<ChatService, 'postSystemLine'>,
): RaffleService {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'raffle');
  return new RaffleService(
    {
      db,
      ledger: wallet.ledger,
      outbox,
      chat: { post: (line) => chat.postSystemLine(line) },
      isExcluded: (userId) => wallet.responsibleGaming.isExcluded(userId),
      onBackgroundError: (error, what) => logger.warn({ err: error }, `${what} failed`),
    },
    env.config.raffle,
  );
}
