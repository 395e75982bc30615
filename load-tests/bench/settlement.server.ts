/**
 * The server half of the settlement bench, its own process (servers on one core, the load generator on the other).
 * Boots the real platform (same bootstrap as production) on a temporary database, and beside it a bare node:http
 * server that settles the same dice bet with plain `pg`: the nonce, the bet row, the stake and payout ledger
 * transactions with their guarded balance updates and entries, in one database transaction. Accounts get sessions
 * and balances up front. Replies { platformUrl, bareUrl, platformTokens, bareUsers } over IPC once ready, and
 * answers { cmd: 'audit' } with the ledger check and the bet/nonce/ledger reconciliation of both sides.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { hashServerSeed, randomClientSeed } from '../../server/src/domain/games/fairness.service.js';
import { applyRatio, diceMultiplier, diceOutcome, floatsFromSeeds, formatRatio } from '../../server/src/domain/games/rules/index.js';
import { cpuTimes, serveParent, startPlatformUnderTest } from './platform-under-test.js';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const { platform, databaseUrl, url: platformUrl, stop } = await startPlatformUnderTest();
const db = platform.infra.db;
const { ledger } = platform.services;

/** Users with a live session and a funded USD account; `prefix` keeps the platform's and the bare peer's apart. */
async function makeAccounts(prefix: string, count: number): Promise<{ ids: number[]; tokens: string[] }> {
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${prefix}${i}`;
    const { rows } = await sql<{ id: number }>`
      insert into users (login_name, public_username, email, password_hash, email_verified_at)
      values (${name}, ${name}, ${`${name}@bench.test`}, 'x', now()) returning id`.execute(db);
    const id = rows[0]!.id;
    const token = randomBytes(24).toString('hex');
    await sql`
      insert into sessions (user_id, token_hash, expires_at)
      values (${id}, ${createHash('sha256').update(token).digest('hex')}, now() + interval '1 day')`.execute(db);
    await ledger.post({
      key: `bench-fund:${id}`,
      kind: 'deposit',
      userId: id,
      legs: [
        { account: { house: 'deposits' }, currency: 'USD', amount: -1_000_000n * 100_000_000n },
        { account: { user: id }, currency: 'USD', amount: 1_000_000n * 100_000_000n },
      ],
    });
    ids.push(id);
    tokens.push(token);
  }
  return { ids, tokens };
}

const platformAccounts = await makeAccounts('p', ACCOUNTS + 1);
const bareAccounts = await makeAccounts('b', ACCOUNTS + 1);
// The bare peer's seed pairs exist up front (the platform creates its own lazily on the first bet).
for (const id of bareAccounts.ids) {
  const seed = randomBytes(32).toString('hex');
  const next = randomBytes(32).toString('hex');
  await sql`
    insert into seed_pairs (user_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed)
    values (${id}, ${seed}, ${hashServerSeed(seed)}, ${next}, ${hashServerSeed(next)}, ${randomClientSeed()})`.execute(db);
}

// ---- the bare peer: the same settlement, hand-written SQL over a pg pool of the platform's size ----
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// The teardown drops the database WITH (FORCE): a connection it ends is not a failure of the bench.
pool.on('error', () => undefined);
const accountIds = new Map<string, string>();
{
  const { rows } = await pool.query<{ id: string; code: string }>(`select id, code from ledger_accounts where currency = 'USD'`);
  for (const row of rows) accountIds.set(row.code, row.id);
}
const houseGames = async (client: pg.PoolClient) => {
  const known = accountIds.get('house:games');
  if (known) return known;
  const { rows } = await client.query<{ id: string }>(
    `insert into ledger_accounts (code, currency, kind) values ('house:games', 'USD', 'house')
     on conflict (code, currency) do update set code = excluded.code returning id`,
  );
  accountIds.set('house:games', rows[0]!.id);
  return rows[0]!.id;
};
const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

async function post(client: pg.PoolClient, key: string, userId: number, legs: [string, bigint][]): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `insert into ledger_transactions (idempotency_key, kind, user_id, memo) values ($1, 'bet', $2, '{}') returning id`,
    [key, userId],
  );
  const sorted = [...legs].sort((a, b) => (BigInt(a[0]) < BigInt(b[0]) ? -1 : 1));
  const entries: unknown[] = [];
  for (const [accountId, delta] of sorted) {
    const updated = await client.query<{ balance_e8: string }>(
      `update ledger_accounts set balance_e8 = balance_e8 + $2::bigint, updated_at = now()
       where id = $1 and (kind = 'house' or balance_e8 + $2::bigint >= 0) returning balance_e8`,
      [accountId, delta.toString()],
    );
    if (updated.rowCount === 0) throw Object.assign(new Error('insufficient'), { status: 409 });
    entries.push(rows[0]!.id, accountId, 'USD', delta.toString(), updated.rows[0]!.balance_e8);
  }
  await client.query(
    `insert into ledger_entries (transaction_id, account_id, currency, amount_e8, balance_after_e8) values ${sorted
      .map((_, i) => `($${i * 5 + 1}, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, $${i * 5 + 5})`)
      .join(', ')}`,
    entries,
  );
}

async function bareBet(userId: number, amount: bigint, target: number): Promise<object> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const pair = await client.query<{ id: string; server_seed: string; client_seed: string; nonce: number }>(
      `update seed_pairs set nonce = nonce + 1 where user_id = $1 and active returning id, server_seed, client_seed, nonce - 1 as nonce`,
      [userId],
    );
    const { id: pairId, server_seed, client_seed, nonce } = pair.rows[0]!;
    const outcome = diceOutcome(floatsFromSeeds(hmac, { serverSeed: server_seed, clientSeed: client_seed, nonce }, 1), { target, condition: 'over' });
    const multiplier = diceMultiplier(outcome);
    const payout = applyRatio(amount, multiplier);
    const bet = await client.query<{ id: string }>(
      `insert into bets (user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id, nonce, settled_at)
       values ($1, 'dice', 'USD', $2, $3, $4, $5, $6, $7, $8, $9, now()) returning id`,
      [userId, amount.toString(), payout.toString(), formatRatio(multiplier, 4), payout > 0n ? 'won' : 'lost', JSON.stringify({ target, condition: 'over' }), JSON.stringify(outcome), pairId, nonce],
    );
    const user = accountIds.get(`user:${userId}`)!;
    const house = await houseGames(client);
    await post(client, `bet:${bet.rows[0]!.id}:stake`, userId, [[user, -amount], [house, amount]]);
    if (payout > 0n) await post(client, `bet:${bet.rows[0]!.id}:payout`, userId, [[house, -payout], [user, payout]]);
    await client.query('commit');
    return { id: bet.rows[0]!.id, payout: payout.toString(), outcome };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const bare = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const userId = Number(req.headers['x-user']);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { amount: string; target: number };
    bareBet(userId, BigInt(Math.round(Number(body.amount) * 1e8)), body.target).then(
      (result) => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      },
      (error: { status?: number; message: string }) => {
        res.writeHead(error.status ?? 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: error.message }));
      },
    );
  });
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

/** Every bet settled once: bets = answered 201s; per pair, nonces 0..n-1; ledger transactions = stakes + payouts; ledger check clean. */
async function audit(prefix: 'p' | 'b') {
  const { rows } = await sql<{ bets: string; payouts: string; gaps: string }>`
    with mine as (select b.* from bets b join users u on u.id = b.user_id where u.login_name like ${`${prefix}%`}),
         pairs as (select seed_pair_id, count(*) as n, max(nonce) as top, count(distinct nonce) as distinct_nonces from mine group by seed_pair_id)
    select (select count(*) from mine)::text as bets,
           (select count(*) from mine where payout_e8 > 0)::text as payouts,
           (select count(*) from pairs where top + 1 <> n or distinct_nonces <> n)::text as gaps`.execute(db);
  const ledgerRows = await sql<{ n: string }>`
    select count(*)::text as n from ledger_transactions t join users u on u.id = t.user_id
    where u.login_name like ${`${prefix}%`} and t.idempotency_key like 'bet:%'`.execute(db);
  return { bets: Number(rows[0]!.bets), payouts: Number(rows[0]!.payouts), nonceGaps: Number(rows[0]!.gaps), betTransactions: Number(ledgerRows.rows[0]!.n) };
}

serveParent(
  {
    platformUrl,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    platformTokens: platformAccounts.tokens,
    bareUsers: bareAccounts.ids,
  },
  async () => {
    bare.close();
    await pool.end();
    await stop();
  },
  async (message) =>
    message.cmd === 'cpu' ? { cpu: await cpuTimes() } : { audit: { platform: await audit('p'), bare: await audit('b'), ledgerProblems: await ledger.check() } },
);
