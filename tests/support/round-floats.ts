import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { floatsFromSeeds } from '../../server/src/domain/games/rules/index.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/**
 * Float i of a player's round on the active seed pair (FAIRNESS.md "Bytes and floats"), recomputed from the seeds the
 * database holds: a test knows a multi-step round's cards or mines before it plays them.
 */
export async function activeRoundFloats(db: Db, userId: number | string, nonce: number): Promise<(index: number) => number> {
  const pair = await db
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed'])
    .where('user_id', '=', Number(userId))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  const floats = floatsFromSeeds(hmac, { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce }, 52);
  return (index) => floats[index]!;
}
