import { sql, type Kysely } from 'kysely';

/**
 * A player may hide their name on the public page of their bets (/bets/<id>, issue 45): the page then says "Hidden".
 * Off by default, as sharing a bet in the Trollbox is the point of the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column hide_bets boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column hide_bets`.execute(db);
}
