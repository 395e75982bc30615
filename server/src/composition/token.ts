import type { PlatformEvents } from '../domain/events/platform-events.js';
import { TOKEN_PRICE_TICK_MS, TokenService } from '../domain/token/token.service.js';
import { BurnService } from '../domain/token/burn.service.js';
import { TokenTradeService } from '../domain/token/trade.service.js';
import { createLogger } from '../infra/logger.js';
import { httpPriceSource } from '../infra/http-price-source.js';
import { redisTokenCache } from '../infra/token-cache.js';
import type { Infrastructure } from '../infrastructure.js';
import type { WalletServices } from './wallet.js';

/** The BZU price feed, trading and buy-and-burn; trades and burns move money through the ledger and each swap records a price point. */
export function createToken(
  infra: Infrastructure,
  events: PlatformEvents,
  wallet: Pick<WalletServices, 'ledger' | 'responsibleGaming'>,
) {
  const { env, db, redis } = infra;
  const logger = createLogger(env.LOG_LEVEL, 'token');
  const prices = new TokenService(
    {
      db,
      cache: redisTokenCache(redis, env.redisPrefix),
      events,
      // The configured HTTP API; without it, the platform's own BZU/USD pool.
      priceSource:
        env.BZU_PRICE_SOURCE === 'http'
          ? httpPriceSource({
              url: env.BZU_PRICE_HTTP_URL!,
              path: env.BZU_PRICE_HTTP_PATH,
              timeoutMs: env.BZU_PRICE_HTTP_TIMEOUT_MS,
            })
          : undefined,
    },
    { tickMs: TOKEN_PRICE_TICK_MS },
  );
  const recordSwapPrice = (price: bigint, at: Date) => prices.recordSwapPrice(price, at);
  const onPriceError = (error: unknown) => logger.warn({ err: error }, 'swap price point failed');
  const trade = new TokenTradeService(
    { db, ledger: wallet.ledger, responsibleGaming: wallet.responsibleGaming, recordSwapPrice, onPriceError },
    { feeBps: env.BZU_TRADE_FEE_BPS },
  );
  const burn = new BurnService(
    { db, ledger: wallet.ledger, recordSwapPrice, onPriceError },
    { sharePpm: env.config.token.burnSharePpm },
  );
  return { prices, trade, burn };
}

export type TokenServices = ReturnType<typeof createToken>;
