import { randomBytes } from 'node:crypto';
import {
  activeChain,
  checkpoint,
  fixChainSalt,
  insertChain,
  insertRound,
  lastRoundNumber,
  type ChainRow,
  type RoundRow,
} from '../../../../db/repositories/rounds.repo.js';
import { DomainError } from '../errors.js';
import { buildChainInBackground, checkpointAbove, hashDownTo } from './hash-chain.js';
import type { AnyRoundGame } from './round-game.js';
import type { ChainOptions, RoundServiceDeps } from './round.service.js';

/** A game's hash chain: published once (terminal hash, then the salt), read back hash by hash, a round per hash. */
export class RoundChains {
  constructor(private readonly deps: RoundServiceDeps) {}

  async chain(game: AnyRoundGame): Promise<{
    terminalHash: string;
    salt: string | null;
    committedAt: string;
    rounds: number;
    length: number;
  } | null> {
    const chain = await activeChain(this.deps.db, game.slug);
    if (!chain) return null;
    return {
      terminalHash: chain.terminalHash,
      salt: chain.salt,
      committedAt: chain.committedAt.toISOString(),
      rounds: await lastRoundNumber(this.deps.db, chain.id),
      length: chain.length,
    };
  }

  /** The game's chain, created (terminal hash and salt published) when it has none yet. */
  async ensureChain(game: AnyRoundGame, options: ChainOptions): Promise<ChainRow> {
    const existing = await activeChain(this.deps.db, game.slug);
    if (existing) return existing;
    const built = await buildChainInBackground(options.length, options.checkpointEvery);
    return insertChain(this.deps.db, {
      game: game.slug,
      length: options.length,
      checkpointEvery: options.checkpointEvery,
      terminalHash: built.terminalHash,
      salt: options.salt ?? (options.requireSalt ? null : `dev-${randomBytes(16).toString('hex')}`),
      checkpoints: built.checkpoints,
    });
  }

  /** The operator fixes the published chain's salt (FAIRNESS.md: after the terminal hash, before round 1). */
  async fixSalt(game: AnyRoundGame, salt: string): Promise<void> {
    if (!(await fixChainSalt(this.deps.db, game.slug, salt))) {
      throw new DomainError('CONFLICT', 'The salt can be set once, on a published chain, before round 1', {
        code: 'SALT_FIXED',
      });
    }
  }

  /** h[n] of the game's chain, recomputed from the checkpoint above it. */
  async hashOf(chain: ChainRow, n: number): Promise<string> {
    if (n < 0 || n > chain.length) throw new RangeError(`round ${n} is outside the chain`);
    const from = checkpointAbove(n, chain.length, chain.checkpointEvery);
    const stored = await checkpoint(this.deps.db, chain.id, from);
    if (!stored) throw new Error(`checkpoint ${from} of chain ${chain.id} is missing`);
    return hashDownTo(from, stored, n);
  }

  async createRound(
    game: AnyRoundGame,
    chain: ChainRow,
    state: 'queued' | 'betting',
    bettingEndsAt: Date | null,
  ): Promise<RoundRow> {
    const number = (await lastRoundNumber(this.deps.db, chain.id)) + 1;
    if (number > chain.length) throw new Error(`the ${game.slug} chain is used up: an operator must publish a new one`);
    return insertRound(this.deps.db, {
      game: game.slug,
      chainId: chain.id,
      number,
      hash: await this.hashOf(chain, number),
      state,
      bettingEndsAt,
    });
  }
}
