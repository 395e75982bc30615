import type { ChatService } from '../domain/chat/chat.service.js';
import { RainService } from '../domain/economy/rain.service.js';
import { TipsService } from '../domain/economy/tips.service.js';
import { VaultService } from '../domain/economy/vault.service.js';
import { VipService, type RakebackBoost } from '../domain/economy/vip.service.js';
import type { EventOutbox } from '../domain/events/event-outbox.js';
import type { PlatformEvents } from '../domain/events/platform-events.js';
import { rakebackBoostPpm } from '../domain/token/holder-tiers.js';
import { parseUnits } from '../domain/token/token-units.js';
import type { TokenService } from '../domain/token/token.service.js';
import { createLogger } from '../infra/logger.js';
import type { Infrastructure } from '../infrastructure.js';
import type { AuthServices } from './auth.js';
import type { WalletServices } from './wallet.js';

export interface EconomyDeps {
  events: PlatformEvents;
  outbox: EventOutbox;
  wallet: Pick<WalletServices, 'ledger' | 'responsibleGaming'>;
  auth: Pick<AuthServices, 'accounts' | 'twoFactor'>;
  /** The BZU price rain and VIP progress convert with. */
  prices: Pick<TokenService, 'latest'>;
  chat: Pick<ChatService, 'postSystemLine'>;
  /** BZU-holder rakeback boost (ppm, 1_000_000 = 1x); defaults to the holder tiers of domain/token/holder-tiers.ts. */
  rakebackBoost?: RakebackBoost;
}

/** Player economy: XP and ranks with rakeback, the vault, tips and rain. */
export function createEconomy(infra: Infrastructure, deps: EconomyDeps) {
  const { env, db } = infra;
  const { config } = env;
  const logger = createLogger(env.LOG_LEVEL, 'economy');
  const { ledger, responsibleGaming } = deps.wallet;
  const { accounts, twoFactor } = deps.auth;
  const bzuPrice = async () => parseUnits((await deps.prices.latest()).price);
  const confirmPassword = (userId: number, password: string) => accounts.confirmPassword(userId, password);
  const secondFactor = (userId: number, code: string | undefined) => twoFactor.requireCode(userId, code);
  const isExcluded = (userId: number) => responsibleGaming.isExcluded(userId);
  const chat = {
    post: (line: { kind: 'tip' | 'rain'; userId: number | null; message: string }) => deps.chat.postSystemLine(line),
  };
  const onLineError = (error: unknown) => logger.warn({ err: error }, 'chat line failed after the money moved');
  const vip = new VipService({
    db,
    ledger,
    bzuPrice,
    // BZU held in the cash account sets the holder tier's rakeback boost.
    boost:
      deps.rakebackBoost ??
      (async (userIds) => {
        const held = await ledger.balancesOf(userIds, 'BZU');
        return new Map(userIds.map((id) => [id, rakebackBoostPpm(held.get(id) ?? 0n)]));
      }),
    events: {
      vipUpdate: (payload) => deps.events.vipUpdate(payload),
      rankUp: (payload) => deps.events.rankUp(payload),
    },
    onPublishError: (error) => logger.warn({ err: error }, 'vip event publish failed'),
  });
  const vault = new VaultService({ db, ledger, confirmPassword, secondFactor });
  const tips = new TipsService(
    { db, ledger, outbox: deps.outbox, isExcluded, secondFactor, chat, onLineError },
    config.economy.tips,
  );
  const rain = new RainService({ db, ledger, bzuPrice, isExcluded, chat, onLineError }, config.economy.rain);
  return { vip, vault, tips, rain };
}

export type EconomyServices = ReturnType<typeof createEconomy>;
