import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../db/client.js';
import { insertChain, type ChainRow, type RoundRow } from '../../db/repositories/rounds.repo.js';
import { CRASH_GAME } from '../../server/src/domain/games/crash/crash.game.js';
import type { AnyRoundGame } from '../../server/src/domain/rounds/round-game.js';
import type { RoundService } from '../../server/src/domain/rounds/round.service.js';
import { crashPointFromHmac } from '../../server/src/domain/games/crash/rules.js';
import { buildChain, checkpointAbove, hashDownTo, roundValue } from '../../server/src/domain/rounds/hash-chain.js';

/** The chain of server/src/domain/games/crash/crash_vectors.py: its rounds' crash points are known in advance (1: 10.30x, 2: 1.86x, ...). */
export const CRASH_VECTORS = JSON.parse(
  readFileSync(new URL('../../server/src/domain/games/crash/crash-vectors.json', import.meta.url), 'utf8'),
) as {
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  rounds: { number: number; hash: string; crashPoint: number }[];
};

/** Publishes the vectors' chain as crash's chain, so round n crashes at CRASH_VECTORS.rounds[n - 1].crashPoint. */
export function installVectorChain(db: Db): Promise<ChainRow> {
  const built = buildChain(CRASH_VECTORS.length, 10, CRASH_VECTORS.seed);
  return insertChain(db, {
    game: 'crash',
    length: CRASH_VECTORS.length,
    checkpointEvery: 10,
    terminalHash: built.terminalHash,
    salt: CRASH_VECTORS.salt,
    checkpoints: built.checkpoints,
  });
}

/** Moves a running round's start `ms` into the past: the curve every server reads now shows multiplierAt(ms). */
export async function runningFor(db: Db, roundId: string, ms: number): Promise<void> {
  await sql`update rounds set started_at = clock_timestamp() - make_interval(secs => ${ms / 1000}) where id = ${roundId}`.execute(
    db,
  );
}

/** Ends a round's betting window now (as if its time ran out). */
export async function closeBetting(db: Db, roundId: string): Promise<void> {
  await sql`update rounds set betting_ends_at = clock_timestamp() - interval '1 millisecond' where id = ${roundId}`.execute(
    db,
  );
}

/** Crash's round steps (the runner's work) on a test platform's services, without the runner's clock. */
export function crashSteps(services: { rounds: RoundService }, chain: ChainRow) {
  const game = CRASH_GAME as unknown as AnyRoundGame;
  return {
    openBetting: (bettingMs = 120_000) => services.rounds.openBetting(game, chain, { bettingMs, cooldownMs: 0 }),
    start: (round: RoundRow) => services.rounds.start(game, chain, round),
    end: (round: RoundRow) => services.rounds.end(game, chain, round),
    /** The running round's `round-tick` to every screen, as the runner sends one every ROUND_TICK_MS. */
    tick: (round: RoundRow) => services.rounds.tick(game, round.id),
    /** A dead runner's recovery: its unfinished rounds cancelled and their bets refunded. */
    cancelUnfinished: () => services.rounds.cancelUnfinished(game),
  };
}

/**
 * A chain whose first `rounds` rounds all crash below `below` (hundredths), found by trying seeds in a fixed order
 * (the same chain every run): tests that let a real runner play rounds wait seconds, not minutes, for each to end.
 */
export function installShortRoundsChain(
  db: Db,
  options: { rounds: number; below: number; length?: number },
): Promise<ChainRow> {
  const length = options.length ?? 200;
  const salt = CRASH_VECTORS.salt;
  for (let attempt = 0; ; attempt += 1) {
    const seed = createHash('sha256').update(`short rounds ${attempt}`).digest('hex');
    const built = buildChain(length, 10, seed);
    const hashes = Array.from({ length: options.rounds }, (_, i) => {
      const from = checkpointAbove(i + 1, length, 10);
      return hashDownTo(from, built.checkpoints.get(from)!, i + 1);
    });
    if (hashes.every((h) => crashPointFromHmac(roundValue(salt, h)) < options.below)) {
      return insertChain(db, {
        game: 'crash',
        length,
        checkpointEvery: 10,
        terminalHash: built.terminalHash,
        salt,
        checkpoints: built.checkpoints,
      });
    }
  }
}
