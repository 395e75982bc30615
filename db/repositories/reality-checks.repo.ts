import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** The player's chosen interval: undefined when never chosen (the default applies), 0 when off. */
export async function realityCheckInterval(db: Executor, userId: number): Promise<number | undefined> {
  const { rows } = await sql<{ interval_minutes: number | null }>`
    select interval_minutes from reality_check_settings where user_id = ${userId}`.execute(db);
  return rows[0]?.interval_minutes ?? undefined;
}

export async function saveRealityCheckInterval(db: Executor, userId: number, minutes: number): Promise<void> {
  await sql`
    insert into reality_check_settings (user_id, interval_minutes) values (${userId}, ${minutes})
    on conflict (user_id) do update set interval_minutes = excluded.interval_minutes, updated_at = now()`.execute(db);
}

/** When the sign-in session began (the play session a reality check measures). */
export async function sessionStartedAt(db: Executor, sessionId: string): Promise<Date | undefined> {
  const { rows } = await sql<{ created_at: Date }>`select created_at from sessions where id = ${sessionId}`.execute(db);
  return rows[0] ? new Date(rows[0].created_at) : undefined;
}

/**
 * What the player staked and got back since `since`, per currency, over the originals and round games, the sportsbook
 * and the studios (a provider's rollback gives the stake back). Asked once per reality check, never on the bet path.
 */
export async function playedSince(
  db: Executor,
  userId: number,
  since: Date,
): Promise<{ currency: string; staked: bigint; returned: bigint }[]> {
  const { rows } = await sql<{ currency: string; staked: string; returned: string }>`
    select currency, sum(staked)::text as staked, sum(returned)::text as returned from (
      select currency, amount_e8 as staked, payout_e8 as returned from bets
      where user_id = ${userId} and created_at >= ${since}
      union all
      select currency, stake_e8, paid_e8 from sports_bets where user_id = ${userId} and created_at >= ${since}
      union all
      select currency, case when kind = 'bet' then amount_e8 else 0 end, case when kind = 'bet' then 0 else amount_e8 end
      from provider_transactions where user_id = ${userId} and created_at >= ${since}
    ) played
    group by currency
    order by currency`.execute(db);
  return rows.map((row) => ({ currency: row.currency, staked: BigInt(row.staked), returned: BigInt(row.returned) }));
}
