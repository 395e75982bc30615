import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** The player's favourite games, newest star first. */
export async function favouriteGames(db: Executor, userId: number): Promise<string[]> {
  const { rows } = await sql<{
    game: string;
  }>`select game from favourite_games where user_id = ${userId} order by created_at desc, game`.execute(db);
  return rows.map((row) => row.game);
}

/** Stars or unstars a game; doing it twice is the same as once. */
export async function setFavouriteGame(db: Executor, userId: number, game: string, favourite: boolean): Promise<void> {
  if (favourite)
    await sql`insert into favourite_games (user_id, game) values (${userId}, ${game}) on conflict do nothing`.execute(
      db,
    );
  else await sql`delete from favourite_games where user_id = ${userId} and game = ${game}`.execute(db);
}

/**
 * The games the player bet on within `days`, the most recently played first. The window keeps the read on the
 * (user_id, created_at) index's recent end however long the player's history is.
 */
export async function recentlyPlayedGames(
  db: Executor,
  userId: number,
  days: number,
  limit: number,
): Promise<string[]> {
  // A provider game is named "provider/game", the key its lobby tile carries; its rounds are the provider's bets.
  const { rows } = await sql<{ game: string }>`
    select game from (
      select game, created_at from bets
      where user_id = ${userId} and created_at > now() - make_interval(days => ${days})
      union all
      select provider_id || '/' || game_id, created_at from provider_transactions
      where user_id = ${userId} and kind = 'bet' and created_at > now() - make_interval(days => ${days})
    ) played
    group by game order by max(created_at) desc, game limit ${limit}`.execute(db);
  return rows.map((row) => row.game);
}
