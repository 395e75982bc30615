import { readFileSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { insertChain, type ChainRow } from '../../db/repositories/rounds.repo.js';
import { buildChain } from '../../server/src/domain/rounds/hash-chain.js';

type Times = { oneLine: number; twoLines: number; fullHouse: number };

/** The chain of tests/fixtures/bingo_vectors.py: each round's draw order, and cards whose prize balls are known. */
export const BINGO_VECTORS = JSON.parse(readFileSync(new URL('../fixtures/bingo-vectors.json', import.meta.url), 'utf8')) as {
  seed: string;
  length: number;
  terminalHash: string;
  salt: string;
  rounds: { number: number; hash: string; draw: number[]; cards: { card: number[]; times: Times }[] }[];
};

/** Publishes the vectors' chain as bingo's chain, so round n draws BINGO_VECTORS.rounds[n - 1].draw. */
export function installBingoVectorChain(db: Db): Promise<ChainRow> {
  const built = buildChain(BINGO_VECTORS.length, 10, BINGO_VECTORS.seed);
  return insertChain(db, { game: 'bingo', length: BINGO_VECTORS.length, checkpointEvery: 10, terminalHash: built.terminalHash, salt: BINGO_VECTORS.salt, checkpoints: built.checkpoints });
}
