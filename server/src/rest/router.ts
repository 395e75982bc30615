import { Router } from 'express';
import type { ContextForRequest } from './legacy-handler.js';
import { authRoutes } from './auth.routes.js';
import { chatPollDocs, chatRoutes } from './chat.routes.js';
import type { RestRoutes, RouteDoc } from './openapi/rest-routes.js';
import { economyRoutes } from './economy.routes.js';
import { gamesRoutes } from './games.routes.js';
import { statusRoutes } from './status.routes.js';
import { tokenRoutes } from './token.routes.js';
import { walletRoutes } from './wallet.routes.js';
import { sportsRoutes } from './sports.routes.js';
import { raffleRoutes } from './raffle.routes.js';
import { roundsRoutes } from './rounds.routes.js';

/** The legacy REST surface of API.md; each area contributes its routes, documented where they are registered. */
export function restAreas(contextFor: ContextForRequest): RestRoutes[] {
  return [
    statusRoutes(contextFor),
    authRoutes(contextFor),
    tokenRoutes(contextFor),
    chatRoutes(contextFor),
    walletRoutes(contextFor),
    gamesRoutes(contextFor),
    economyRoutes(contextFor),
    sportsRoutes(contextFor),
    raffleRoutes(contextFor),
    roundsRoutes(contextFor),
  ];
}

export function createRestRouter(contextFor: ContextForRequest): Router {
  const rest = Router();
  for (const area of restAreas(contextFor)) rest.use(area.router);
  return rest;
}

/** Every REST path's documentation (the OpenAPI document's source): the areas' routes and the chat poll's. */
export function restRouteDocs(): RouteDoc[] {
  const docsOnly: ContextForRequest = () => {
    throw new Error('documentation only: no request is handled');
  };
  return [...chatPollDocs, ...restAreas(docsOnly).flatMap((area) => area.docs)];
}
