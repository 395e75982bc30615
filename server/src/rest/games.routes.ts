import { Router, type Request } from 'express';
import type { BetResult, BetView } from '../domain/games/bet.views.js';
import type { GameInfo } from '../domain/games/games.service.js';
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

const stakeOf = (input: Record<string, unknown>) => ({
  amount: amountText(input.amount) as string,
  currency: input.currency as 'USD' | 'BZU' | undefined,
  clientBetId: input.clientBetId as string | undefined,
});

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
  /** A new bet: the game's procedure on the stake and the game's own fields, answered 201 with the bet. */
  const betRoute = (game: string, place: (caller: Caller, input: Record<string, unknown>) => Promise<BetResult>) =>
    routes.post(
      `/api/games/${game}/bets`,
      legacyHandler(contextFor, async (caller, req, res) => {
        res.status(201).json(placed(await place(caller, body(req))));
      }),
    );
  betRoute('dice', (caller, input) => caller.games.dice.bet({ ...stakeOf(input), target: input.target as number, condition: input.condition as 'over' }));
  betRoute('limbo', (caller, input) => caller.games.limbo.bet({ ...stakeOf(input), target: input.target as number }));
  betRoute('plinko', (caller, input) => caller.games.plinko.bet({ ...stakeOf(input), rows: input.rows as number, risk: input.risk as 'low' }));
  betRoute('keno', (caller, input) => caller.games.keno.bet({ ...stakeOf(input), picks: input.picks as number[], risk: input.risk as 'classic' }));
  betRoute('mines', (caller, input) => caller.games.mines.start({ ...stakeOf(input), mines: input.mines as number }));
  routes.post(
    '/api/games/mines/bets/:id/reveal',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(placed(await caller.games.mines.reveal({ betId: String(req.params.id), tile: body(req).tile as number })));
    }),
  );
  routes.post(
    '/api/games/mines/bets/:id/cashout',
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(placed(await caller.games.mines.cashout({ betId: String(req.params.id) })));
    }),
  );
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
