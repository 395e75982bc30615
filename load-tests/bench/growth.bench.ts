/**
 * Growth: the hot paths on a database after a year of a busy casino (db/seed-growth.ts: 1,000,000 bets over 10,000
 * players, ~3,000,000 ledger entries, 500,000 chat messages) against the same platform on an empty one, in the same
 * run, one after the other (one server process at a time, the load here).
 *
 *   npm run bench -- growth [--bets 1000000] [--players 10000] [--chat 500000] [--round-bets 200000]
 *     [--provider-rounds 100000] [--duration 3] [--connections 10]
 *
 * Per database: dice bet throughput (50 accounts), My bets (GET /api/bets) and transaction history
 * (wallet.transactions) p99 at page 1 and page 50 (20 a page, keyset cursors walked first), the live feed's
 * backfill (bets.recent), the chat poll, the raffle's figures (raffle.current) of a fresh player and of a player with
 * 100,000 bets in the open period, the whale's profile stats (bets.stats) and VIP status, the admin ledger of the whale (admin.ledgerOf; ~100,000 entries on the
 * large database), each round game's history and a crash round's page, the whale's provider rounds, the daily provider
 * report, and ledger:check's time. Prints large/empty per figure (goal: hot paths within 1.2x).
 */
import { autocannon, forkServer, option, type AutocannonResult } from './bench-client.js';
import { DEFAULT_ROUND_GROWTH } from '../../db/seed-growth-rounds.js';
import type { GrowthCounts } from '../../db/seed-growth.js';

interface Ready {
  url: string;
  seeded: GrowthCounts;
  whale: number;
  whaleToken: string;
  whaleEntries: number;
  crashRound: string | null;
  todayToken: string | null;
  bettorTokens: string[];
  adminToken: string;
  checkMs: number;
  checkRssMb: number;
  ledgerProblems: number;
}

interface Figure {
  name: string;
  /** p99 ms, or bets/s for the throughput line, or ms for ledger:check. */
  value: number;
  unit: 'p99 ms' | 'bets/s' | 'ms';
  hotPath: boolean;
  note?: string;
}

const BET = JSON.stringify({ amount: '0.01', target: 50, condition: 'over', currency: 'USD' });
const trpcPath = (procedure: string, input: unknown) =>
  input === undefined
    ? `/api/trpc/${procedure}`
    : `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

async function cursorAt(
  url: string,
  token: string,
  pageOf: (cursor: string | null) => string,
  nextOf: (body: unknown) => string | null,
  page: number,
): Promise<string | null> {
  let cursor: string | null = null;
  for (let i = 1; i < page; i++) {
    const response = await fetch(url + pageOf(cursor), { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${pageOf(cursor)}: ${response.status} ${await response.text()}`);
    cursor = nextOf(await response.json());
    if (cursor === null) throw new Error(`${pageOf(null)} ends before page ${page}`);
  }
  return cursor;
}

