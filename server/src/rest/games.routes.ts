import type { Request } from 'express';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { BET_RESULT_WORDS, betResult } from '../domain/games/bet-result.js';
import type { BetResult, BetView } from '../domain/games/bet.views.js';
import { roundSchema } from '../domain/games/game-module.js';
import type { GameInfo } from '../domain/games/games.service.js';
import {
  betByIdInputSchema,
  exportInputSchema,
  myBetsInputSchema,
  rotateInputSchema,
} from '../domain/games/games.schemas.js';
import { GAMES, type AnyGame } from '../domain/games/registry.js';
import { providerRoundsInputSchema } from '../domain/providers/providers.schemas.js';
import { CURRENCIES } from '../domain/wallet/amounts.js';
import { legacyHandler, type Caller, type ContextForRequest } from './legacy-handler.js';
import { RestRoutes } from './openapi/rest-routes.js';
import { body } from './request-body.js';

/** The JSON body as a plain object; anything else (missing, array, string) reads as empty. */
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

/** legacyBet's answer: the OpenAPI document's `Bet` schema. */
export const legacyBetSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    username: z.string(),
    game: z.string(),
    currency: z.enum(CURRENCIES),
    amount: z.number(),
    payout: z.number(),
    multiplier: z.number(),
    state: z.enum(['open', 'won', 'lost', 'refunded']),
    result: z.enum(BET_RESULT_WORDS).meta({
      description:
        '`state` in one more word: `partial` is a `lost` bet that paid part of its stake back (payout > 0), `lost` one that paid nothing',
    }),
    outcome: z.record(z.string(), z.unknown()).meta({ description: "The game's outcome (docs/fairness.md per game)" }),
    fairness: z.object({
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
      serverSeed: z.string().optional(),
    }),
    createdAt: z.string(),
    nextMultiplier: z.number().optional(),
    capped: z.literal(true).optional(),
  })
  .meta({ id: 'Bet' });
/** A studio's round as My bets lists it (providers.myRounds): stake, win and rollback summed over the round. */
const legacyProviderRoundSchema = z
  .object({
    id: z.string(),
    providerId: z.string(),
    providerName: z.string(),
    gameId: z.string(),
    gameName: z.string(),
    roundId: z.string(),
    currency: z.enum(CURRENCIES),
    stake: z.string(),
    win: z.string(),
    rolledBack: z.string(),
    state: z.enum(['won', 'lost', 'rolled back']),
    createdAt: z.string(),
  })
  .meta({ id: 'ProviderRound' });
/** A bet with the player's balance after it (round games' bets and cash-outs). */
export const legacyBetWithBalanceSchema = legacyBetSchema
  .extend({ balance: z.string() })
  .meta({ id: 'BetWithBalance' });

const currencyNumbers = z.object({ USD: z.number(), BZU: z.number() });
const legacyGameSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    category: z.string(),
    categories: z.array(z.string()),
    rtp: z.number(),
    houseEdge: z.number(),
    minBet: currencyNumbers,
    maxProfit: currencyNumbers,
    description: z.string(),
  })
  .meta({ id: 'Game' });
const fairnessSchema = z
  .object({
    serverSeedHash: z.string(),
    nextServerSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
  })
  .meta({ id: 'SeedPair' });
const csvFile = (description: string) => ({ description, contentType: 'text/csv', schema: z.string() });

/** An action's body: its input without the bet id, which the path carries. */
function actionBody(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject && 'betId' in schema.shape ? schema.omit({ betId: true }) : schema;
}
const betIdParams = z.object({ id: roundSchema.shape.betId });
const amountsNote = 'Amounts may be JSON numbers (legacy) or exact decimal strings.';

/** A bet as API.md shows it: money and the multiplier as JSON numbers. */
export function legacyBet(bet: BetView) {
  return {
    ...bet,
    // REST only: `state` keeps API.md's values for legacy clients; `result` names a partial return (bet-result.ts).
    result: betResult(bet),
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
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, fields.has(key) ? amountText(item) : legacyAmounts(item, fields)]),
  );
}

