// k6 load test: the Trollbox read path. Many readers poll GET /api/chat/messages every 3 s the way
// the client does (?after=<newest id seen>, If-None-Match with the last ETag: mostly 304s), while a
// few signed-in senders post a message every few seconds.
//
//   k6 run -e BASE_URL=http://localhost:5001 -e POLLERS=2000 -e SENDERS=5 -e DURATION=2m \
//          -e SENDER_TOKENS=tok1,tok2,... load-tests/chat-polling.js
//
// SENDER_TOKENS: session tokens of verified accounts (POST /api/auth/login); without them the
// senders scenario is skipped. Keep the per-user limit in mind (CHAT_RATE_LIMIT, default 1/2 s):
// SEND_EVERY_S below 2 makes senders collect 429s, which are counted apart, not as errors.
// Type-checked against @types/k6: npx tsc -p load-tests/tsconfig.k6.json
import { check, sleep } from 'k6';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:5001';
const POLLERS = Number(__ENV.POLLERS || 1000);
const SENDERS = Number(__ENV.SENDERS || 5);
const DURATION = __ENV.DURATION || '2m';
const POLL_EVERY_S = Number(__ENV.POLL_EVERY_S || 3);
const SEND_EVERY_S = Number(__ENV.SEND_EVERY_S || 4);
const TOKENS = (__ENV.SENDER_TOKENS || '').split(',').filter(Boolean);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    pollers: {
      executor: 'constant-vus',
      vus: POLLERS,
      duration: DURATION,
      exec: 'poll',
      gracefulStop: '5s',
    },
    ...(TOKENS.length > 0
      ? {
          senders: {
            executor: 'constant-vus',
            vus: Math.min(SENDERS, TOKENS.length),
            duration: DURATION,
            exec: 'send',
            gracefulStop: '5s',
          },
        }
      : {}),
  },
  thresholds: {
    'http_req_duration{kind:poll}': ['p(95)<100', 'p(99)<300'],
    'http_req_duration{kind:send}': ['p(95)<300'],
    poll_errors: ['rate<0.001'],
    send_errors: ['rate<0.01'],
  },
};

const pollErrors = new Rate('poll_errors');
const sendErrors = new Rate('send_errors');
const notModified = new Counter('poll_not_modified');
const newMessages = new Counter('poll_new_messages');
const sendLimited = new Counter('send_rate_limited');
const pollBytes = new Trend('poll_body_bytes');

// Per-VU state: k6 runs each VU in its own JS runtime, so module-level variables are per reader.
let after = 0;
let etag = '';

export function poll() {
  /** @type {Record<string, string>} */
  const headers = {};
  if (etag) headers['If-None-Match'] = etag;
  const url = after > 0 ? `${BASE_URL}/api/chat/messages?after=${after}` : `${BASE_URL}/api/chat/messages`;
  const res = http.get(url, { headers, tags: { kind: 'poll' }, responseType: 'text' });
  const ok = check(res, {
    'poll status 200 or 304': (r) => r.status === 200 || r.status === 304,
    'poll has ETag': (r) => Boolean(r.headers.Etag || r.headers.ETag),
  });
  pollErrors.add(!ok);
  if (res.status === 304) {
    notModified.add(1);
  } else if (res.status === 200) {
    etag = res.headers.Etag || res.headers.ETag || '';
    const body = typeof res.body === 'string' ? res.body : '';
    pollBytes.add(body.length);
    /** @type {{ id: number }[]} */
    const messages = JSON.parse(body || '[]');
    if (messages.length > 0) {
      newMessages.add(messages.length);
      after = messages[messages.length - 1].id;
    }
  }
  // Readers are not in lockstep: a little jitter around the client's 3 s.
  sleep(POLL_EVERY_S * (0.9 + Math.random() * 0.2));
}

export function send() {
  const token = TOKENS[(__VU - 1) % TOKENS.length];
  const res = http.post(
    `${BASE_URL}/api/chat/messages`,
    JSON.stringify({ message: `k6 says hi (${__VU}/${__ITER})` }),
    {
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      tags: { kind: 'send' },
    },
  );
  if (res.status === 429) {
    sendLimited.add(1);
  } else {
    sendErrors.add(!check(res, { 'send status 201': (r) => r.status === 201 }));
  }
  sleep(SEND_EVERY_S);
}
