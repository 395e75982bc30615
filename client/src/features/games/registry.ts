/**
 * The client's one list of games, in catalogue order: one entry per game (the server's is
 * server/src/domain/games/registry.ts; registry.unit.test.ts keeps the two in step). The routes,
 * the catalogue tiles, the sidebar, the bet views, the My bets filter and the /provably-fair verifier read
 * it. Each game's entry (name, icon, page, bet lines) lives in its own folder, games/<slug>/<slug>.entry.ts. Only
 * names, icons and one-line formatters load with the first screen: each page and each verifier form is a dynamic
 * import() fetched when it is shown (the route preloads the page so the router's pending screen covers the wait).
 * The panel and the bets read names and bet lines through bets/game-directory.ts, which this module fills: they
 * never import the registry (it loads the pages that use them).
 */
import { registerGameDirectory } from '../bets/game-directory';
import { baccarat } from './baccarat/baccarat.entry';
import { bingo } from './bingo/bingo.entry';
import { blackjack } from './blackjack/blackjack.entry';
import { crash } from './crash/crash.entry';
import { dice } from './dice/dice.entry';
import { hilo } from './hilo/hilo.entry';
import { keno } from './keno/keno.entry';
import { limbo } from './limbo/limbo.entry';
import { mines } from './mines/mines.entry';
import { plinko } from './plinko/plinko.entry';
import { roulette } from './roulette/roulette.entry';
import { slots } from './slots/slots.entry';
import { tower } from './tower/tower.entry';
import { videoPoker } from './video-poker/video-poker.entry';
import { wheel } from './wheel/wheel.entry';
import type { ClientGame } from './client-game';

export type { ClientGame } from './client-game';

export const GAME_REGISTRY = {
  dice,
  limbo,
  plinko,
  keno,
  mines,
  blackjack,
  roulette,
  hilo,
  baccarat,
  slots,
  tower,
  'video-poker': videoPoker,
  crash,
  wheel,
  bingo,
} as const satisfies Record<string, ClientGame>;

export type ClientGameSlug = keyof typeof GAME_REGISTRY;
export const CLIENT_GAME_SLUGS = Object.keys(GAME_REGISTRY) as [ClientGameSlug, ...ClientGameSlug[]];

/** Round games (one public round, outcomes from a hash chain): verified on their own page, not by seed pair. */
export const ROUND_CLIENT_SLUGS = ['crash', 'wheel', 'bingo'] as const;
export type RoundClientSlug = (typeof ROUND_CLIENT_SLUGS)[number];
export type SeededGameSlug = Exclude<ClientGameSlug, RoundClientSlug>;

export function isSeededGameSlug(slug: unknown): slug is SeededGameSlug {
  return !(ROUND_CLIENT_SLUGS as readonly unknown[]).includes(slug) && isClientGameSlug(slug);
}

export function isClientGameSlug(slug: unknown): slug is ClientGameSlug {
  return typeof slug === 'string' && Object.hasOwn(GAME_REGISTRY, slug);
}

/** The registered game of a stored bet or a catalogue row; undefined for a slug this client does not know. */
export function clientGame(slug: string): ClientGame | undefined {
  return isClientGameSlug(slug) ? GAME_REGISTRY[slug] : undefined;
}

registerGameDirectory({ slugs: CLIENT_GAME_SLUGS, roundSlugs: ROUND_CLIENT_SLUGS, game: clientGame });
