import { sql, type Kysely } from 'kysely';

/**
 * A player's favourite games (issue 24 point 15), so the star follows the account to every device. Only the slug's
 * form is checked here: which slugs exist is the game registry's decision (as for bets.game).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table favourite_games (
      user_id integer not null references users(id) on delete cascade,
      game text not null constraint favourite_games_slug check (game ~ '^[a-z][a-z0-9-]{0,31}$'),
      created_at timestamptz not null default now(),
      primary key (user_id, game)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists favourite_games`.execute(db);
}
