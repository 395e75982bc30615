import type { QueueName } from '../../../server/src/infra/queues.js';
import { economyHandlers } from './economy.processor.js';
import { emailHandlers } from './email.processor.js';
import { housekeepingHandlers } from './housekeeping.processor.js';
import { tokenBurnHandlers } from './token-burn.processor.js';
import { tokenHandlers } from './token-price.processor.js';
import type { QueueHandlers } from './types.js';
import { walletHandlers } from './wallet.processor.js';
import { sportsFeedHandlers, sportsHandlers } from './sports.processor.js';
import { raffleHandlers } from './raffle.processor.js';
import { promotionsHandlers } from './promotions.processor.js';

/** Every queue the worker consumes, with its handlers. */
export const processors: { [Q in QueueName]: QueueHandlers<Q> } = {
  housekeeping: housekeepingHandlers,
  token: tokenHandlers,
  'token-burn': tokenBurnHandlers,
  email: emailHandlers,
  wallet: walletHandlers,
  economy: economyHandlers,
  sports: sportsHandlers,
  'sports-feed': sportsFeedHandlers,
  raffle: raffleHandlers,
  promotions: promotionsHandlers,
};
