import express, { Router, type RequestHandler } from 'express';
import { PROVIDER_SIGNATURE_HEADER, PROVIDER_TIMESTAMP_HEADER } from '../domain/providers/provider-signature.js';
import { PROVIDER_WALLET_ACTIONS } from '../domain/providers/providers.schemas.js';
import { WALLET_STATUS } from '../domain/providers/wallet-codes.js';
import type { ContextForRequest } from './legacy-handler.js';
import { rawBodyOf } from './wallet.routes.js';

/** Where the seamless wallet is served: app.ts gives these paths their own body reader ahead of the JSON parser. */
export const PROVIDER_WALLET_PATH = '/api/providers';

/**
 * The wallet's body reader: keeps the raw bytes (the signature covers exactly them) without parsing, whatever the
 * content type, so a body that is not JSON reaches the wallet and gets its own `BAD_REQUEST` answer rather than the
 * platform's generic 400. Mounted before express.json, which then finds the body read and leaves it.
 */
export function providerWalletBody(): RequestHandler {
  return express.raw({
    type: () => true,
    limit: '100kb',
    verify: (req, _res, buf) => {
      (req as unknown as { rawBody?: Buffer }).rawBody = buf;
    },
  });
}

/**
 * The seamless wallet a game provider calls: POST /api/providers/:provider/{balance,bet,win,rollback}
 * (docs/providers.md). Its answers are the wallet's own JSON (`status` names the outcome), sent with the HTTP status
 * docs/providers.md gives for it; a replayed request gets the first answer's exact bytes.
 */
export function providerRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  for (const action of PROVIDER_WALLET_ACTIONS) {
    routes.post(`${PROVIDER_WALLET_PATH}/:provider/${action}`, async (req, res, next) => {
      try {
        const { services } = contextFor(req);
        const answer = await services.providerWallet.handle({
          provider: String(req.params.provider),
          action,
          rawBody: rawBodyOf(req),
          signature: req.get(PROVIDER_SIGNATURE_HEADER),
          timestamp: req.get(PROVIDER_TIMESTAMP_HEADER),
        });
        res.status(WALLET_STATUS[answer.status]).type('application/json').send(answer.body);
      } catch (error) {
        // The express error handler logs it with the request id and answers 500 (503 when the database is down).
        next(error);
      }
    });
  }
  return routes;
}
