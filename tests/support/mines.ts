import type { Db } from '../../db/client.js';
import { minePositions } from '../../server/src/domain/games/mines/rules.js';
import { activeRoundFloats } from './round-floats.js';

/** Where the mines of a player's round lie, recomputed from the active seed pair (FAIRNESS.md), so a test can step around them. */
export async function minesBoard(db: Db, userId: number | string, nonce: number, mines: number): Promise<number[]> {
  const floatAt = await activeRoundFloats(db, userId, nonce);
  return minePositions(
    Array.from({ length: mines }, (_, i) => floatAt(i)),
    mines,
  );
}
