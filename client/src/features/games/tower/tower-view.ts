/** What the tower page shows of a round: the nine levels top down, each tile's state, the cash-out figures, the keys. */
import { applyRatio, formatRatio } from '../../../../../server/src/domain/games/shared/ratio';
import {
  TOWER_LAYOUT,
  TOWER_LEVELS,
  towerMultiplier,
  type TowerDifficulty,
  type TowerState,
} from '../../../../../server/src/domain/games/tower/rules';
import { fromUnits, toUnits } from '../../game-panel/bet-amount';

/**
 * hidden: not played; picked: a safe tile the round climbed on; hit: the trap that ended it; trap / safe: the rest of
 * an ended round's board; chosen: the Auto tab's preset pick.
 */
export type TileState = 'hidden' | 'picked' | 'hit' | 'trap' | 'safe' | 'chosen';

export interface LevelRow {
  /** 0 = the bottom level. */
  level: number;
  /** What cashing out after this level pays, 4 decimals floored ("1.3200"). */
  multiplier: string;
  /** The level the next pick is for (while a round is open). */
  current: boolean;
  tiles: TileState[];
}

/**
 * The nine levels top down. `state` is the round on screen (open or ended), or null before the first; `chosen` the
 * Auto tab's preset tile per level (null where none).
 */
export function levelRows(
  difficulty: TowerDifficulty,
  state: TowerState | null,
  open: boolean,
  chosen: readonly (number | null)[] = [],
): LevelRow[] {
  const { tiles } = TOWER_LAYOUT[difficulty];
  const picks = state?.picks ?? [];
  const rows: LevelRow[] = [];
  for (let level = TOWER_LEVELS - 1; level >= 0; level -= 1) {
    const traps = state?.traps?.[level];
    rows.push({
      level,
      multiplier: formatRatio(towerMultiplier(difficulty, level + 1), 4),
      current: open && level === picks.length,
      tiles: Array.from({ length: tiles }, (_, tile): TileState => {
        const picked = picks[level] === tile;
        if (picked) return state?.trapHit !== undefined && level === picks.length - 1 ? 'hit' : 'picked';
        if (traps) return traps.includes(tile) ? 'trap' : 'safe';
        return chosen[level] === tile ? 'chosen' : 'hidden';
      }),
    });
  }
  return rows;
}

/** What a cash-out pays now and the profit, as the server computes them (floor of the exact product); null for a bad stake. */
export function cashoutFigures(
  amount: string,
  difficulty: TowerDifficulty,
  levels: number,
): { payout: string; profit: string } | null {
  const stake = toUnits(amount);
  if (stake === null || levels === 0) return null;
  const payout = applyRatio(stake, towerMultiplier(difficulty, levels));
  return { payout: fromUnits(payout), profit: fromUnits(payout - stake) };
}

/** The keys that pick a tile on the next level, left to right (with the panel's hotkeys switched on). */
export const TILE_KEYS = ['1', '2', '3', '4'] as const;

/** The tile a key press picks on a level of `tiles` tiles, or null. */
export function tileForKey(key: string, tiles: number): number | null {
  const tile = (TILE_KEYS as readonly string[]).indexOf(key);
  return tile >= 0 && tile < tiles ? tile : null;
}

/** A preset pick set or cleared on one level (clicking the chosen tile again clears it). */
export function toggleChosen(chosen: readonly (number | null)[], level: number, tile: number): (number | null)[] {
  const next = Array.from({ length: TOWER_LEVELS }, (_, i) => chosen[i] ?? null);
  next[level] = next[level] === tile ? null : tile;
  return next;
}

/** Preset picks kept when the difficulty changes: a tile past the new width is dropped. */
export function fitChosen(chosen: readonly (number | null)[], difficulty: TowerDifficulty): (number | null)[] {
  const { tiles } = TOWER_LAYOUT[difficulty];
  return Array.from({ length: TOWER_LEVELS }, (_, i) => {
    const tile = chosen[i] ?? null;
    return tile !== null && tile < tiles ? tile : null;
  });
}
