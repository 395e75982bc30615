import type { QueueHandlers } from './types.js';

/**
 * Every 30 s: races past their end get their board frozen and each prize paid, once. A retried, late or duplicated
 * job finds them finalised (row lock) and their awards paid (award row lock, one ledger key per place).
 */
export const promotionsHandlers: QueueHandlers<'promotions'> = {
  async 'settle-races'(_data, context) {
    const result = await context.services.promotions.races.settleDue();
    if (result.finalised.length > 0 || result.paid > 0) context.logger.info({ ...result }, 'races settled');
    return result;
  },
  async 'expire-bonuses'(_data, context) {
    const expired = await context.services.promotions.bonuses.expireDue();
    if (expired.length > 0) context.logger.info({ expired }, 'bonuses expired');
    return { expired };
  },
};
