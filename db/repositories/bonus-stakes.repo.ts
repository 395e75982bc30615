import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';

type Executor = Kysely<Database>;

/**
 * Records (or, for a multi-step raise, adds to) the part of a bet staked from a bonus balance. Only bets with such a
 * part have a row: the usual cash-only bet writes nothing here.
 */
export async function recordBonusStake(db: Executor, betId: string, bonusId: string, bonusE8: bigint): Promise<void> {
  await sql`
    insert into bet_bonus_stakes (bet_id, bonus_id, bonus_e8) values (${betId}, ${bonusId}, ${bonusE8})
    on conflict (bet_id) do update set bonus_e8 = bet_bonus_stakes.bonus_e8 + excluded.bonus_e8`.execute(db);
}

export type BonusStatus = 'active' | 'converted' | 'forfeited' | 'expired' | 'spent';

/**
 * A bet's bonus part and its bonus's status now, with the bonus row share-locked for the caller's transaction: a
 * conversion, expiry or forfeiture (which lock it for update) waits until the payout is posted, so a payout's bonus
 * share never lands in the bonus account after the bonus left it.
 */
export async function bonusStakeOf(
  db: Executor,
  betId: string,
): Promise<{ bonusId: string; bonusE8: bigint; status: BonusStatus } | undefined> {
  const { rows } = await sql<{ bonus_id: string; bonus_e8: string; status: BonusStatus }>`
    select s.bonus_id::text, s.bonus_e8::text, b.status from bet_bonus_stakes s
    join player_bonuses b on b.id = s.bonus_id where s.bet_id = ${betId} for share of b`.execute(db);
  const row = rows[0];
  return row ? { bonusId: row.bonus_id, bonusE8: BigInt(row.bonus_e8), status: row.status } : undefined;
}

/** bonusStakeOf for many bets in one read (a round's winners), the same share lock on their bonuses. */
export async function bonusStakesOf(
  db: Executor,
  betIds: readonly string[],
): Promise<Map<string, { bonusId: string; bonusE8: bigint; status: BonusStatus }>> {
  if (betIds.length === 0) return new Map();
  const { rows } = await sql<{ bet_id: string; bonus_id: string; bonus_e8: string; status: BonusStatus }>`
    select s.bet_id::text, s.bonus_id::text, s.bonus_e8::text, b.status from bet_bonus_stakes s
    join player_bonuses b on b.id = s.bonus_id where s.bet_id = any(${betIds}::bigint[]) order by b.id for share of b`.execute(
    db,
  );
  return new Map(
    rows.map((row) => [row.bet_id, { bonusId: row.bonus_id, bonusE8: BigInt(row.bonus_e8), status: row.status }]),
  );
}

/** Whether an open bet (a round game's, a multi-step round) is staked partly from this bonus. */
export async function hasOpenBonusBets(db: Executor, bonusId: string): Promise<boolean> {
  const { rows } = await sql<{ open: boolean }>`
    select exists (select 1 from bet_bonus_stakes s join bets b on b.id = s.bet_id
      where s.bonus_id = ${bonusId} and b.state = 'open') as open`.execute(db);
  return rows[0]!.open;
}

/** A provider wager (a seamless-wallet bet) as races and bonuses count it; undefined once rolled back. */
export interface ProviderWagerRow {
  key: string;
  userId: number;
  currency: LedgerCurrency;
  amountE8: bigint;
  /** The game's category (provider_games.category: slots, live, ...). */
  category: string;
  placedAt: Date;
}

/** The wager keyed `provider:<provider>:<transaction>` (the accrual key), unless it was rolled back. */
export async function providerWager(db: Executor, key: string): Promise<ProviderWagerRow | undefined> {
  const match = /^provider:([a-z][a-z0-9-]{1,31}):(.+)$/.exec(key);
  if (!match) return undefined;
  const { rows } = await sql<{
    user_id: number;
    currency: LedgerCurrency;
    amount_e8: string;
    category: string;
    created_at: Date;
  }>`
    select t.user_id, t.currency, t.amount_e8::text, g.category, t.created_at from provider_transactions t
    join provider_games g on g.provider_id = t.provider_id and g.game_id = t.game_id
    where t.provider_id = ${match[1]!} and t.transaction_id = ${match[2]!} and t.kind = 'bet' and t.amount_e8 > 0
      and not exists (select 1 from provider_transactions r where r.provider_id = t.provider_id
        and r.kind = 'rollback' and r.reference_transaction_id = t.transaction_id)`.execute(db);
  const row = rows[0];
  return row
    ? {
        key,
        userId: row.user_id,
        currency: row.currency,
        amountE8: BigInt(row.amount_e8),
        category: row.category,
        placedAt: new Date(row.created_at),
      }
    : undefined;
}

/**
 * Takes a rolled-back provider wager back out of what promotions counted: the races still running (a finalised board
 * stays as frozen; an entry left at nothing is removed) and the bonus still active (a converted one stays converted).
 * Idempotent: the counted rows are deleted as the marker. Runs in the rollback's transaction before its money, so the
 * bonus row is locked before any ledger account, in the order conversion takes them.
 */
export async function uncountProviderWager(db: Executor, key: string): Promise<void> {
  await sql`
    with gone as (
      delete from race_bets r using promotions p
      where r.bet_id = ${key} and p.id = r.race_id and p.finalised_at is null
      returning r.race_id, r.user_id, r.amount_e8
    ), emptied as (
      delete from race_entries e using gone g
      where e.race_id = g.race_id and e.user_id = g.user_id and e.wagered_e8 <= g.amount_e8
    )
    update race_entries e set wagered_e8 = e.wagered_e8 - g.amount_e8 from gone g
    where e.race_id = g.race_id and e.user_id = g.user_id and e.wagered_e8 > g.amount_e8`.execute(db);
  await sql`
    with gone as (
      delete from bonus_wagers w using player_bonuses b
      where w.bet_id = ${key} and b.id = w.bonus_id and b.status = 'active'
      returning w.bonus_id, w.weighted_e8
    )
    update player_bonuses b set wagered_e8 = b.wagered_e8 - g.weighted_e8 from gone g where b.id = g.bonus_id`.execute(
    db,
  );
}
