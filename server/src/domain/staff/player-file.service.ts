import type { Db } from '../../../../db/client.js';
import {
  insertNote,
  playerRecords,
  searchPlayers,
  type PlayerHit,
} from '../../../../db/repositories/player-file.repo.js';
import { userExists } from '../../../../db/repositories/staff.repo.js';
import { DomainError } from '../errors.js';
import { recordStaffAction, type StaffActor } from './audit-log.js';

/**
 * What other areas already tell about a player, read through their own services. Generic over what each answers,
 * so the file carries their types to the console.
 */
export interface PlayerFileSources<Ledger = unknown, Protection = unknown, Round = unknown> {
  /** Balances and the newest ledger transactions (wallet). */
  ledger(userId: number): Promise<Ledger>;
  /** Limits, exclusions, reality checks and the responsible-gaming history (player protection). */
  protection(userId: number): Promise<Protection>;
  /** The newest game-provider rounds: stake, win and rollback summed per round (providers). */
  providerRounds(userId: number, limit: number): Promise<Round[]>;
}

/** How many provider rounds the file shows, like its other lists (db/repositories/player-file.repo.ts). */
const FILE_ROUNDS = 50;

/**
 * A player's whole file for staff (issue 43): profile, balances and ledger, limits and responsible-gaming history,
 * bets, deposits and withdrawals, sessions with the addresses and browsers they came from, tips, and staff notes.
 */
export class PlayerFileService<Ledger = unknown, Protection = unknown, Round = unknown> {
  constructor(
    private readonly db: Db,
    private readonly sources: PlayerFileSources<Ledger, Protection, Round>,
  ) {}

  search(query: string): Promise<PlayerHit[]> {
    return searchPlayers(this.db, query);
  }

  async file(userId: number) {
    const [records, ledger, protection, providerRounds] = await Promise.all([
      playerRecords(this.db, userId),
      this.sources.ledger(userId),
      this.sources.protection(userId),
      this.sources.providerRounds(userId, FILE_ROUNDS),
    ]);
    if (!records.profile)
      throw new DomainError('NOT_FOUND', `No player with id ${userId}`, { code: 'PLAYER_NOT_FOUND' });
    return {
      ...records,
      // Each bet's public page shows its seeds and outcome: the verifier link.
      bets: records.bets.map((bet) => ({ ...bet, verifyPath: `/bets/${String(bet.id)}` })),
      providerRounds,
      ledger,
      protection,
    };
  }

  /** A note on the file; written with its audit line in one transaction. */
  async addNote(actor: StaffActor & { id: number }, userId: number, body: string): Promise<{ id: string }> {
    const text = body.trim();
    if (text.length === 0 || text.length > 4000)
      throw new DomainError('BAD_REQUEST', 'A note is 1-4000 characters', { code: 'BAD_NOTE' });
    return this.db.transaction().execute(async (trx) => {
      if (!(await userExists(trx, userId)))
        throw new DomainError('NOT_FOUND', `No player with id ${userId}`, { code: 'PLAYER_NOT_FOUND' });
      const id = await insertNote(trx, userId, actor.id, text);
      await recordStaffAction(trx, actor, {
        action: 'player.note',
        target: { type: 'user', id: userId },
        after: { noteId: id, body: text },
      });
      return { id };
    });
  }
}
