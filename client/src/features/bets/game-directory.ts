/**
 * What the shared modules (the game panel, the bets) know of the games: their names and bet lines, and which slugs
 * exist. The client registry (features/games/registry.ts) fills it when it loads, with the first screen, before
 * anything renders: the registry lazy-loads the game pages, and the pages use the panel and the bets, so were these
 * to import the registry, every page would import itself back (an import circle).
 */
export type GameOutcome = Record<string, unknown>;
export type GameBetState = 'open' | 'won' | 'lost' | string;

/** A game's words for its bets. */
export interface GameLines {
  name: string;
  /** One line for a bet's outcome (the outcome shapes of API.md). */
  summary(outcome: GameOutcome, state: GameBetState): string;
  /** The bet details' extra line (paths, draws, tiles), if the game has one. */
  detail?(outcome: GameOutcome): string;
}

export interface GameDirectory {
  /** Every game's slug, in catalogue order. */
  slugs: readonly string[];
  /** Round games (one public round, outcomes from a hash chain): verified on their own page, not by seed pair. */
  roundSlugs: readonly string[];
  game(slug: string): GameLines | undefined;
}

let directory: GameDirectory = { slugs: [], roundSlugs: [], game: () => undefined };

/** Called once, by the client registry. */
export function registerGameDirectory(games: GameDirectory): void {
  directory = games;
}

/** Every game's slug, in catalogue order. */
export function gameSlugs(): readonly string[] {
  return directory.slugs;
}

/** A game's name and bet lines; undefined for a slug this client does not know. */
export function gameLines(slug: string): GameLines | undefined {
  return directory.game(slug);
}

export function isKnownGame(slug: unknown): slug is string {
  return typeof slug === 'string' && directory.slugs.includes(slug);
}

/** A game verified by seed pair (every game but the round games). */
export function isSeededGame(slug: unknown): slug is string {
  return isKnownGame(slug) && !directory.roundSlugs.includes(slug);
}
