import { sql, type Kysely } from 'kysely';

/**
 * Games as modules (issue 25): `bets.game` no longer lists the five originals. Which slugs may be written is the game
 * registry's decision (server/src/domain/games/registry.ts), so a new game needs no migration; the column keeps only
 * the slug's form. docs/architecture.md "How to add a game" says why this and not a games table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets drop constraint bets_game_check`.execute(db);
  await sql`alter table bets add constraint bets_game_slug check (game ~ '^[a-z][a-z0-9-]{0,31}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets drop constraint bets_game_slug`.execute(db);
  await sql`alter table bets add constraint bets_game_check check (game in ('dice', 'limbo', 'plinko', 'keno', 'mines'))`.execute(
    db,
  );
}
