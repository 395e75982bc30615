import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LedgerCurrency } from '../wallet-tables.js';

type Executor = Kysely<Database>;

export interface BonusTerms {
  kind: 'deposit-match' | 'fixed';
  matchPpm: number | null;
  maxBonusE8: bigint | null;
  fixedE8: bigint | null;
  wageringMultiple: number;
  /** Game slug -> how much of a stake on it counts, ppm (100% = 1_000_000). */
  gameWeightsPpm: Record<string, number>;
  defaultWeightPpm: number;
  maxStakeE8: bigint;
  expiryHours: number;
  stakeOrder: 'cash-first' | 'bonus-first';
}

export async function insertBonusTerms(db: Executor, promotionId: string, terms: BonusTerms): Promise<void> {
  await sql`
    insert into bonus_terms (promotion_id, kind, match_ppm, max_bonus_e8, fixed_e8, wagering_multiple, game_weights_ppm,
      default_weight_ppm, max_stake_e8, expiry_hours, stake_order)
    values (${promotionId}, ${terms.kind}, ${terms.matchPpm}, ${terms.maxBonusE8}, ${terms.fixedE8},
      ${terms.wageringMultiple}, ${JSON.stringify(terms.gameWeightsPpm)}::jsonb, ${terms.defaultWeightPpm},
      ${terms.maxStakeE8}, ${terms.expiryHours}, ${terms.stakeOrder})`.execute(db);
}

type RawTerms = {
  kind: BonusTerms['kind'];
  match_ppm: number | null;
  max_bonus_e8: string | null;
  fixed_e8: string | null;
  wagering_multiple: number;
  game_weights_ppm: Record<string, number>;
  default_weight_ppm: number;
  max_stake_e8: string;
  expiry_hours: number;
  stake_order: BonusTerms['stakeOrder'];
};

const TERMS_COLUMNS = sql.raw(`t.kind, t.match_ppm, t.max_bonus_e8::text, t.fixed_e8::text, t.wagering_multiple,
  t.game_weights_ppm, t.default_weight_ppm, t.max_stake_e8::text, t.expiry_hours, t.stake_order`);

const toTerms = (row: RawTerms): BonusTerms => ({
  kind: row.kind,
  matchPpm: row.match_ppm,
  maxBonusE8: row.max_bonus_e8 === null ? null : BigInt(row.max_bonus_e8),
  fixedE8: row.fixed_e8 === null ? null : BigInt(row.fixed_e8),
  wageringMultiple: row.wagering_multiple,
  gameWeightsPpm: row.game_weights_ppm,
  defaultWeightPpm: row.default_weight_ppm,
  maxStakeE8: BigInt(row.max_stake_e8),
  expiryHours: row.expiry_hours,
  stakeOrder: row.stake_order,
});

export async function termsOf(db: Executor, promotionIds: readonly string[]): Promise<Map<string, BonusTerms>> {
  if (promotionIds.length === 0) return new Map();
  const { rows } = await sql<RawTerms & { promotion_id: string }>`
    select t.promotion_id::text, ${TERMS_COLUMNS} from bonus_terms t
    where t.promotion_id = any(${[...promotionIds]}::bigint[])`.execute(db);
  return new Map(rows.map((row) => [row.promotion_id, toTerms(row)]));
}

export interface PlayerBonusRow {
  id: string;
  promotionId: string;
  name: string;
  userId: number;
  currency: LedgerCurrency;
  amountE8: bigint;
  requirementE8: bigint;
  wageredE8: bigint;
  status: 'active' | 'converted' | 'forfeited' | 'expired' | 'spent';
  expiresAt: Date;
  createdAt: Date;
  terms: BonusTerms;
}

type RawBonus = RawTerms & {
  id: string;
  promotion_id: string;
  name: string;
  user_id: number;
  currency: LedgerCurrency;
  amount_e8: string;
  requirement_e8: string;
  wagered_e8: string;
  status: PlayerBonusRow['status'];
  expires_at: Date;
  created_at: Date;
};

const BONUS_SELECT = sql.raw(`select b.id::text, b.promotion_id::text, p.name, b.user_id, b.currency, b.amount_e8::text,
    b.requirement_e8::text, b.wagered_e8::text, b.status, b.expires_at, b.created_at, ${`t.kind, t.match_ppm,
    t.max_bonus_e8::text, t.fixed_e8::text, t.wagering_multiple, t.game_weights_ppm, t.default_weight_ppm,
    t.max_stake_e8::text, t.expiry_hours, t.stake_order`}
  from player_bonuses b join promotions p on p.id = b.promotion_id join bonus_terms t on t.promotion_id = b.promotion_id`);

const toBonus = (row: RawBonus): PlayerBonusRow => ({
  id: row.id,
  promotionId: row.promotion_id,
  name: row.name,
  userId: row.user_id,
  currency: row.currency,
  amountE8: BigInt(row.amount_e8),
  requirementE8: BigInt(row.requirement_e8),
  wageredE8: BigInt(row.wagered_e8),
  status: row.status,
  expiresAt: new Date(row.expires_at),
  createdAt: new Date(row.created_at),
  terms: toTerms(row),
});

/**
 * Row locks on a bonus. Its changes (wagering counted, converted, removed) take it `for no key update`, which a bet's
 * bet_bonus_stakes foreign key (key share) does not wait for; a stake or payout drawing on the bonus takes it `for
 * share`, so the bonus cannot end between the bet's read and its posting. Both before any ledger account: one lock
 * order, no deadlock.
 */
