/**
 * Bench dispatcher: `npm run bench -- <name> [args]`. Each bench is a module exporting
 * run(args); add yours to the table below.
 */
const benches: Record<string, { describe: string; load: () => Promise<{ run(args: string[]): Promise<unknown> }> }> = {
  'socket-fanout': {
    describe: 'platform /api/ws broadcast vs a bare ws send() loop, N sockets (--sockets 1000,5000)',
    load: () => import('./socket-fanout.bench.js'),
  },
  'crash-bust': {
    describe:
      "a crash round's bust to N sockets watching the crash channel on /api/ws vs a bare ws send() loop (--sockets 5000)",
    load: async () => {
      const fanout = await import('./socket-fanout.bench.js');
      return {
        run: (args: string[]) =>
          fanout.run(['--channel', 'crash', ...(args.includes('--sockets') ? [] : ['--sockets', '5000']), ...args]),
      };
    },
  },
  'price-fanout': {
    describe:
      'a token price published like the worker does -> every one of N sockets on two server processes through Redis (--sockets 5000): p50/p99 per socket vs a bare Redis pub/sub + ws loop',
    load: () => import('./price-fanout.bench.js'),
  },
  'idle-sockets': {
    describe:
      'N idle sockets on one server process (--sockets 10000): memory per socket and a broadcast to the last one, platform vs a bare ws server',
    load: () => import('./idle-sockets.bench.js'),
  },
  'crash-players': {
    describe:
      'N players in one crash round: POST /api/crash/cashout p50/p99 vs a bare node http + pg peer, and bust to all settled (--players 500)',
    load: () => import('./crash-players.bench.js'),
  },
  'chat-poll': {
    describe: 'GET /api/chat/messages (200 page and 304 poll) vs a bare node http server with the same bytes',
    load: () => import('./chat-poll.bench.js'),
  },
  'login-chat': {
    describe:
      'chat poll p99 alone and while argon2 logins arrive at --rate 200/s, platform vs a bare http + argon2 peer',
    load: () => import('./login-chat.bench.js'),
  },
  settlement: {
    describe:
      'POST /api/games/dice/bets (many accounts and one hot account) vs a bare node http + pg peer doing the same ledger transaction',
    load: () => import('./settlement.bench.js'),
  },
  'turbo-autobet': {
    describe:
      "the game panel's turbo autobet in Chromium (dice; --game limbo|plinko|keno|roulette|baccarat|slots; --bets 200) vs a bare in-page fetch loop of the same bet, 2 in flight; balance exact",
    load: () => import('./turbo-autobet.bench.js'),
  },
  'first-visit': {
    describe:
      'a guest on the home page of a freshly started platform in Chromium: time to complete after the network went quiet, requests and KiB in 10 s idle, game code on hover (--runs 3 --busy 2)',
    load: () => import('./first-visit.bench.js'),
  },
  'running-totals': {
    describe:
      "a settled bet row with the per-player running totals' triggers vs the same row in a peer table without them (--bets 4000)",
    load: () => import('./running-totals.bench.js'),
  },
  growth: {
    describe:
      'the hot paths on a database seeded with a year of play (1M bets, 3M ledger entries, 500k chat; --bets) vs an empty one, same run: bets/s, My bets and history p99 at pages 1 and 50, feed backfill, chat poll, admin ledger, ledger:check',
    load: () => import('./growth.bench.js'),
  },
  'initial-load': {
    describe:
      'compressed size (raw, gzip, brotli) of what the first screen of the built client fetches, against the 150 KB budget',
    load: () => import('./initial-load.bench.js'),
  },
  'chain-deposits': {
    describe:
      'N token transfers over B blocks of a local EVM node (--deposits 1000 --blocks 10): time from the threshold until all are credited, and the RPC calls',
    load: () => import('./chain-deposits.bench.js'),
  },
};

const [name, ...args] = process.argv.slice(2);
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.log('Usage: npm run bench -- <name> [args]\n');
  for (const [key, entry] of Object.entries(benches)) console.log(`  ${key.padEnd(16)} ${entry.describe}`);
  process.exit(name ? 1 : 0);
}
await (await bench.load()).run(args);
process.exit(process.exitCode ?? 0);

export {};
