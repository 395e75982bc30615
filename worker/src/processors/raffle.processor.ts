import type { QueueHandlers } from './types.js';

/**
 * The raffle tick (every 60 s): closes and draws every raffle past its close, then opens the current period's. Each
 * step is decided under the raffle's row lock by its state, so a retried, late or duplicated tick does each once.
 */
export const raffleHandlers: QueueHandlers<'raffle'> = {
  async tick(_data, context) {
    const result = await context.services.raffle.tick();
    if (result.opened || result.closed.length > 0 || result.drawn.length > 0)
      context.logger.info({ ...result }, 'raffle tick');
    return result;
  },
};
