import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { floatsFromSeeds, minePositions } from '../../server/src/domain/games/rules/index.js';

export const hmacSha256 = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The player's active seed pair, so a test can recompute what the next nonces will draw (FAIRNESS.md). */
export async function activeSeeds(db: Db, userId: number | string): Promise<{ serverSeed: string; clientSeed: string; nonce: number }> {
  const pair = await db
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed', 'nonce'])
    .where('user_id', '=', Number(userId))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: Number(pair.nonce) };
}

/** Where the mines of a player's round lie, recomputed from the active seed pair (FAIRNESS.md), so a test can step around them. */
export async function minesBoard(db: Db, userId: number | string, nonce: number, mines: number): Promise<number[]> {
  const seeds = await activeSeeds(db, userId);
  return minePositions(floatsFromSeeds(hmacSha256, { ...seeds, nonce }, mines), mines);
}
