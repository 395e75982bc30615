import { sql, type Kysely } from 'kysely';

/**
 * The bet engine's part of bonuses (issue #42): a bet staked partly or wholly from the player's bonus balance records
 * that part in bet_bonus_stakes (one row per such bet, none for the usual cash-only bet, so the hot bet insert is
 * unchanged); settlement splits the payout by it. A bonus whose balance was staked away ends as `spent`. Race and
 * bonus wager counting also take provider wagers, keyed like their accruals (`provider:<provider>:<transaction>`),
 * so the counted-bet keys become text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bet_bonus_stakes (
      bet_id bigint primary key references bets(id) on delete restrict,
      bonus_id bigint not null references player_bonuses(id) on delete restrict,
      bonus_e8 bigint not null check (bonus_e8 > 0)
    )`.execute(db);
  await sql`create index bet_bonus_stakes_bonus on bet_bonus_stakes (bonus_id)`.execute(db);
  await sql`alter table player_bonuses drop constraint player_bonuses_status_check`.execute(db);
  await sql`alter table player_bonuses add constraint player_bonuses_status_check
    check (status in ('active', 'converted', 'forfeited', 'expired', 'spent'))`.execute(db);
  await sql`alter table race_bets alter column bet_id type text using bet_id::text`.execute(db);
  await sql`alter table bonus_wagers alter column bet_id type text using bet_id::text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from race_bets where bet_id !~ '^[0-9]+$'`.execute(db);
  await sql`delete from bonus_wagers where bet_id !~ '^[0-9]+$'`.execute(db);
  await sql`alter table race_bets alter column bet_id type bigint using bet_id::bigint`.execute(db);
  await sql`alter table bonus_wagers alter column bet_id type bigint using bet_id::bigint`.execute(db);
  await sql`update player_bonuses set status = 'forfeited' where status = 'spent'`.execute(db);
  await sql`alter table player_bonuses drop constraint player_bonuses_status_check`.execute(db);
  await sql`alter table player_bonuses add constraint player_bonuses_status_check
    check (status in ('active', 'converted', 'forfeited', 'expired'))`.execute(db);
  await sql`drop table bet_bonus_stakes`.execute(db);
}
