import type { AnyRoundGame } from '../rounds/round-game.js';
import { BACCARAT_GAME } from './baccarat/baccarat.game.js';
import { BINGO_GAME } from './bingo/bingo.game.js';
import { BLACKJACK_GAME } from './blackjack/blackjack.game.js';
import { CRASH_GAME } from './crash/crash.game.js';
import { DICE_GAME } from './dice/dice.game.js';
import { registerHouseEdges } from './engine/house-edges.js';
import type { GameMeta, InstantGame, MultiStepGame } from './game-module.js';
import { HILO_GAME } from './hilo/hilo.game.js';
import { KENO_GAME } from './keno/keno.game.js';
import { LIMBO_GAME } from './limbo/limbo.game.js';
import { MINES_GAME } from './mines/mines.game.js';
import { PLINKO_GAME } from './plinko/plinko.game.js';
import { ROULETTE_GAME } from './roulette/roulette.game.js';
import { SLOTS_GAME } from './slots/slots.game.js';
import { TOWER_GAME } from './tower/tower.game.js';
import { VIDEO_POKER_GAME } from './video-poker/video-poker.game.js';
import { WHEEL_GAME } from './wheel/wheel.game.js';

/** The form `bets.game` accepts (migration 20261128_0601). */
const SLUG = /^[a-z][a-z0-9-]{0,31}$/;
/** Names the platform gives a game's procedures and routes (game-procedures.ts, rest/games.routes.ts). */
const TAKEN_ACTION_NAMES = new Set(['start', 'cashout', 'active', 'bet', 'actions']);

/** Checked when the server loads: a bad entry stops it at boot rather than at the first bet. */
export function checkRegistry<const T extends readonly { slug: string; kind: string; actions?: object }[]>(
  games: T,
): T {
  const seen = new Set<string>();
  for (const game of games) {
    if (!SLUG.test(game.slug)) throw new Error(`game slug ${JSON.stringify(game.slug)} must match ${SLUG}`);
    if (seen.has(game.slug)) throw new Error(`game ${game.slug} is registered twice`);
    seen.add(game.slug);
    for (const name of Object.keys(game.actions ?? {})) {
      if (TAKEN_ACTION_NAMES.has(name))
        throw new Error(`game ${game.slug}: the action name ${name} is taken by the platform`);
    }
  }
  return games;
}

/**
 * Every game the platform offers, in catalogue order: one line per game. The catalogue (games.list, GET /api/games),
 * the tRPC procedures (games.<slug>.*), the REST routes (/api/games/<slug>/bets...), the slug filters of the bet
 * history and the bet views all come from this list; the database takes any slug, and the engine writes only these.
 */
export const GAMES = checkRegistry([
  DICE_GAME,
  LIMBO_GAME,
  PLINKO_GAME,
  KENO_GAME,
  MINES_GAME,
  BLACKJACK_GAME,
  ROULETTE_GAME,
  HILO_GAME,
  BACCARAT_GAME,
  SLOTS_GAME,
  TOWER_GAME,
  VIDEO_POKER_GAME,
] as const);

export type Game = (typeof GAMES)[number];
export type GameSlug = Game['slug'];
export const GAME_SLUGS = GAMES.map((game) => game.slug) as [GameSlug, ...GameSlug[]];

/**
 * Round games (domain/rounds/round-game.ts): public rounds every player shares, run by the round engine rather than
 * played per call, so they have their own list; the catalogue merges it with GAMES (games.service.ts).
 */
export const ROUND_GAMES = checkRegistry([CRASH_GAME, WHEEL_GAME, BINGO_GAME] as const);
export type RoundGameSlug = (typeof ROUND_GAMES)[number]['slug'];
export const ROUND_GAME_SLUGS = ROUND_GAMES.map((game) => game.slug) as [RoundGameSlug, ...RoundGameSlug[]];

// One slug space: a round game may not take a per-call game's slug.
checkRegistry([...GAMES, ...ROUND_GAMES]);

/** Every slug a bet may carry, per-call and round games: the history's filters take these. */
export type AnySlug = GameSlug | RoundGameSlug;
export const ALL_GAME_SLUGS = [...GAME_SLUGS, ...ROUND_GAME_SLUGS] as [AnySlug, ...AnySlug[]];

const ROUND_BY_SLUG = new Map<string, AnyRoundGame>(
  ROUND_GAMES.map((game) => [game.slug, game as unknown as AnyRoundGame]),
);

/** A registered round game by slug. */
export function roundGameBySlug(slug: string): AnyRoundGame | undefined {
  return ROUND_BY_SLUG.get(slug);
}

/** A registered game as the engine and the views handle it (any of them). */
export type AnyGame = InstantGame | MultiStepGame;

const BY_SLUG = new Map<string, AnyGame>(GAMES.map((game) => [game.slug, game as unknown as AnyGame]));

/** The catalogue facts of any registered game, per-call or round (the accrual sweep's house edge). */
export function gameMetaBySlug(slug: string): GameMeta | undefined {
  return BY_SLUG.get(slug) ?? ROUND_BY_SLUG.get(slug);
}

// The engine's accrual sweep reads the edges from here; it does not import the registry.
registerHouseEdges((slug) => gameMetaBySlug(slug)?.houseEdgePpm);

/** The game a stored bet belongs to; undefined for a slug no longer registered (its bets still read back). */
export function gameBySlug(slug: string): AnyGame | undefined {
  return BY_SLUG.get(slug);
}