type GameCall = (input: unknown) => Promise<BetResult>;
/** A registered game's procedure by name (the registry builds them: trpc/routers/game-procedures.ts). */
export const procedureOf = (caller: Caller, slug: string, name: string) =>
  (caller.games as unknown as Record<string, Record<string, GameCall>>)[slug]![name]!;

/** Each game's amount fields (legacyAmounts), by slug. */
const amountFields = new Map(
  (GAMES as readonly AnyGame[]).map((game) => [game.slug, new Set(game.amountFields ?? ['amount'])]),
);

/**
 * POST /api/games/<slug>/bets: an instant bet, or a round's start, from a legacy body; the 201 answer. The Express
 * route below and the fast path ahead of Express (bet-fast-path.ts) both answer with it.
 */
export async function placeLegacyBet(
  caller: Caller,
  game: AnyGame,
  requestBody: unknown,
): Promise<ReturnType<typeof legacyBet>> {
  const place = procedureOf(caller, game.slug, game.kind === 'instant' ? 'bet' : 'start');
  const fields = amountFields.get(game.slug) ?? new Set(game.amountFields ?? ['amount']);
  return legacyBet((await place(legacyAmounts(requestBody, fields))).bet);
}

/** A query value as the procedure's type: absent stays absent, a number field is parsed (bad text fails the schema). */
const queryText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const queryNumber = (value: unknown) => (typeof value === 'string' && value !== '' ? Number(value) : undefined);

