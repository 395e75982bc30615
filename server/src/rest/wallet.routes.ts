import { Router, type Request } from 'express';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../domain/wallet/webhook-signature.js';
import { legacyHandler, type ContextForRequest } from './legacy-handler.js';

/** The exact bytes the provider signed; app.ts keeps them beside the parsed JSON. */
export function rawBodyOf(req: Request): string {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  return raw ? raw.toString('utf8') : '';
}

const num = (value: string) => Number(value);

/**
 * Wallet REST paths: the provider's deposit webhook (signature over the raw body), the statement
 * as CSV, and balances as JSON numbers for legacy clients.
 */
export function walletRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  routes.post(
    '/api/webhooks/deposits',
    legacyHandler(contextFor, async (caller, req, res) => {
      const result = await caller.wallet.depositWebhook({
        rawBody: rawBodyOf(req),
        timestamp: req.get(TIMESTAMP_HEADER),
        signature: req.get(SIGNATURE_HEADER),
      });
      res.status(200).json(result);
    }),
  );
  routes.get(
    '/api/wallet/balances',
    legacyHandler(contextFor, async (caller, _req, res) => {
      const balances = await caller.wallet.balances();
      res.json({ balance: num(balances.USD), bzuBalance: num(balances.BZU), currency: 'USD' });
    }),
  );
  routes.get(
    '/api/wallet/transactions.csv',
    legacyHandler(contextFor, async (caller, _req, res) => {
      const { filename, csv } = await caller.wallet.transactionsCsv();
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.send(csv);
    }),
  );
  return routes;
}
