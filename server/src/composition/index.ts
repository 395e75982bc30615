import type { RakebackBoost } from '../domain/economy/vip.service.js';
import type { Clock } from '../domain/responsible-gaming/clock.js';
import type { PayoutAdapter } from '../domain/wallet/withdrawal.service.js';
import type { Infrastructure } from '../infrastructure.js';
import { createAuth } from './auth.js';
import { createBackOffice } from './back-office.js';
import { createChat } from './chat.js';
import { createEconomy } from './economy.js';
import { createEvents } from './events.js';
import { createGames } from './games.js';
import { createLobby } from './lobby.js';
import { createPromotions, withPromotionAccruals } from './promotions.js';
import { createProviders } from './providers.js';
import { createRaffle } from './raffle.js';
import { createRounds } from './rounds.js';
import { createSports } from './sports.js';
import { createSystem } from './system.js';
import { createToken } from './token.js';
import { createLedger, createWallet } from './wallet.js';

export interface ServiceOptions {
  /** How approved withdrawals are sent; defaults to the manual adapter (an admin records the txid). */
  payoutAdapter?: PayoutAdapter;
  /** The time of the responsible-gaming rules (limit windows, the 24-hour wait); tests move it (tests/support/test-clock.ts). */
  clock?: Clock;
  /** BZU-holder rakeback boost (ppm, 1_000_000 = 1x); defaults to the holder tiers of domain/token/holder-tiers.ts. */
  rakebackBoost?: RakebackBoost;
}

/**
 * Every domain service over the shared infrastructure, one area per key, named like the tRPC
 * routers (`services.wallet.withdrawals`, `services.games.engine`); an area with a single service
 * is that service (`services.raffle`). Each area is built after the areas it uses, so no service
 * calls into one that does not exist yet. The worker and the CLI use exactly this; the server adds
 * the realtime feed (composition/server.ts).
 */
export function createServices(infra: Infrastructure, options: ServiceOptions = {}) {
  const events = createEvents(infra);
  const system = createSystem(infra);
  // Auth shows balances on the user object and attributes sign-ups to referral codes, so the
  // ledger's side of the wallet comes first; the rest of the wallet re-checks the holder through auth.
  const ledger = createLedger(infra, events.outbox);
  const auth = createAuth(infra, {
    balances: (userId) => ledger.accounts.userBalances(userId),
    attributeReferral: (trx, userId, code) => ledger.referrals.attribute(trx, userId, code),
    revokeSessions: events.revokeSessions,
  });
  const wallet = createWallet(
    infra,
    ledger,
    {
      confirmPassword: (userId, password) => auth.accounts.confirmPassword(userId, password),
      secondFactor: (userId, code) => auth.twoFactor.requireCode(userId, code),
      stepUp: (userId, password, otp) => auth.accounts.confirmStepUp(userId, password, otp),
    },
    options.payoutAdapter,
    options.clock,
  );
  const token = createToken(infra, events.publish, wallet);
  const chat = createChat(infra, events.publish, wallet);
  const economy = createEconomy(infra, {
    events: events.publish,
    outbox: events.outbox,
    wallet,
    auth,
    prices: token.prices,
    chat,
    rakebackBoost: options.rakebackBoost,
  });
  const promotions = createPromotions(infra, events.publish, wallet);
  const games = createGames(infra, events.publish, wallet, withPromotionAccruals(economy.vip, promotions));
  const rounds = createRounds(infra, events.publish, games);
  const sports = createSports(infra, events.publish, wallet);
  const raffle = createRaffle(infra, events.outbox, wallet, chat);
  const providers = createProviders(infra, wallet, games);
  const lobby = createLobby(infra);
  const backOffice = createBackOffice(infra, {
    ledger: (userId) => wallet.accounts.ledgerOf(userId),
    protection: (userId) => wallet.protectionConsole.player(userId),
    providerRounds: async (userId, limit) => (await providers.registry.playerRounds(userId, { limit })).rounds,
  });
  return {
    system,
    events: { bus: events.bus, publish: events.publish, outbox: events.outbox, drain: events.drain },
    auth,
    wallet,
    token,
    chat,
    economy,
    games,
    rounds,
    sports,
    raffle,
    providers,
    lobby,
    backOffice,
    promotions,
  };
}

export type Services = ReturnType<typeof createServices>;