/** Games and fairness (API.md): each path calls its tRPC procedure and reshapes the answer. */
export function gamesRoutes(contextFor: ContextForRequest): RestRoutes {
  const routes = new RestRoutes();
  const placed = (result: BetResult) => legacyBet(result.bet);

  routes.add(
    {
      method: 'get',
      path: '/api/games',
      summary: 'The game catalogue',
      tags: ['games'],
      access: 'public',
      responses: { 200: z.array(legacyGameSchema) },
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json((await caller.games.list()).map(legacyGame));
    }),
  );
  routes.add(
    {
      method: 'get',
      path: '/api/fairness',
      summary: 'The active seed pair',
      tags: ['fairness'],
      access: 'bearer',
      responses: { 200: fairnessSchema },
      errors: [401],
    },
    legacyHandler(contextFor, async (caller, _req, res) => {
      res.json(await caller.fairness.current());
    }),
  );
  routes.add(
    {
      method: 'post',
      path: '/api/fairness/rotate',
      summary: 'Reveal the server seed and start a new pair',
      tags: ['fairness'],
      access: 'bearer',
      body: rotateInputSchema,
      responses: {
        200: z.object({
          previous: z.object({
            serverSeed: z.string(),
            serverSeedHash: z.string(),
            clientSeed: z.string(),
            nonce: z.number().int(),
          }),
          current: fairnessSchema,
        }),
      },
      errors: [400, 401, 409],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(await caller.fairness.rotate({ clientSeed: body(req).clientSeed as string | undefined }));
    }),
  );
  // One set of routes per registered game: POST /api/games/<slug>/bets places an instant bet or starts a round; a
  // multi-step game adds /bets/:id/<action> per action, /bets/:id/actions ({ action, ...fields }) and /bets/:id/cashout.
  for (const game of GAMES as readonly AnyGame[]) {
    const amounts = new Set(game.amountFields ?? ['amount']);
    const tags = ['games'];
    routes.add(
      {
        method: 'post',
        path: `/api/games/${game.slug}/bets`,
        summary: game.kind === 'instant' ? `Play ${game.name}` : `Start a ${game.name} round`,
        description: amountsNote,
        tags,
        access: 'bearer',
        body: game.input,
        responses: { 201: legacyBetSchema },
        errors: [400, 401, 403, 409, 429],
      },
      legacyHandler(contextFor, async (caller, req, res) => {
        res.status(201).json(await placeLegacyBet(caller, game, body(req)));
      }),
    );
    if (game.kind !== 'multi-step') continue;
    const step = (caller: Caller, req: Request, name: string) =>
      procedureOf(
        caller,
        game.slug,
        name,
      )({ ...(legacyAmounts(body(req), amounts) as object), betId: String(req.params.id) });
    const stepRoute = (name: string) =>
      legacyHandler(contextFor, async (caller, req, res) => void res.json(placed(await step(caller, req, name))));
    const stepDoc = (path: string, summary: string, body: z.ZodType) =>
      ({
        method: 'post',
        path,
        summary,
        tags,
        access: 'bearer',
        params: betIdParams,
        body,
        responses: { 200: legacyBetSchema },
        errors: [400, 401, 404, 409],
      }) as const;
    const actions = Object.entries(game.actions as Record<string, { input: z.ZodType }>);
    for (const [action, { input }] of actions) {
      routes.add(
        stepDoc(`/api/games/${game.slug}/bets/:id/${action}`, `${game.name}: ${action}`, actionBody(input)),
        stepRoute(action),
      );
    }
    const anyAction = z.union(
      actions.map(([action, { input }]) => z.object({ action: z.literal(action) }).and(actionBody(input))),
    );
    routes.add(
      stepDoc(`/api/games/${game.slug}/bets/:id/actions`, `${game.name}: any action, named in the body`, anyAction),
      legacyHandler(contextFor, async (caller, req, res) => {
        const action = body(req).action;
        if (typeof action !== 'string' || !Object.hasOwn(game.actions, action)) {
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: `action must be one of: ${Object.keys(game.actions).join(', ')}`,
          });
        }
        res.json(placed(await step(caller, req, action)));
      }),
    );
    routes.add(
      stepDoc(`/api/games/${game.slug}/bets/:id/cashout`, `${game.name}: cash out`, z.object({})),
      stepRoute('cashout'),
    );
  }
  routes.add(
    {
      method: 'get',
      path: '/api/bets',
      summary: "The player's bets, newest first",
      description:
        "Without a game or state filter the studios' rounds come too, newest first in `providerRounds` (`limit` of them, at most 50), paged on their own by `providerCursor` (the previous page's `providerNextCursor`).",
      tags: ['bets'],
      access: 'bearer',
      query: myBetsInputSchema.unwrap().extend({ providerCursor: providerRoundsInputSchema.shape.cursor }),
      responses: {
        200: z.object({
          bets: z.array(legacyBetSchema),
          nextCursor: z.string().nullable(),
          providerRounds: z.array(legacyProviderRoundSchema).optional(),
          providerNextCursor: z.string().nullable().optional(),
        }),
      },
      errors: [400, 401],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      const page = await caller.bets.mine({
        game: queryText(req.query.game) as 'dice' | undefined,
        currency: queryText(req.query.currency) as 'USD' | undefined,
        state: queryText(req.query.state) as 'won' | undefined,
        cursor: queryText(req.query.cursor),
        limit: queryNumber(req.query.limit) as number,
      });
      const legacyPage = { bets: page.bets.map(legacyBet), nextCursor: page.nextCursor };
      // A game or state filter names the originals' bets; a studio's round has neither.
      if (queryText(req.query.game) || queryText(req.query.state)) {
        res.json(legacyPage);
        return;
      }
      const limit = Math.min(queryNumber(req.query.limit) ?? 20, 50);
      const currency = queryText(req.query.currency);
      const rounds = await caller.providers.myRounds({ limit, cursor: queryText(req.query.providerCursor) });
      res.json({
        ...legacyPage,
        providerRounds: rounds.rounds.filter((round) => !currency || round.currency === currency),
        providerNextCursor: rounds.nextCursor,
      });
    }),
  );
  // Before /api/bets/:id, so "export.csv" is never read as an id.
  routes.add(
    {
      method: 'get',
      path: '/api/bets/export.csv',
      summary: "The player's bets as CSV",
      tags: ['bets'],
      access: 'bearer',
      query: exportInputSchema.unwrap(),
      responses: { 200: csvFile('One bet a line, with its seeds') },
      errors: [400, 401],
    },
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
  routes.add(
    {
      method: 'get',
      path: '/api/bets/:id',
      summary: 'One bet (anyone may look a bet up)',
      tags: ['bets'],
      access: 'public',
      params: betByIdInputSchema,
      responses: { 200: legacyBetSchema },
      errors: [400, 404],
    },
    legacyHandler(contextFor, async (caller, req, res) => {
      res.json(legacyBet(await caller.bets.byId({ id: String(req.params.id) })));
    }),
  );
  return routes;
}
