import { sql, type Kysely } from 'kysely';

/**
 * Bingo sells more cards to a player until its sale closes (issue 45, point 12): each purchase is a bet of its own,
 * so one bet a player a round holds for every round game but bingo (whose engine keeps a player to 24 cards a game,
 * BINGO_GAME.roundLimitError).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bets_one_per_round`.execute(db);
  await sql`create unique index bets_one_per_round on bets (round_id, user_id) where round_id is not null and game <> 'bingo'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bets_one_per_round`.execute(db);
  await sql`create unique index bets_one_per_round on bets (round_id, user_id) where round_id is not null`.execute(db);
}
