// k6 load test: players betting in a loop on the originals. Each VU is one signed-in player who
// places a dice, limbo, plinko or keno bet (and now and then a short mines round) every BET_EVERY_S,
// with a fresh clientBetId per bet (a timeout retry would reuse it and get the same bet back).
// Every settled bet must come back 201 with a payout; 409 INSUFFICIENT_FUNDS is counted apart (a
// player who ran dry), not as an error.
//
//   k6 run -e BASE_URL=http://localhost:5001 -e TOKENS=tok1,tok2,... -e DURATION=2m \
//          -e BET_EVERY_S=0.5 -e AMOUNT=0.01 load-tests/betting.js
//
// TOKENS: session tokens of funded, verified accounts (POST /api/auth/login); one VU per token.
// After the run, `npm run cli -- ledger:check` must report no problems.
// Type-checked against @types/k6: npx tsc -p load-tests/tsconfig.k6.json
import { check, sleep } from 'k6';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:5001';
const TOKENS = (__ENV.TOKENS || '').split(',').filter(Boolean);
const DURATION = __ENV.DURATION || '2m';
const BET_EVERY_S = Number(__ENV.BET_EVERY_S || 0.5);
const AMOUNT = Number(__ENV.AMOUNT || 0.01);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    players: {
      executor: 'constant-vus',
      vus: Math.max(1, TOKENS.length),
      duration: DURATION,
      exec: 'play',
      gracefulStop: '10s',
    },
  },
  thresholds: {
    'http_req_duration{kind:bet}': ['p(95)<250', 'p(99)<600'],
    bet_errors: ['rate<0.001'],
  },
};

const betErrors = new Rate('bet_errors');
const settled = new Counter('bets_settled');
const broke = new Counter('bets_insufficient_funds');
const payoutRatio = new Trend('bet_payout_ratio');

/** One instant bet: [path, body] for the game this iteration picks. */
function instantBet() {
  const clientBetId = `k6-${__VU}-${__ITER}-${Date.now()}`;
  const stake = { amount: AMOUNT, currency: 'USD', clientBetId };
  switch (__ITER % 4) {
    case 0:
      return ['/api/games/dice/bets', { ...stake, target: 49.5, condition: Math.random() < 0.5 ? 'over' : 'under' }];
    case 1:
      return ['/api/games/limbo/bets', { ...stake, target: 2 }];
    case 2:
      return ['/api/games/plinko/bets', { ...stake, rows: 8 + (__ITER % 9), risk: 'medium' }];
    default:
      return ['/api/games/keno/bets', { ...stake, picks: [3, 11, 19, 27, 35], risk: 'classic' }];
  }
}

/**
 * @param {string} token
 * @param {string} path
 * @param {unknown} body
 */
function post(token, path, body) {
  return http.post(`${BASE_URL}${path}`, JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    tags: { kind: 'bet' },
  });
}

/** @param {import('k6/http').RefinedResponse<any>} res */
function record(res) {
  if (res.status === 409 && String(res.body).includes('INSUFFICIENT_FUNDS')) {
    broke.add(1);
    return null;
  }
  const ok = check(res, { 'bet answered 200/201': (r) => r.status === 200 || r.status === 201 });
  betErrors.add(!ok);
  if (!ok) return null;
  /** @type {{ id: string, state: string, amount: number, payout: number }} */
  const bet = JSON.parse(String(res.body));
  if (bet.state !== 'open') {
    settled.add(1);
    payoutRatio.add(bet.payout / bet.amount);
  }
  return bet;
}

export function play() {
  const token = TOKENS[(__VU - 1) % TOKENS.length];
  if (__ITER % 25 === 24) {
    // A short mines round: start, reveal two tiles (if the first is safe), cash out.
    const round = record(
      post(token, '/api/games/mines/bets', { amount: AMOUNT, mines: 3, clientBetId: `k6m-${__VU}-${__ITER}` }),
    );
    if (round) {
      const first = record(post(token, `/api/games/mines/bets/${round.id}/reveal`, { tile: 0 }));
      if (first && first.state === 'open') record(post(token, `/api/games/mines/bets/${round.id}/cashout`, {}));
    }
  } else {
    const [path, body] = instantBet();
    record(post(token, /** @type {string} */ (path), body));
  }
  sleep(BET_EVERY_S * (0.8 + Math.random() * 0.4));
}
