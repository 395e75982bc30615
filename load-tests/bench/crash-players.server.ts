/**
 * The server half of the crash-players bench, its own process. The real platform on a temporary database with the
 * crash chain of server/src/domain/games/crash/crash_vectors.py (round 1 busts at 10.30x), N funded players with sessions; beside it a
 * bare node:http + `pg` peer whose cash-out is the same database work: lock the open bet, settle it, post the payout.
 * The bare peer runs twice, with its own players and round each: against the one `house:games` row (every cash-out
 * queues on its lock, as the platform's did before issue #47) and against the house account's shards
 * (db/repositories/house-shards.ts, the player's shard), which shows what the single row costs.
 * IPC commands move the platform's round (open, start, end: the runner's steps) and seed the bare peer's open bets;
 * `end` and `bare-bust` answer how long settling every open bet took.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import type { RoundRow } from '../../db/repositories/rounds.repo.js';
import { gamesHouseCode, gamesHouseShard } from '../../db/repositories/house-shards.js';
import { closeBetting, crashSteps, installVectorChain } from '../../tests/support/crash.js';
import { bareLedger, makeAccounts } from './bench-ledger.js';
import { serveParent, startPlatformUnderTest } from './platform-under-test.js';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const { platform, databaseUrl, url: platformUrl, stop } = await startPlatformUnderTest();
const db = platform.infra.db;
const steps = crashSteps(platform.services, await installVectorChain(db));
const platformAccounts = await makeAccounts(db, platform.services.wallet.ledger, 'p', PLAYERS);
const bareAccounts = await makeAccounts(db, platform.services.wallet.ledger, 'b', PLAYERS);
const shardedAccounts = await makeAccounts(db, platform.services.wallet.ledger, 's', PLAYERS);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => undefined);
const { accountIds, houseAccount, post } = await bareLedger(pool);
const STAKE = 1_000_000n; // 0.01 USD

/** The two bare peers: one house row for everyone, or the player's shard of it. */
type HouseRule = 'single' | 'sharded';
const houseCode = (rule: HouseRule, userId: number) =>
  rule === 'single' ? 'house:games' : gamesHouseCode(gamesHouseShard(userId));

/**
 * The bare peer's round (its own game name, so the platform's runner steps never touch it) running from now, and its
 * open bets (one per player, stake posted), as the platform's are when its round starts.
 */
async function seedBareBets(rule: HouseRule, userIds: number[]): Promise<{ roundId: string; betIds: string[] }> {
  const ids: string[] = [];
  const client = await pool.connect();
  const roundId = (
    await client.query<{ id: string }>(
      `insert into rounds (game, chain_id, number, state, hash, started_at)
       select $1::text, chain_id, $2::int, 'running', hash, clock_timestamp() from rounds where game = 'crash' order by id limit 1 returning id`,
      rule === 'single' ? ['crash-bare', 1_000_000] : ['crash-bare-sharded', 1_000_001],
    )
  ).rows[0]!.id;
  try {
    for (const userId of userIds) {
      const house = await houseAccount(client, houseCode(rule, userId));
      await client.query('begin');
      const pair = await client.query<{ id: string }>(
        `insert into seed_pairs (user_id, server_seed, server_seed_hash, next_server_seed, next_server_seed_hash, client_seed)
         values ($1, repeat('a', 64), 'x', repeat('b', 64), 'y', 'bench') on conflict do nothing returning id`,
        [userId],
      );
      const pairId =
        pair.rows[0]?.id ??
        (await client.query<{ id: string }>(`select id from seed_pairs where user_id = $1 and active`, [userId]))
          .rows[0]!.id;
      const bet = await client.query<{ id: string }>(
        `insert into bets (user_id, game, currency, amount_e8, state, params, outcome, seed_pair_id, nonce, round_id)
         values ($1, 'crash', 'USD', $2, 'open', '{}', '{}', $3, (select count(*) from bets where seed_pair_id = $3), $4) returning id`,
        [userId, STAKE.toString(), pairId, roundId],
      );
      await post(client, `bet:${bet.rows[0]!.id}:stake`, userId, [
        [accountIds.get(`user:${userId}`)!, -STAKE],
        [house, STAKE],
      ]);
      await client.query('commit');
      ids.push(bet.rows[0]!.id);
    }
  } finally {
    client.release();
  }
  return { roundId, betIds: ids };
}

