/**
 * Tower (FAIRNESS.md "Tower"): nine levels of a few tiles each, some of them traps. The player climbs one level at a
 * time by picking a tile on the next level and may cash out after any safe pick; a trap ends the round. Every level's
 * traps are drawn when the round starts, from the round's one nonce, level 0 first, so the revealed seed proves them all.
 * Pure: the server's module, the page and the browser's verifier share it.
 */
import { drawWithoutReplacement } from '../shared/floats.js';
import { mulRatio, ratio, type Ratio } from '../shared/ratio.js';

export const TOWER_LEVELS = 9;
export const TOWER_DIFFICULTIES = ['easy', 'medium', 'hard', 'expert', 'master'] as const;
export type TowerDifficulty = (typeof TOWER_DIFFICULTIES)[number];

/** Tiles per level and traps among them, per difficulty. */
export const TOWER_LAYOUT: Readonly<Record<TowerDifficulty, { tiles: number; traps: number }>> = {
  easy: { tiles: 4, traps: 1 },
  medium: { tiles: 3, traps: 1 },
  hard: { tiles: 2, traps: 1 },
  expert: { tiles: 3, traps: 2 },
  master: { tiles: 4, traps: 3 },
};
/** The widest level of any difficulty: tiles are numbered 0 .. tiles - 1 from the left. */
export const TOWER_MAX_TILES = 4;

export interface TowerParams {
  difficulty: TowerDifficulty;
}

export interface TowerState {
  difficulty: TowerDifficulty;
  /** The tile picked on each level climbed, level 0 first; when the round was lost, the trap picked is last. */
  picks: number[];
  /** The trap tile that ended the round, on level `picks.length - 1`. */
  trapHit?: number;
  /** Every level's traps (level 0 first, each level's in draw order): stored only once the round has ended. */
  traps?: number[][];
}

export function isTowerDifficulty(value: unknown): value is TowerDifficulty {
  return typeof value === 'string' && (TOWER_DIFFICULTIES as readonly string[]).includes(value);
}

export function towerParamsError(params: TowerParams): string | null {
  return isTowerDifficulty(params.difficulty) ? null : `difficulty must be one of ${TOWER_DIFFICULTIES.join(', ')}`;
}

/** How many floats a round reads: every level's traps, drawn at the start. */
export function towerFloatCount(difficulty: TowerDifficulty): number {
  return TOWER_LEVELS * TOWER_LAYOUT[difficulty].traps;
}

/**
 * Every level's traps from the round's floats in order of use: level l draws its `traps` tiles from pool
 * [0 .. tiles - 1] with floats l * traps .. l * traps + traps - 1 (idx = floor(f * (tiles - k)), splice).
 */
export function towerTraps(floats: readonly number[], difficulty: TowerDifficulty): number[][] {
  const { tiles, traps } = TOWER_LAYOUT[difficulty];
  if (floats.length < towerFloatCount(difficulty)) throw new RangeError('tower needs a float per trap of every level');
  const pool = Array.from({ length: tiles }, (_, i) => i);
  return Array.from({ length: TOWER_LEVELS }, (_, level) =>
    drawWithoutReplacement(pool, floats.slice(level * traps, (level + 1) * traps), traps),
  );
}

/** 0.99 x (tiles / (tiles - traps))^n: the fair multiplier of n safe picks, less 1%, exact. */
export function towerMultiplier(difficulty: TowerDifficulty, safePicks: number): Ratio {
  const { tiles, traps } = TOWER_LAYOUT[difficulty];
  const n = BigInt(safePicks);
  return ratio(99n * BigInt(tiles) ** n, 100n * BigInt(tiles - traps) ** n);
}

/** The chance of surviving n picks: ((tiles - traps) / tiles)^n, exact. */
export function towerSurvival(difficulty: TowerDifficulty, safePicks: number): Ratio {
  const { tiles, traps } = TOWER_LAYOUT[difficulty];
  const n = BigInt(safePicks);
  return ratio(BigInt(tiles - traps) ** n, BigInt(tiles) ** n);
}

