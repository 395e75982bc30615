import { sql, type Kysely } from 'kysely';

/**
 * The player's provider rounds on My bets (providers.myRounds), newest first with a keyset cursor: the player's
 * bets walked by id. (The round's other rows are found by provider_transactions_round_idx.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index provider_transactions_player_bets_idx on provider_transactions (user_id, id) where kind = 'bet'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index provider_transactions_player_bets_idx`.execute(db);
}
