import { createCallerFactory, router } from './init.js';
import { authRouter } from './routers/auth.router.js';
import { configProcedure, systemRouter } from './routers/system.router.js';
import { onBalanceProcedure, onResultProcedure } from './routers/live.procedures.js';
import { tokenRouter } from './routers/token.router.js';

/** Every area's router, mounted under its name. The client imports only this type. */
export const appRouter = router({
  config: configProcedure,
  system: systemRouter,
  auth: authRouter,
  token: tokenRouter,
  // Live feeds; the account and games areas merge these into their routers when they arrive.
  account: router({ onBalance: onBalanceProcedure }),
  games: router({ onResult: onResultProcedure }),
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
