import { Router, type Request } from 'express';
import { TRPCError } from '@trpc/server';
import type { BetResult, BetView } from '../domain/games/bet.views.js';
import type { GameInfo } from '../domain/games/games.service.js';
import { GAMES, type AnyGame } from '../domain/games/registry.js';
import { legacyHandler, type Caller, type ContextForRequest } from './legacy-handler.js';

/** The JSON body as a plain object; anything else (missing, array, string) reads as empty. */
function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Legacy amounts are JSON numbers; the procedures take exact decimal strings. A number's shortest form is its decimal
 * text ("12.5"); tiny ones print as exponents ("1e-7"), which get fixed notation. Anything with more than 8 decimals
 * still fails the schema (400), as does anything that is not a number or string.
 */
export function amountText(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const fixed = value.toFixed(8);
  return Number(fixed) === value ? fixed : text;
}

const num = (text: string) => Number(text);

/** A bet as API.md shows it: money and the multiplier as JSON numbers. */
export function legacyBet(bet: BetView) {
  return {
    ...bet,
    amount: num(bet.amount),
    payout: num(bet.payout),
    multiplier: num(bet.multiplier),
    ...(bet.nextMultiplier !== undefined ? { nextMultiplier: num(bet.nextMultiplier) } : {}),
  };
}

function legacyGame(game: GameInfo) {
  return {
    ...game,
    rtp: num(game.rtp),
    houseEdge: num(game.houseEdge),
    minBet: { USD: num(game.minBet.USD), BZU: num(game.minBet.BZU) },
    maxProfit: { USD: num(game.maxProfit.USD), BZU: num(game.maxProfit.BZU) },
  };
}

/** The body with the game's amount fields (at any depth: chips in a list) as decimal text; other fields as sent. */
export function legacyAmounts(value: unknown, fields: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => legacyAmounts(item, fields));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fields.has(key) ? amountText(item) : legacyAmounts(item, fields)]));
}

type GameCall = (input: unknown) => Promise<BetResult>;
/** A registered game's procedure by name (the registry builds them: trpc/routers/game-procedures.ts). */
const procedureOf = (caller: Caller, slug: string, name: string) => (caller.games as unknown as Record<string, Record<string, GameCall>>)[slug]![name]!;

/** A query value as the procedure's type: absent stays absent, a number field is parsed (bad text fails the schema). */
const queryText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const queryNumber = (value: unknown) => (typeof value === 'string' && value !== '' ? Number(value) : undefined);

/** Games and fairness (API.md): each path calls its tRPC procedure and reshapes the answer. */
export function gamesRoutes(contextFor: ContextForRequest): Router {
  const routes = Router();
  const placed = (result: BetResult) => legacyBet(result.bet);

  routes.get(
    '/api/games',
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json((await caller.games.list()).map(legacyGame));
    }),
  );
  routes.get(
    '/api/fairness',
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(await caller.fairness.current());
    }),
  );
  routes.post(
    '/api/fairness/rotate',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.fairness.rotate({ clientSeed: body(req).clientSeed as string | undefined }));
    }),
  );
  // One set of routes per registered game: POST /api/games/<slug>/bets places an instant bet or starts a round; a
  // multi-step game adds /bets/:id/<action> per action, /bets/:id/actions ({ action, ...fields }) and /bets/:id/cashout.
  for (const game of GAMES as readonly AnyGame[]) {
    const amounts = new Set(game.amountFields ?? ['amount']);
    routes.post(
      `/api/games/${game.slug}/bets`,
      legacyHandler(contextFor, async (caller, req, res) => {
        const place = procedureOf(caller, game.slug, game.kind === 'instant' ? 'bet' : 'start');
        res.status(201).json(placed(await place(legacyAmounts(body(req), amounts))));
      }),
    );
    if (game.kind !== 'multi-step') continue;
    const step = (caller: Caller, req: Request, name: string) =>
      procedureOf(caller, game.slug, name)({ ...(legacyAmounts(body(req), amounts) as object), betId: String(req.params.id) });
    const stepRoute = (name: string) => legacyHandler(contextFor, async (caller, req, res) => void res.json(placed(await step(caller, req, name))));
    for (const action of Object.keys(game.actions)) routes.post(`/api/games/${game.slug}/bets/:id/${action}`, stepRoute(action));
    routes.post(
      `/api/games/${game.slug}/bets/:id/actions`,
      legacyHandler(contextFor, async (caller, req, res) => {
        const action = body(req).action;
        if (typeof action !== 'string' || !Object.hasOwn(game.actions, action)) {
          throw new TRPCError({ code: 'BAD_REQUEST', message: `action must be one of: ${Object.keys(game.actions).join(', ')}` });
        }
        res.json(placed(await step(caller, req, action)));
      }),
    );
    routes.post(`/api/games/${game.slug}/bets/:id/cashout`, stepRoute('cashout'));
  }
  routes.get(
    '/api/bets',
    legacyHandler(contextFor, async (caller, req, res) => {
      const page = await caller.bets.mine({
        game: queryText(req.query.game) as 'dice' | undefined,
        currency: queryText(req.query.currency) as 'USD' | undefined,
        state: queryText(req.query.state) as 'won' | undefined,
        cursor: queryText(req.query.cursor),
        limit: queryNumber(req.query.limit) as number,
      });
      res.json({ bets: page.bets.map(legacyBet), nextCursor: page.nextCursor });
    }),
  );
  // Before /api/bets/:id, so "export.csv" is never read as an id.
  routes.get(
    '/api/bets/export.csv',
    legacyHandler(contextFor, async (caller, req, res) => {
      const { filename, csv } = await caller.bets.exportCsv({
        game: queryText(req.query.game) as 'dice' | undefined,
        currency: queryText(req.query.currency) as 'USD' | undefined,
      });
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.send(csv);
    }),
  );
  routes.get(
    '/api/bets/:id',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(legacyBet(await caller.bets.byId({ id: String(req.params.id) })));
    }),
  );
  return routes;
}