/** SQL: does player `userId` hold an active bonus (player_bonuses_one_active's index)? Read with the bet's nonce. */
export function bonusActiveSql(userId: string): string {
  return `exists (select 1 from player_bonuses where user_id = ${userId} and status = 'active')`;
}

const LOCKS = { true: sql`for no key update of b`, share: sql`for share of b`, false: sql`` };

/** The player's active bonus; `lock` takes its row for the caller's transaction (true: to change it). */
export async function activeBonus(
  db: Executor,
  userId: number,
  options: { lock?: boolean | 'share' } = {},
): Promise<PlayerBonusRow | undefined> {
  const { rows } = await sql<RawBonus>`
    ${BONUS_SELECT} where b.user_id = ${userId} and b.status = 'active' ${LOCKS[String(options.lock ?? false) as keyof typeof LOCKS]}`.execute(
    db,
  );
  return rows[0] ? toBonus(rows[0]) : undefined;
}

export async function lockBonus(db: Executor, id: string): Promise<PlayerBonusRow | undefined> {
  const { rows } = await sql<RawBonus>`${BONUS_SELECT} where b.id = ${id} ${LOCKS.true}`.execute(db);
  return rows[0] ? toBonus(rows[0]) : undefined;
}

/** Inserts a player's bonus; undefined when they hold this offer's bonus already, or another active one. */
export async function insertPlayerBonus(
  db: Executor,
  bonus: {
    promotionId: string;
    userId: number;
    currency: LedgerCurrency;
    amountE8: bigint;
    requirementE8: bigint;
    depositId: string | null;
    expiresAt: Date;
  },
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    insert into player_bonuses (promotion_id, user_id, currency, amount_e8, requirement_e8, deposit_id, expires_at)
    values (${bonus.promotionId}, ${bonus.userId}, ${bonus.currency}, ${bonus.amountE8}, ${bonus.requirementE8},
      ${bonus.depositId}, ${bonus.expiresAt})
    on conflict do nothing returning id::text`.execute(db);
  return rows[0]?.id;
}

/** Which of these offers the player took already (any status). */
export async function offersTaken(db: Executor, userId: number): Promise<Set<string>> {
  const { rows } = await sql<{ promotion_id: string }>`
    select promotion_id::text from player_bonuses where user_id = ${userId}`.execute(db);
  return new Set(rows.map((row) => row.promotion_id));
}

/** The player's latest credited deposit in a currency since `since` (what a deposit match matches). */
export async function latestDeposit(
  db: Executor,
  userId: number,
  currency: LedgerCurrency,
  since: Date,
): Promise<{ id: string; amountE8: bigint } | undefined> {
  const { rows } = await sql<{ id: string; amount_e8: string }>`
    select id::text, amount_e8::text from deposits
    where user_id = ${userId} and currency = ${currency} and status = 'CREDITED' and created_at >= ${since}
    order by id desc limit 1`.execute(db);
  return rows[0] ? { id: rows[0].id, amountE8: BigInt(rows[0].amount_e8) } : undefined;
}

/** A settled bet as the wagering counts it (undefined: not settled, or refunded). */
export async function settledBet(
  db: Executor,
  betId: string,
): Promise<{ userId: number; game: string; currency: LedgerCurrency; amountE8: bigint; createdAt: Date } | undefined> {
  const { rows } = await sql<{
    user_id: number;
    game: string;
    currency: LedgerCurrency;
    amount_e8: string;
    created_at: Date;
  }>`
    select user_id, game, currency, amount_e8::text, created_at from bets
    where id = ${betId} and state <> 'open' and not coalesce((outcome->>'refunded')::boolean, false)`.execute(db);
  const row = rows[0];
  return row
    ? {
        userId: row.user_id,
        game: row.game,
        currency: row.currency,
        amountE8: BigInt(row.amount_e8),
        createdAt: new Date(row.created_at),
      }
    : undefined;
}

/** Counts a bet towards a bonus once; answers the bonus's new progress, or undefined when it was counted before. */
export async function countBonusWager(
  db: Executor,
  bonusId: string,
  betId: string,
  weightedE8: bigint,
): Promise<bigint | undefined> {
  const { rows } = await sql<{ wagered_e8: string }>`
    with counted as (
      insert into bonus_wagers (bonus_id, bet_id, weighted_e8) values (${bonusId}, ${betId}, ${weightedE8})
      on conflict do nothing returning weighted_e8
    )
    update player_bonuses set wagered_e8 = wagered_e8 + counted.weighted_e8
    from counted where id = ${bonusId} returning wagered_e8::text`.execute(db);
  return rows[0] ? BigInt(rows[0].wagered_e8) : undefined;
}

export async function settleBonus(
  db: Executor,
  id: string,
  status: 'converted' | 'forfeited' | 'expired' | 'spent',
  settledE8: bigint,
): Promise<void> {
  await sql`update player_bonuses set status = ${status}, settled_e8 = ${settledE8}, settled_at = now()
    where id = ${id}`.execute(db);
}

export async function dueBonusIds(db: Executor, now: Date): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id::text from player_bonuses where status = 'active' and expires_at <= ${now} order by expires_at, id`.execute(
    db,
  );
  return rows.map((row) => row.id);
}
