import { createCallerFactory, router } from './init.js';
import { authRouter } from './routers/auth.router.js';
import { chatRouter } from './routers/chat.router.js';
import { configProcedure, systemRouter } from './routers/system.router.js';
import { accountRouter } from './routers/account.router.js';
import { adminRouter } from './routers/admin.router.js';
import { walletRouter } from './routers/wallet.router.js';
import { tokenRouter } from './routers/token.router.js';
import { betsRouter, fairnessRouter, gamesRouter } from './routers/games.router.js';
import { rainRouter, tipsRouter, vaultRouter, vipRouter } from './routers/economy.router.js';
import { sportsRouter } from './routers/sports.router.js';
import { raffleRouter } from './routers/raffle.router.js';
import { lobbyRouter } from './routers/lobby.router.js';
import { roundGameRouters } from './routers/rounds.router.js';
import { providersRouter } from './routers/providers.router.js';
import { promotionsRouter } from './routers/promotions.router.js';

/**
 * Every area's router, mounted under its name; a router's procedures call the services of the area of
 * the same name (`ctx.services.wallet.withdrawals`, server/src/composition). Live feeds are
 * subscriptions inside their area's router (routers/live.procedures.ts). The client imports only this type.
 */
export const appRouter = router({
  config: configProcedure,
  system: systemRouter,
  auth: authRouter,
  token: tokenRouter,
  chat: chatRouter,
  account: accountRouter,
  wallet: walletRouter,
  admin: adminRouter,
  games: gamesRouter,
  fairness: fairnessRouter,
  bets: betsRouter,
  vip: vipRouter,
  vault: vaultRouter,
  tips: tipsRouter,
  rain: rainRouter,
  sports: sportsRouter,
  raffle: raffleRouter,
  lobby: lobbyRouter,
  providers: providersRouter,
  promotions: promotionsRouter,
  // Each round game under its slug (crash, wheel, bingo...), from the registry.
  ...roundGameRouters,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
