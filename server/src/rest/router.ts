import { Router } from 'express';
import type { ContextForRequest } from './legacy-handler.js';
import { authRoutes } from './auth.routes.js';
import { chatRoutes } from './chat.routes.js';
import { economyRoutes } from './economy.routes.js';
import { gamesRoutes } from './games.routes.js';
import { statusRoutes } from './status.routes.js';
import { tokenRoutes } from './token.routes.js';
import { walletRoutes } from './wallet.routes.js';
import { sportsRoutes } from './sports.routes.js';
import { raffleRoutes } from './raffle.routes.js';
import { roundsRoutes } from './rounds.routes.js';
import { providerRoutes } from './providers.routes.js';

/** The legacy REST surface of API.md; each area contributes its routes here. */
export function createRestRouter(contextFor: ContextForRequest): Router {
  const rest = Router();
  rest.use(statusRoutes(contextFor));
  rest.use(authRoutes(contextFor));
  rest.use(tokenRoutes(contextFor));
  rest.use(chatRoutes(contextFor));
  rest.use(walletRoutes(contextFor));
  rest.use(gamesRoutes(contextFor));
  rest.use(economyRoutes(contextFor));
  rest.use(sportsRoutes(contextFor));
  rest.use(raffleRoutes(contextFor));
  rest.use(roundsRoutes(contextFor));
  rest.use(providerRoutes(contextFor));
  return rest;
}
