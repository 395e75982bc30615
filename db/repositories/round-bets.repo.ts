/**
 * A round's end settles its winning bets together (games/engine/round-settling.ts settleRoundWinners): their rows
 * locked in one statement and settled in one, instead of three statements per bet. The per-bet path (a cash-out) keeps
 * games.repo's lockRoundBet / updateBet.
 */
import { sql, type Kysely } from 'kysely';
import type { BetState } from '../games-tables.js';
import type { Database } from '../schema.js';
import { playLimitedSql } from './play-limits.repo.js';

type Executor = Kysely<Database>;

/**
 * Locks the given round bets, in id order (every settler of a round's bets locks them that way, so two settlements of
 * the same bets queue instead of deadlocking); a bet no longer open is answered too, for the caller to skip.
 */
export async function lockRoundBets(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; state: BetState; user_id: number; limited: boolean }[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string; state: BetState; user_id: number; limited: boolean }>`
    select id::text as id, state, user_id, ${sql.raw(playLimitedSql('bets.user_id'))} as limited
    from bets where id = any(${ids}::bigint[]) and round_id is not null order by bets.id for update`.execute(db);
  return rows;
}

export interface SettledBetChange {
  id: string;
  state: BetState;
  outcome: unknown;
  payout: bigint;
  multiplier: string;
  highRoller: boolean;
}

/** Writes the settlements of locked open bets in one statement (what updateBet writes for one, settled_at included). */
export async function settleBetRows(db: Executor, changes: readonly SettledBetChange[]): Promise<void> {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map(
      (c) =>
        sql`(${c.id}::bigint, ${c.state}::text, ${JSON.stringify(c.outcome)}::jsonb, ${c.payout.toString()}::bigint, ${c.multiplier}::text, ${c.highRoller}::boolean)`,
    ),
  );
  await sql`
    update bets b set state = v.state, outcome = v.outcome, payout_e8 = v.payout, multiplier = v.multiplier,
      high_roller = v.high_roller, settled_at = now()
    from (values ${values}) as v(id, state, outcome, payout, multiplier, high_roller)
    where b.id = v.id`.execute(db);
}
