import { readFileSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { insertChain, type ChainRow, type RoundRow } from '../../db/repositories/rounds.repo.js';
import { BINGO_GAME } from '../../server/src/domain/games/bingo/bingo.game.js';
import { buildChain } from '../../server/src/domain/rounds/hash-chain.js';
import type { AnyRoundGame } from '../../server/src/domain/rounds/round-game.js';
import type { RoundService } from '../../server/src/domain/rounds/round.service.js';

type Times = { oneLine: number; twoLines: number; fullHouse: number };

/** The chain of server/src/domain/games/bingo/bingo_vectors.py: each round's draw order, and cards whose prize balls are known. */
export const BINGO_VECTORS = JSON.parse(
  readFileSync(new URL('../../server/src/domain/games/bingo/bingo-vectors.json', import.meta.url), 'utf8'),
) as {
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  rounds: { number: number; hash: string; draw: number[]; cards: { card: number[]; times: Times }[] }[];
};

/** Publishes the vectors' chain as bingo's chain, so round n draws BINGO_VECTORS.rounds[n - 1].draw. */
export function installBingoVectorChain(db: Db): Promise<ChainRow> {
  const built = buildChain(BINGO_VECTORS.length, 10, BINGO_VECTORS.seed);
  return insertChain(db, {
    game: 'bingo',
    length: BINGO_VECTORS.length,
    checkpointEvery: 10,
    terminalHash: built.terminalHash,
    salt: BINGO_VECTORS.salt,
    checkpoints: built.checkpoints,
  });
}

/** Bingo's round steps (the runner's work) on a test platform's services, without the runner's clock. */
export function bingoSteps(services: { rounds: RoundService }, chain: ChainRow) {
  const game = BINGO_GAME as unknown as AnyRoundGame;
  return {
    game,
    openBetting: (bettingMs = 120_000) => services.rounds.openBetting(game, chain, { bettingMs, cooldownMs: 0 }),
    start: (round: RoundRow) => services.rounds.start(game, chain, round),
    tick: (round: RoundRow) => services.rounds.tick(game, round.id),
    end: (round: RoundRow) => services.rounds.end(game, chain, round),
  };
}
