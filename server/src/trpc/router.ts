import { createCallerFactory, router } from './init.js';
import { configProcedure, systemRouter } from './routers/system.router.js';

/** Every area's router, mounted under its name. The client imports only this type. */
export const appRouter = router({
  config: configProcedure,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
