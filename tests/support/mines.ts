import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { floatsFromSeeds, minePositions } from '../../server/src/domain/games/rules/index.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The first `count` floats of a player's bet at `nonce` on the active seed pair (FAIRNESS.md), so a test can play a round knowingly. */
export async function activeRoundFloats(db: Db, userId: number | string, nonce: number, count: number): Promise<number[]> {
  const pair = await db
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed'])
    .where('user_id', '=', Number(userId))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return floatsFromSeeds(hmac, { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, count);
}

/** Where the mines of a player's round lie, recomputed from the active seed pair (FAIRNESS.md), so a test can step around them. */
export async function minesBoard(db: Db, userId: number | string, nonce: number, mines: number): Promise<number[]> {
  return minePositions(await activeRoundFloats(db, userId, nonce, mines), mines);
}
