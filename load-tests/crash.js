// k6 load test: players betting on crash and cashing out. Each VU is one signed-in player who, round after round,
// bets in the betting window (half with an auto cash-out), waits for the round to run, and (the others) cashes
// out by hand at a random multiplier between 1.1x and 3x, reading the curve from the round's start time as the
// page does. A cash-out that came too late (409 ROUND_ENDED) is the game, not an error; BETTING_CLOSED (a bet sent
// between two windows) and ALREADY_BET are counted apart.
//
//   k6 run -e BASE_URL=http://localhost:5001 -e TOKENS=tok1,tok2,... -e DURATION=3m -e AMOUNT=0.01 load-tests/crash.js
//
// TOKENS: session tokens of funded, verified accounts (POST /api/auth/login); one VU per token. A worker must run
// the rounds (ROUNDS_ENABLED). After the run, `npm run cli -- ledger:check` must report no problems.
// Type-checked against @types/k6: npx tsc -p load-tests/tsconfig.k6.json
import { check, sleep } from 'k6';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:5001';
const TOKENS = (__ENV.TOKENS || '').split(',').filter(Boolean);
const DURATION = __ENV.DURATION || '3m';
const AMOUNT = Number(__ENV.AMOUNT || 0.01);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    players: {
      executor: 'constant-vus',
      vus: Math.max(1, TOKENS.length),
      duration: DURATION,
      exec: 'play',
      gracefulStop: '60s',
    },
  },
  thresholds: {
    'http_req_duration{kind:bet}': ['p(99)<600'],
    'http_req_duration{kind:cashout}': ['p(99)<300'],
    crash_errors: ['rate<0.001'],
  },
};

const errors = new Rate('crash_errors');
const cashedOut = new Counter('crash_cashed_out');
const tooLate = new Counter('crash_too_late');
const closed = new Counter('crash_betting_closed');
const cashoutAt = new Trend('crash_cashout_multiplier');

const headers = () => ({
  'Content-Type': 'application/json',
  Authorization: `Bearer ${TOKENS[(__VU - 1) % TOKENS.length]}`,
});
const current = () => http.get(`${BASE_URL}/api/crash/current`, { tags: { kind: 'current' } }).json();
/** The curve (FAIRNESS.md): the multiplier t ms after the start. */
const multiplierAt = (ms) => Math.floor(100 * Math.exp(0.00006 * ms)) / 100;

export function play() {
  let round = current();
  // Wait for a betting window with time left in it.
  for (
    let i = 0;
    i < 100 &&
    !(round && round.state === 'betting' && Date.parse(round.bettingEndsAt) - Date.parse(round.serverTime) > 500);
    i++
  ) {
    sleep(0.25);
    round = current();
  }
  if (!round || round.state !== 'betting') return;
  const auto = __VU % 2 === 0;
  const body = {
    amount: AMOUNT,
    currency: 'USD',
    clientBetId: `k6-crash-${__VU}-${__ITER}-${Date.now()}`,
    ...(auto ? { autoCashout: 2 } : {}),
  };
  const placed = http.post(`${BASE_URL}/api/crash/bets`, JSON.stringify(body), {
    headers: headers(),
    tags: { kind: 'bet' },
  });
  const code = placed.status === 201 ? null : placed.json('code');
  if (code === 'BETTING_CLOSED' || code === 'ALREADY_BET') {
    closed.add(1);
    return;
  }
  errors.add(!check(placed, { 'bet placed (201)': (r) => r.status === 201 }));
  if (placed.status !== 201 || auto) return;

  // Wait for the start, then cash out when the curve reaches this player's target.
  const target = 1.1 + Math.random() * 1.9;
  for (let i = 0; i < 200; i++) {
    round = current();
    if (round.state !== 'betting') break;
    sleep(0.2);
  }
  if (round.state !== 'running') return;
  const offset = Date.parse(round.serverTime) - Date.now();
  const wait = Math.log(target) / 0.00006 - (Date.now() + offset - Date.parse(round.startedAt));
  if (wait > 0) sleep(wait / 1000);
  const answer = http.post(`${BASE_URL}/api/crash/cashout`, JSON.stringify({ betId: placed.json('id') }), {
    headers: headers(),
    tags: { kind: 'cashout' },
  });
  if (answer.status === 200) {
    cashedOut.add(1);
    cashoutAt.add(Number(answer.json('multiplier')));
    // Paid at the server's reading, which comes after this player's: at least the target (less a little clock skew).
    errors.add(
      !check(answer, {
        'paid at or above the target': (r) =>
          Number(r.json('multiplier')) >= multiplierAt(Math.log(target) / 0.00006) - 0.02,
      }),
    );
  } else if (answer.json('code') === 'ROUND_ENDED') tooLate.add(1);
  else errors.add(true);
}
