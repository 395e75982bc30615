import { ProviderWalletService } from '../domain/providers/provider-wallet.service.js';
import { ProvidersService } from '../domain/providers/providers.service.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { GameServices } from './games.js';
import type { WalletServices } from './wallet.js';

/** Third-party game providers: their configuration and launches, and the seamless wallet they call (docs/providers.md). */
export function createProviders(
  infra: Infrastructure,
  wallet: Pick<WalletServices, 'ledger' | 'responsibleGaming' | 'playLimits'>,
  games: Pick<GameServices, 'engine'>,
) {
  const { env, db } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'providers');
  const registry = new ProvidersService({
    db,
    publicUrl: env.publicUrl,
    assertCanPlay: (userId) => wallet.responsibleGaming.assertCanPlay(userId),
  });
  const providerWallet = new ProviderWalletService(
    {
      db,
      ledger: wallet.ledger,
      accrueWager: (wager, houseEdgePpm) => games.engine.accrueWager(wager, houseEdgePpm),
      playLimits: wallet.playLimits,
      onAfterCommitError: (error, what) =>
        logger.warn({ err: error }, `${what} failed after a provider call committed`),
    },
    // The originals' minimum bet; the largest stake and the most profit a round may make are the originals' profit
    // limit; a provider's wins are also capped by its game's declared maximum multiplier.
    {
      minBet: env.config.games.minBet,
      maxBet: env.config.games.maxProfit,
      maxProfit: env.config.games.maxProfit,
      hourlyPayoutLimit: env.config.providers.hourlyPayoutLimit,
    },
  );
  return { registry, wallet: providerWallet };
}