/** Exact return to player of "climb n levels, then cash out": survival x multiplier, 99/100 for every n and difficulty. */
export function towerExactRtp(difficulty: TowerDifficulty, safePicks: number): Ratio {
  return mulRatio(towerSurvival(difficulty, safePicks), towerMultiplier(difficulty, safePicks));
}

/** What the next safe pick would pay, or null at the top. */
export function towerNextMultiplier(state: Pick<TowerState, 'difficulty' | 'picks'>): Ratio | null {
  return state.picks.length < TOWER_LEVELS ? towerMultiplier(state.difficulty, state.picks.length + 1) : null;
}

/** The best a round can pay: all nine levels climbed. */
export function towerMaxMultiplier(difficulty: TowerDifficulty): Ratio {
  return towerMultiplier(difficulty, TOWER_LEVELS);
}

/** Why `tile` may not be picked now, or null. */
export function towerPickError(state: TowerState, tile: number): string | null {
  if (state.trapHit !== undefined || state.picks.length >= TOWER_LEVELS) return 'The round is over';
  const { tiles } = TOWER_LAYOUT[state.difficulty];
  return Number.isInteger(tile) && tile >= 0 && tile < tiles
    ? null
    : `tile must be 0 to ${tiles - 1} on ${state.difficulty}`;
}

export type TowerStep = { state: TowerState; end: 'open' | 'lost' | 'top' };

/**
 * One pick on the next level against the round's traps (the caller checks `towerPickError` first). A trap ends the
 * round lost; the ninth safe pick reaches the top, which cashes out at once. An ended round shows every level's traps.
 */
export function towerPick(state: TowerState, tile: number, traps: readonly (readonly number[])[]): TowerStep {
  const level = state.picks.length;
  const picks = [...state.picks, tile];
  if (traps[level]!.includes(tile))
    return { state: { ...state, picks, trapHit: tile, traps: traps.map((l) => [...l]) }, end: 'lost' };
  if (picks.length === TOWER_LEVELS) return { state: { ...state, picks, traps: traps.map((l) => [...l]) }, end: 'top' };
  return { state: { ...state, picks }, end: 'open' };
}

export function towerStart(difficulty: TowerDifficulty): TowerState {
  return { difficulty, picks: [] };
}

export type TowerPlay = number | 'cashout';
export type TowerEnd = 'open' | 'lost' | 'cashout';

/**
 * A whole round replayed from its floats and the plays made (the verifier and the golden vectors): tiles climb,
 * 'cashout' as the last play cashes out. Reaching the top cashes out by itself. Stops at the first play not allowed.
 */
export function towerReplay(
  floats: readonly number[],
  difficulty: TowerDifficulty,
  plays: readonly TowerPlay[],
): { state: TowerState; traps: number[][]; end: TowerEnd; multiplier: Ratio; error?: string } {
  const traps = towerTraps(floats, difficulty);
  let state = towerStart(difficulty);
  const running = () => towerMultiplier(difficulty, state.picks.length);
  for (const play of plays) {
    if (play === 'cashout') {
      if (state.picks.length === 0)
        return { state, traps, end: 'open', multiplier: ratio(0n), error: 'Climb a level before cashing out' };
      return { state: { ...state, traps }, traps, end: 'cashout', multiplier: running() };
    }
    const error = towerPickError(state, play);
    if (error) return { state, traps, end: 'open', multiplier: ratio(0n), error };
    const step = towerPick(state, play, traps);
    state = step.state;
    if (step.end === 'lost') return { state, traps, end: 'lost', multiplier: ratio(0n) };
    if (step.end === 'top') return { state, traps, end: 'cashout', multiplier: running() };
  }
  return { state, traps, end: 'open', multiplier: state.picks.length === 0 ? ratio(0n) : running() };
}
