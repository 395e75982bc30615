import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database>;

/** How many of each kind of record a player's file shows (newest first). */
const FILE_ROWS = 50;

export interface PlayerHit {
  id: number;
  loginName: string;
  publicUsername: string;
  email: string;
  role: string;
  createdAt: string;
  /** Which field matched: what the search box shows beside the hit. */
  matched: 'id' | 'login' | 'display name' | 'e-mail' | 'deposit address';
}

/**
 * Players by id, login name, display name or e-mail (exact, case-insensitive), or by a deposit address they were
 * given (exact; EVM addresses compared case-insensitively). Exact matches only: the unique indexes on lower(...)
 * and the address index answer without a scan.
 */
export async function searchPlayers(db: Executor, query: string): Promise<PlayerHit[]> {
  const text = query.trim();
  const lowered = text.toLowerCase();
  const id = /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
  const { rows } = await sql<{
    id: number;
    login_name: string;
    public_username: string;
    email: string;
    role: string;
    created_at: Date;
    matched: PlayerHit['matched'];
  }>`
    select distinct on (u.id) u.id, u.login_name, u.public_username, u.email, u.role, u.created_at, m.matched
    from (
      select id, 'id' as matched, 1 as rank from users where id = ${id}
      union all select id, 'login', 2 from users where lower(login_name) = ${lowered}
      union all select id, 'display name', 3 from users where lower(public_username) = ${lowered}
      union all select id, 'e-mail', 4 from users where lower(email) = ${lowered}
      union all select user_id, 'deposit address', 5 from deposit_addresses where address = ${text} or lower(address) = ${lowered}
    ) m join users u on u.id = m.id
    order by u.id, m.rank
    limit 20`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    loginName: row.login_name,
    publicUsername: row.public_username,
    email: row.email,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    matched: row.matched,
  }));
}

export interface PlayerRecords {
  profile: Record<string, unknown> | null;
  bets: Record<string, unknown>[];
  /** Sportsbook bets with their legs (event, selection, odds). */
  sportsBets: Record<string, unknown>[];
  deposits: Record<string, unknown>[];
  withdrawals: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  addresses: Record<string, unknown>[];
  tips: Record<string, unknown>[];
  notes: Record<string, unknown>[];
}

/**
 * A player's own rows for the file: ids and amounts as exact integer text. Every ORDER BY names the table's column
 * (`b.id`), not the output's text copy of it, so 12 sorts after 9.
 */
export async function playerRecords(db: Executor, userId: number): Promise<PlayerRecords> {
  const rows = async (query: ReturnType<typeof sql<Record<string, unknown>>>) => (await query.execute(db)).rows;
  const [profile, bets, sportsBets, deposits, withdrawals, sessions, addresses, tips, notes] = await Promise.all([
    rows(sql`
      select id, login_name, public_username, email, role, currency, email_verified_at, created_at,
        exists (select 1 from user_two_factor t where t.user_id = users.id and t.enabled_at is not null) as two_factor
      from users where id = ${userId}`),
    rows(sql`
      select b.id::text, b.game, b.currency, b.amount_e8::text, b.payout_e8::text, b.multiplier::text, b.state,
        b.created_at, b.settled_at
      from bets b where b.user_id = ${userId} order by b.id desc limit ${FILE_ROWS}`),
    rows(sql`
      select s.id::text, s.kind, s.currency, s.stake_e8::text, s.potential_return_e8::text, s.paid_e8::text, s.status,
        s.created_at, s.settled_at,
        coalesce((
          select json_agg(json_build_object('event', e.home || ' v ' || e.away, 'selection', sel.name,
            'odds', trim_scale(l.odds_milli / 1000.0)::text) order by l.id)
          from sports_bet_legs l
          join sports_events e on e.id = l.event_id
          join sports_selections sel on sel.id = l.selection_id
          where l.bet_id = s.id), '[]') as legs
      from sports_bets s where s.user_id = ${userId} order by s.id desc limit ${FILE_ROWS}`),
    rows(sql`
      select d.id::text, d.network, d.currency, d.address, d.tx_hash, d.amount_e8::text, d.status, d.flags,
        d.created_at, d.credited_at
      from deposits d where d.user_id = ${userId} order by d.id desc limit ${FILE_ROWS}`),
    rows(sql`
      select w.id::text, w.network, w.currency, w.address, w.amount_e8::text, w.fee_e8::text, w.status, w.txid,
        w.reason, w.created_at, w.approved_by, w.decided_by
      from withdrawals w where w.user_id = ${userId} order by w.id desc limit ${FILE_ROWS}`),
    rows(sql`
      select id::text, ip, user_agent, created_at, last_seen_at, expires_at, revoked_at
      from sessions where user_id = ${userId} order by created_at desc limit ${FILE_ROWS}`),
    rows(sql`
      select network, address, created_at from deposit_addresses where user_id = ${userId} order by id desc`),
    // The player's tips either way: the entries on their own accounts whose transaction is a tip.
    rows(sql`
      select t.id::text, t.created_at, e.currency, e.amount_e8::text, t.user_id as sender_id,
        (t.memo ->> 'recipientId')::int as recipient_id
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transactions t on t.id = e.transaction_id
      where a.user_id = ${userId} and t.kind = 'tip'
      order by e.id desc limit ${FILE_ROWS}`),
    rows(sql`
      select n.id::text, n.body, n.created_at, n.author_id, u.login_name as author
      from staff_notes n join users u on u.id = n.author_id
      where n.user_id = ${userId} order by n.id desc limit ${FILE_ROWS}`),
  ]);
  return { profile: profile[0] ?? null, bets, sportsBets, deposits, withdrawals, sessions, addresses, tips, notes };
}

export async function insertNote(db: Executor, userId: number, authorId: number, body: string): Promise<string> {
  const row = await db
    .insertInto('staff_notes')
    .values({ user_id: userId, author_id: authorId, body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