async function measure(ready: Ready, duration: number, connections: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const p99 = async (name: string, path: string, token: string | null, hotPath = true) => {
    // A warm-up pass first: the figure is the steady state of a database in use, not the first read of pages the
    // seed left cold (the first run's page-1 figures were up to x10 while page 50 of the same lists was flat).
    await autocannon({ url: ready.url + path, connections: 2, amount: 20, headers: token ? auth(token) : {} });
    const result: AutocannonResult = await autocannon({
      url: ready.url + path,
      connections,
      duration,
      headers: token ? auth(token) : {},
    });
    const bad = result.non2xx + result.errors + result.timeouts;
    figures.push({
      name,
      value: result.latency.p99,
      unit: 'p99 ms',
      hotPath,
      note: bad > 0 ? `${bad} not 2xx` : `${Math.round(result.requests.average)} req/s`,
    });
  };

  let next = 0;
  const bets = await autocannon({
    url: ready.url,
    connections: 50,
    amount: 1500,
    sampleInt: 10,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: 'POST',
          path: '/api/games/dice/bets',
          headers: {
            'content-type': 'application/json',
            ...auth(ready.bettorTokens[next++ % ready.bettorTokens.length]!),
          },
          body: BET,
        }),
      },
    ],
  });
  figures.push({
    name: 'dice bets (50 accounts)',
    value: bets['2xx'] / (bets.duration || 1),
    unit: 'bets/s',
    hotPath: true,
    note: `${bets['2xx']} 2xx, ${bets.non2xx} other`,
  });

  const myBets = (cursor: string | null) =>
    `/api/bets?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const myBetsNext = (body: unknown) => (body as { nextCursor: string | null }).nextCursor;
  await p99('My bets, page 1', myBets(null), ready.whaleToken);
  await p99(
    'My bets, page 50',
    myBets(await cursorAt(ready.url, ready.whaleToken, myBets, myBetsNext, 50)),
    ready.whaleToken,
  );
  const history = (cursor: string | null) =>
    trpcPath('wallet.transactions', { limit: 20, ...(cursor ? { cursor } : {}) });
  const historyNext = (body: unknown) =>
    (body as { result: { data: { nextCursor: string | null } } }).result.data.nextCursor;
  await p99('transactions, page 1', history(null), ready.whaleToken);
  await p99(
    'transactions, page 50',
    history(await cursorAt(ready.url, ready.whaleToken, history, historyNext, 50)),
    ready.whaleToken,
  );
  // Signed in: anonymous tRPC calls share a small per-address budget (the load would measure its 429s).
  await p99('live feed backfill', trpcPath('bets.recent', { feed: 'all' }), ready.whaleToken);
  await p99('chat poll', '/api/chat/messages', null);
  // The raffle's figures for a player who just arrived and for one with every bet of the seed's player of the day.
  await p99('raffle.current, fresh player', trpcPath('raffle.current', undefined), ready.bettorTokens[0]!);
  if (ready.todayToken)
    await p99(
      `raffle.current, ${ready.seeded.todayBets.toLocaleString('en')} bets today`,
      trpcPath('raffle.current', undefined),
      ready.todayToken,
    );
  await p99('bets.stats, the whale', trpcPath('bets.stats', undefined), ready.whaleToken);
  await p99('vip.status, the whale', trpcPath('vip.status', undefined), ready.whaleToken);
  // A year of round games (signed in, as above): each game's history (page 1 and, for crash, page 50) and one round with its bets.
  const crashRounds = (cursor: string | null) => trpcPath('crash.rounds', cursor ? { cursor } : undefined);
  const roundsNext = (body: unknown) =>
    (body as { result: { data: { nextCursor: string | null } } }).result.data.nextCursor;
  await p99('crash history, page 1', crashRounds(null), ready.whaleToken);
  await p99(
    'crash history, page 50',
    crashRounds(await cursorAt(ready.url, ready.whaleToken, crashRounds, roundsNext, 50)),
    ready.whaleToken,
  );
  await p99('wheel history, page 1', trpcPath('wheel.rounds', undefined), ready.whaleToken);
  await p99('bingo history, page 1', trpcPath('bingo.rounds', undefined), ready.whaleToken);
  if (ready.crashRound)
    await p99('a crash round and its bets', trpcPath('crash.round', { id: ready.crashRound }), ready.whaleToken);
  // The studios: the whale's provider rounds on My bets, and the operator's daily provider report over 90 days.
  const providerRounds = (cursor: string | null) =>
    trpcPath('providers.myRounds', { limit: 20, ...(cursor ? { cursor } : {}) });
  await p99('provider rounds, page 1', providerRounds(null), ready.whaleToken);
  await p99(
    'provider rounds, page 50',
    providerRounds(await cursorAt(ready.url, ready.whaleToken, providerRounds, roundsNext, 50)),
    ready.whaleToken,
  );
  await p99('provider daily report, 90 days', trpcPath('admin.providers.daily', { days: 90 }), ready.adminToken, false);
  await p99(
    `admin ledger (${ready.whaleEntries} entries)`,
    trpcPath('admin.ledgerOf', { userId: ready.whale }),
    ready.adminToken,
  );
  figures.push({
    name: 'ledger:check',
    value: ready.checkMs,
    unit: 'ms',
    hotPath: false,
    note: `${ready.ledgerProblems} problems, RSS +${ready.checkRssMb.toFixed(1)} MB`,
  });
  return figures;
}

export async function run(args: string[]): Promise<Record<string, Figure[]>> {
  const duration = option(args, 'duration', 3);
  const connections = option(args, 'connections', 10);
  const large = {
    players: option(args, 'players', 10_000),
    bets: option(args, 'bets', 1_000_000),
    chat: option(args, 'chat', 500_000),
    roundBets: option(args, 'round-bets', DEFAULT_ROUND_GROWTH.roundBets),
    providerRounds: option(args, 'provider-rounds', DEFAULT_ROUND_GROWTH.providerRounds),
  };
  // The whale plays one provider round in 15 (the seed's whale share): page 50 of theirs needs 1,000.
  if (large.providerRounds < 15_000) throw new Error('--provider-rounds must be at least 15000 (page 50 of the whale)');
  const results: Record<string, Figure[]> = {};
  for (const scale of ['empty', 'large'] as const) {
    process.env.GROWTH_SCALE = scale;
    process.env.GROWTH_OPTIONS = JSON.stringify(large);
    const started = performance.now();
    const server = await forkServer<Ready>('growth');
    const { seeded } = server.ready;
    console.log(
      `${scale}: ${seeded.players} players, ${seeded.bets} dice bets, ${seeded.roundBets} round bets in ${seeded.rounds} rounds, ${seeded.providerRounds} provider rounds, ${seeded.ledgerEntries} ledger entries, ${seeded.chatMessages} chat messages; seeded in ${seeded.seconds.toFixed(1)} s (ready after ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    try {
      results[scale] = await measure(server.ready, duration, connections);
    } finally {
      await server.stop();
    }
  }
  console.log(`\n${'figure'.padEnd(38)}${'empty'.padStart(10)}${'large'.padStart(10)}  ratio      notes (large)`);
  for (const [i, empty] of results.empty!.entries()) {
    const big = results.large![i]!;
    // Throughput: empty/large, so above 1 is worse in every line; goal <= 1.2 on the hot paths.
    const ratio = empty.unit === 'bets/s' ? empty.value / big.value : big.value / Math.max(empty.value, 1);
    const name = `${big.name} (${big.unit})`;
    console.log(
      `${name.padEnd(38)}${empty.value.toFixed(1).padStart(10)}${big.value.toFixed(1).padStart(10)}  x${ratio.toFixed(2)}${big.hotPath ? (ratio <= 1.2 ? ' ok ' : ' OVER') : '     '}  ${big.note ?? ''}`,
    );
  }
  console.log('ratio: large/empty for latency and time, empty/large for throughput (goal <= 1.2 on the hot paths)');
  return results;
}
