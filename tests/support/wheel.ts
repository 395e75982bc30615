import { readFileSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { activeChain, insertChain, type ChainRow, type RoundRow } from '../../db/repositories/rounds.repo.js';
import { WHEEL_GAME } from '../../server/src/domain/games/wheel/wheel.game.js';
import type { AnyRoundGame } from '../../server/src/domain/rounds/round-game.js';
import type { RoundService } from '../../server/src/domain/rounds/round.service.js';
import { buildChain } from '../../server/src/domain/rounds/hash-chain.js';

/** server/src/domain/games/wheel/wheel_vectors.py's chain: each round's segments (re-spins included) are known in advance. */
export const WHEEL_VECTORS = JSON.parse(
  readFileSync(new URL('../../server/src/domain/games/wheel/wheel-vectors.json', import.meta.url), 'utf8'),
) as {
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  rounds: {
    number: number;
    hash: string;
    roundValue: string;
    spins: number[];
    value: number | null;
    multiplier: number;
  }[];
};

/** The vectors' round 16 re-spins twice (2x, 2x) and lands on 10: chips on 10 return 1 + 10 x 4 = 41 times. */
export const RESPIN_ROUND = 16;

/**
 * Publishes the tail of the vectors' chain from vector round `first` as the wheel's chain: the same seed with a
 * shorter length, so its round n is vector round first + n - 1 and its terminal hash vector round first - 1's hash.
 */
export function installWheelChain(db: Db, first = RESPIN_ROUND): Promise<ChainRow> {
  const length = WHEEL_VECTORS.length - (first - 1);
  const built = buildChain(length, 10, WHEEL_VECTORS.seed);
  return insertChain(db, {
    game: 'wheel',
    length,
    checkpointEvery: 10,
    terminalHash: built.terminalHash,
    salt: WHEEL_VECTORS.salt,
    checkpoints: built.checkpoints,
  });
}

/** The vector round the installed chain plays as its round n. */
export const wheelVector = (n: number, first = RESPIN_ROUND) => WHEEL_VECTORS.rounds[first + n - 2]!;

/** The wheel's round steps (the runner's work) on a test platform's services, without the runner's clock. */
export function wheelSteps(services: { rounds: RoundService }, chain: ChainRow) {
  const game = WHEEL_GAME as unknown as AnyRoundGame;
  return {
    game,
    openBetting: (bettingMs = 120_000) => services.rounds.openBetting(game, chain, { bettingMs, cooldownMs: 0 }),
    start: (round: RoundRow) => services.rounds.start(game, chain, round),
    end: (round: RoundRow) => services.rounds.end(game, chain, round),
  };
}

/** The wheel's steps on the chain a test already published (a later test of the same suite). */
export async function publishedWheelSteps(services: { rounds: RoundService }, db: Db) {
  const chain = await activeChain(db, 'wheel');
  if (!chain) throw new Error('no wheel chain published yet');
  return wheelSteps(services, chain);
}
