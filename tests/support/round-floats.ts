import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';

export const hmacSha256 = (key: string, message: string) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The player's active seed pair, so a test can recompute what the next nonces will draw (FAIRNESS.md). */
export async function activeSeeds(
  db: Db,
  userId: number | string,
): Promise<{ serverSeed: string; clientSeed: string; nonce: number }> {
  const pair = await db
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed', 'nonce'])
    .where('user_id', '=', Number(userId))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: Number(pair.nonce) };
}

/**
 * Float i of a player's round on the active seed pair (FAIRNESS.md "Bytes and floats"), recomputed from the seeds the
 * database holds: a test knows a multi-step round's cards or mines before it plays them.
 */
export async function activeRoundFloats(
  db: Db,
  userId: number | string,
  nonce: number,
): Promise<(index: number) => number> {
  const floats = await activeFloats(db, userId, nonce, 52);
  return (index) => floats[index]!;
}

/** The first `count` floats of a player's bet at `nonce` on the active seed pair. */
export async function activeFloats(db: Db, userId: number | string, nonce: number, count: number): Promise<number[]> {
  const seeds = await activeSeeds(db, userId);
  return floatsFromSeeds(hmacSha256, { ...seeds, nonce }, count);
}
