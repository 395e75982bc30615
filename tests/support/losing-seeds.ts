import { createHmac } from 'node:crypto';
import { diceOutcome, diceWins } from '../../server/src/domain/games/dice/rules.js';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import type { DiceParams } from '../../server/src/domain/games/dice/rules.js';
import type { TestPlatform } from './platform.js';

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/**
 * Rotates the player's client seed until the next `count` dice bets with `params` all lose: a known outcome, seen in
 * advance from the active pair's seeds (FAIRNESS.md), for tests that lose to a limit.
 */
export async function losingSeeds(platform: TestPlatform, userId: number, count: number, params: DiceParams) {
  const fairness = platform.platform.services.games.fairness;
  const db = platform.platform.infra.db;
  await fairness.ensurePair(userId);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const pair = await db
      .selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', userId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const wins = Array.from({ length: count }, (_, i) =>
      diceWins(
        diceOutcome(
          floatsFromSeeds(
            hmac,
            { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce + i },
            1,
          ),
          params,
        ),
      ),
    );
    if (!wins.includes(true)) return;
    await fairness.rotate(userId, { clientSeed: `losing-${attempt}` });
  }
  throw new Error('no client seed found whose bets all lose');
}
