/**
 * The server half of the settlement bench, its own process (servers on one core, the load generator on the other).
 * Boots the real platform (same bootstrap as production) on a temporary database, and beside it a bare node:http
 * server that settles the same dice bet with plain `pg`: the nonce, the bet row, the stake and payout ledger
 * transactions with their guarded balance updates and entries, in one database transaction. Accounts get sessions
 * and balances up front. Replies { platformUrl, bareUrl, platformTokens, bareUsers } over IPC once ready, and
 * answers { cmd: 'audit' } with the ledger check and the bet/nonce/ledger reconciliation of both sides.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { DICE_GAME } from '../../server/src/domain/games/dice/dice.game.js';
import { hashServerSeed, randomClientSeed } from '../../server/src/domain/games/fairness.service.js';
import { createContextFactory } from '../../server/src/trpc/context.js';
import { createCaller } from '../../server/src/trpc/router.js';
import { applyRatio, formatRatio } from '../../server/src/domain/games/shared/ratio.js';
import { diceMultiplier, diceOutcome } from '../../server/src/domain/games/dice/rules.js';
import { floatsFromSeeds } from '../../server/src/domain/games/shared/floats.js';
import { bareLedger, makeAccounts } from './bench-ledger.js';
import { cpuTimes, serveParent, startPlatformUnderTest } from './platform-under-test.js';

/**
 * Statements sent to Postgres by each side, counted on the pg client: the platform's pool uses its own Client subclass
 * (db/client.ts), the peer's the plain one. The bench reads them with the CPU figures, for statements per bet.
 */
const statements = { platform: 0, bare: 0 };
const sendQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements[this.constructor === pg.Client ? 'bare' : 'platform'] += 1;
  return sendQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const hmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const { platform, databaseUrl, url: platformUrl, stop } = await startPlatformUnderTest();
const db = platform.infra.db;
const { ledger } = platform.services.wallet;

const platformAccounts = await makeAccounts(db, ledger, 'p', ACCOUNTS + 1);
const bareAccounts = await makeAccounts(db, ledger, 'b', ACCOUNTS + 1);
// The bare peer's seed pairs exist up front (the platform creates its own lazily on the first bet).
for (const id of bareAccounts.ids) {
  const seed = randomBytes(32).toString('hex');
  const next = randomBytes(32).toString('hex');
  await sql`
    insert into seed_pairs (user_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed)
    values (${id}, ${seed}, ${hashServerSeed(seed)}, ${next}, ${hashServerSeed(next)}, ${randomClientSeed()})`.execute(
    db,
  );
}

// ---- the bare peer: the same settlement, hand-written SQL over a pg pool of the platform's size ----
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
// The teardown drops the database WITH (FORCE): a connection it ends is not a failure of the bench.
pool.on('error', () => undefined);
const { accountIds, houseGames, post } = await bareLedger(pool);

async function bareBet(userId: number, amount: bigint, target: number): Promise<object> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const pair = await client.query<{ id: string; server_seed: string; client_seed: string; nonce: number }>(
      `update seed_pairs set nonce = nonce + 1 where user_id = $1 and active returning id, server_seed, client_seed, nonce - 1 as nonce`,
      [userId],
    );
    const { id: pairId, server_seed, client_seed, nonce } = pair.rows[0]!;
    const outcome = diceOutcome(floatsFromSeeds(hmac, { serverSeed: server_seed, clientSeed: client_seed, nonce }, 1), {
      target,
      condition: 'over',
    });
    const multiplier = diceMultiplier(outcome);
    const payout = applyRatio(amount, multiplier);
    const bet = await client.query<{ id: string }>(
      `insert into bets (user_id, game, currency, amount_e8, payout_e8, multiplier, state, params, outcome, seed_pair_id, nonce, settled_at)
       values ($1, 'dice', 'USD', $2, $3, $4, $5, $6, $7, $8, $9, now()) returning id`,
      [
        userId,
        amount.toString(),
        payout.toString(),
        formatRatio(multiplier, 4),
        payout > 0n ? 'won' : 'lost',
        JSON.stringify({ target, condition: 'over' }),
        JSON.stringify(outcome),
        pairId,
        nonce,
      ],
    );
    const user = accountIds.get(`user:${userId}`)!;
    const house = await houseGames(client);
    await post(client, `bet:${bet.rows[0]!.id}:stake`, userId, [
      [user, -amount],
      [house, amount],
    ]);
    if (payout > 0n)
      await post(client, `bet:${bet.rows[0]!.id}:payout`, userId, [
        [house, -payout],
        [user, payout],
      ]);
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

/**
 * The same bets without HTTP, in this process: node CPU per bet of the peer's settle function, of the platform's bet
 * engine called directly, and of the engine behind its tRPC procedure (session, input schema, error mapping), `count`
 * bets each, 50 at a time over the accounts, in that order. Shows which layer the full path's CPU goes to.
 */
async function layers(count: number): Promise<Record<'bare' | 'engine' | 'procedure', number>> {
  const perBet = async (one: (i: number) => Promise<unknown>) => {
    const start = process.cpuUsage();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < count) await one(next++ % ACCOUNTS);
      }),
    );
    // The after-commit work nobody waits for (outbox marks) lands in the figure, as in the HTTP rounds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / count;
  };
  const input = { amount: '0.01', target: 50, condition: 'over', currency: 'USD' } as const;
  const parsed = DICE_GAME.input.parse(input);
  const players = platformAccounts.ids.map((id, i) => ({ id, username: `p${i}` }));
  const makeContext = createContextFactory(platform.services);
  return {
    bare: await perBet((i) => bareBet(bareAccounts.ids[i]!, 1_000_000n, input.target)),
    engine: await perBet((i) => platform.services.games.engine.playInstant(players[i]!, DICE_GAME, parsed)),
    procedure: await perBet((i) =>
      createCaller(makeContext({ ip: '127.0.0.1', sessionToken: platformAccounts.tokens[i] })).games.dice.bet(input),
    ),
  };
}

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
  return {
    bets: Number(rows[0]!.bets),
    payouts: Number(rows[0]!.payouts),
    nonceGaps: Number(rows[0]!.gaps),
    betTransactions: Number(ledgerRows.rows[0]!.n),
  };
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
  async (message) => {
    if (message.cmd === 'cpu') return { cpu: await cpuTimes(), statements: { ...statements } };
    if (message.cmd === 'layers') return { layers: await layers((message as { count?: number }).count ?? 2000) };
    return { audit: { platform: await audit('p'), bare: await audit('b'), ledgerProblems: await ledger.check() } };
  },
);
