import { UnrecoverableError } from 'bullmq';
import { DomainError } from '../../../server/src/domain/errors.js';
import type { QueueHandlers } from './types.js';

export const walletHandlers: QueueHandlers<'wallet'> = {
  /** Sends an approved withdrawal through the payout adapter; a no-op for any other status. */
  async payout({ withdrawalId }, { services, logger, attempt }) {
    try {
      const result = await services.wallet.withdrawals.processPayout(withdrawalId);
      logger.info({ withdrawalId, status: result?.status, attempt }, 'payout job done');
      return { status: result?.status };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'NOT_FOUND')
        throw new UnrecoverableError(`Withdrawal ${withdrawalId} does not exist`);
      throw error;
    }
  },
};
