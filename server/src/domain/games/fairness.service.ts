import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import {
  activeSeedPair,
  openRound,
  insertSeedPairIfNone,
  rotateSeedPair,
  type NewSeedPair,
  type SeedPairRow,
} from '../../../../db/repositories/games.repo.js';
import { DomainError } from '../errors.js';
import type { RoundFloats } from './game-module.js';
import { floatsFromDigest, floatsFromSeeds, FLOATS_PER_ROUND, roundMessage } from './shared/floats.js';

/** What a player sees of the active pair; the server seed itself stays secret until rotation. */
export interface FairnessView {
  serverSeedHash: string;
  nextServerSeedHash: string;
  clientSeed: string;
  /** Bets already made on this pair: the next bet's nonce. */
  nonce: number;
}

export interface RotationView {
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
  current: FairnessView;
}

/** SHA-256 of the seed's hex string (FAIRNESS.md), hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export function newServerSeed(): { seed: string; hash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, hash: hashServerSeed(seed) };
}

export function randomClientSeed(): string {
  return randomBytes(10).toString('hex');
}

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The floats of one bet (FAIRNESS.md), HMAC by node:crypto, bytes to floats by the shared rules. */
export function betFloats(
  pair: Pick<SeedPairRow, 'serverSeed' | 'clientSeed'>,
  nonce: number,
  count: number,
): number[] {
  return floatsFromSeeds(hmac, { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce }, count);
}

/**
 * The floats of one multi-step round, read in order of use from its one nonce: float i comes from HMAC round
 * floor(i / 8), computed the first time a float of that round is read.
 */
export function roundFloats(pair: Pick<SeedPairRow, 'serverSeed' | 'clientSeed'>, nonce: number): RoundFloats {
  const rounds: number[][] = [];
  const at = (index: number): number => {
    if (!Number.isInteger(index) || index < 0) throw new RangeError(`no float ${index}`);
    const round = Math.floor(index / FLOATS_PER_ROUND);
    rounds[round] ??= floatsFromDigest(hmac(pair.serverSeed, roundMessage(pair.clientSeed, nonce, round)));
    return rounds[round][index % FLOATS_PER_ROUND]!;
  };
  return { at, first: (count) => Array.from({ length: count }, (_, i) => at(i)) };
}

function freshPair(clientSeed: string, current?: { seed: string; hash: string }): NewSeedPair {
  const server = current ?? newServerSeed();
  const next = newServerSeed();
  return {
    serverSeed: server.seed,
    serverSeedHash: server.hash,
    nextServerSeed: next.seed,
    nextServerSeedHash: next.hash,
    clientSeed,
  };
}

function toView(pair: SeedPairRow): FairnessView {
  return {
    serverSeedHash: pair.serverSeedHash,
    nextServerSeedHash: pair.nextServerSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
  };
}

/**
 * Seed pairs per player: created on first use with a random client seed; rotation reveals the server seed, promotes
 * the committed "next" seed and draws a new next one. Refused while a multi-step round is open, because that round's
 * outcome is already fixed by the current seed.
 */
export class FairnessService {
  constructor(private readonly deps: { db: Db }) {}

  async ensurePair(userId: number, db: Db = this.deps.db): Promise<void> {
    await insertSeedPairIfNone(db, userId, freshPair(randomClientSeed()));
  }

  async current(userId: number): Promise<FairnessView> {
    let pair = await activeSeedPair(this.deps.db, userId);
    if (!pair) {
      await this.ensurePair(userId);
      pair = await activeSeedPair(this.deps.db, userId);
    }
    return toView(pair!);
  }

  async rotate(userId: number, input: { clientSeed?: string }): Promise<RotationView> {
    await this.ensurePair(userId);
    return this.deps.db.transaction().execute(async (trx) => {
      // The row lock orders this rotation against the player's bets: a bet either used the old pair or waits for the new.
      const pair = (await activeSeedPair(trx, userId, { forUpdate: true }))!;
      // Any game's open round is refused, not only one kind: its outcome is already fixed by the current pair.
      const open = await openRound(trx, userId);
      if (open) {
        throw new DomainError('CONFLICT', `Finish your open round (${open.game}) before changing seeds`, {
          code: 'ROUND_OPEN',
        });
      }
      const next = freshPair(input.clientSeed ?? pair.clientSeed, {
        seed: pair.nextServerSeed,
        hash: pair.nextServerSeedHash,
      });
      await rotateSeedPair(trx, pair, next);
      return {
        previous: {
          serverSeed: pair.serverSeed,
          serverSeedHash: pair.serverSeedHash,
          clientSeed: pair.clientSeed,
          nonce: pair.nonce,
        },
        current: {
          serverSeedHash: next.serverSeedHash,
          nextServerSeedHash: next.nextServerSeedHash,
          clientSeed: next.clientSeed,
          nonce: 0,
        },
      };
    });
  }
}