/** The bare cash-out: lock the open bet, read the round's start on the database clock, settle, post the payout. */
async function bareCashout(rule: HouseRule, userId: number, betId: string): Promise<object> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query<{ state: string; elapsed: number }>(
      `select b.state, extract(epoch from clock_timestamp() - r.started_at) * 1000 as elapsed
       from bets b join rounds r on r.id = b.round_id where b.id = $1 and b.user_id = $2 for update of b`,
      [betId, userId],
    );
    if (locked.rows[0]?.state !== 'open') throw Object.assign(new Error('settled'), { status: 409 });
    const hundredths = BigInt(Math.floor(100 * Math.exp(0.00006 * Number(locked.rows[0].elapsed))));
    const payout = (STAKE * hundredths) / 100n;
    await client.query(
      `update bets set state = 'won', payout_e8 = $2, multiplier = $3, settled_at = now() where id = $1`,
      [betId, payout.toString(), String(hundredths)],
    );
    await post(client, `bet:${betId}:payout`, userId, [
      [await houseAccount(client, houseCode(rule, userId)), -payout],
      [accountIds.get(`user:${userId}`)!, payout],
    ]);
    await client.query('commit');
    return { id: betId, payout: payout.toString() };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The bare bust: every open bet of the round lost in one statement (its auto cash-outs are the platform's side only). */
async function bareBust(roundId: string, userIds: number[]): Promise<number> {
  const started = performance.now();
  await pool.query(
    `update bets set state = 'lost', settled_at = now() where round_id = $1 and state = 'open' and user_id = any($2::int[])`,
    [roundId, userIds],
  );
  return performance.now() - started;
}

const bare = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { betId: string };
    bareCashout(req.url === '/cashout-sharded' ? 'sharded' : 'single', Number(req.headers['x-user']), body.betId).then(
      (result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
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

let round: RoundRow | null = null;
let bareRoundId = '';
let shardedRoundId = '';
serveParent(
  {
    platformUrl,
    bareUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
    platformTokens: platformAccounts.tokens,
    bareUsers: bareAccounts.ids,
    shardedUsers: shardedAccounts.ids,
  },
  async () => {
    bare.close();
    await pool.end();
    await stop();
  },
  async (message) => {
    switch (message.cmd) {
      case 'open':
        round = await steps.openBetting();
        return { roundId: round.id };
      case 'start': {
        await closeBetting(db, round!.id);
        await steps.start(round!);
        const seeded = await seedBareBets('single', bareAccounts.ids);
        const sharded = await seedBareBets('sharded', shardedAccounts.ids);
        bareRoundId = seeded.roundId;
        shardedRoundId = sharded.roundId;
        return { bareBets: seeded.betIds, shardedBets: sharded.betIds, roundId: round!.id };
      }
      case 'end': {
        // The bust: from the round's end to its last bet settled (the auto cash-outs paid one by one).
        const started = performance.now();
        const { settled } = await steps.end(round!);
        const open = await sql<{
          n: string;
        }>`select count(*)::text as n from bets where round_id = ${round!.id} and state = 'open' and user_id = any(${platformAccounts.ids})`.execute(
          db,
        );
        return {
          settled,
          ms: performance.now() - started,
          stillOpen: Number(open.rows[0]!.n),
          bareMs: await bareBust(bareRoundId, bareAccounts.ids),
          shardedMs: await bareBust(shardedRoundId, shardedAccounts.ids),
          ledgerProblems: await platform.services.wallet.ledger.check(),
        };
      }
      default:
        return {};
    }
  },
);
