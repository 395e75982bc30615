import { sql, type Kysely } from 'kysely';

/**
 * A round bet given back because its round never ran gets a state of its own, `refunded` (issue 45, point 9): it
 * neither won nor lost, and read `won` at 1.00x before. The bets already refunded (outcome.refunded) move over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bets drop constraint bets_state_check`.execute(db);
  await sql`alter table bets add constraint bets_state_check check (state in ('open', 'won', 'lost', 'refunded'))`.execute(
    db,
  );
  await sql`update bets set state = 'refunded' where state = 'won' and (outcome ->> 'refunded')::boolean`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update bets set state = 'won' where state = 'refunded'`.execute(db);
  await sql`alter table bets drop constraint bets_state_check`.execute(db);
  await sql`alter table bets add constraint bets_state_check check (state in ('open', 'won', 'lost'))`.execute(db);
}
