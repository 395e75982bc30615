// k6 load test: thousands of sockets on /api/ws subscribed to token-price; measures how long each
// token-price-update takes from publish (the frame's `ts`) to arrival, and counts seq gaps.
//
//   k6 run -e BASE_URL=ws://localhost:5001 -e VUS=100 -e SOCKETS_PER_VU=50 -e HOLD_S=120 load-tests/socket-fanout.js
//
// The worker publishes a price every 20 s; HOLD_S=120 gives each socket about six deliveries.
// Uses k6/websockets (the graduated, non-deprecated form of k6/experimental/websockets; same API).
// Type-checked against @types/k6: npx tsc -p load-tests/tsconfig.k6.json
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

const BASE_URL = __ENV.BASE_URL || 'ws://localhost:5001';
const VUS = Number(__ENV.VUS || 100);
const SOCKETS_PER_VU = Number(__ENV.SOCKETS_PER_VU || 50);
const HOLD_S = Number(__ENV.HOLD_S || 120);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    fanout: {
      executor: 'per-vu-iterations',
      vus: VUS,
      iterations: 1,
      maxDuration: `${HOLD_S + 60}s`,
    },
  },
  thresholds: {
    price_delivery_ms: ['p(95)<500', 'p(99)<1500'],
    seq_gaps: ['count==0'],
    subscribe_failures: ['count==0'],
  },
};

const deliveryMs = new Trend('price_delivery_ms', true);
const deliveries = new Counter('price_deliveries');
const seqGaps = new Counter('seq_gaps');
const subscribeFailures = new Counter('subscribe_failures');

export default function () {
  for (let i = 0; i < SOCKETS_PER_VU; i++) openSocket();
}

function openSocket() {
  const ws = new WebSocket(`${BASE_URL}/api/ws`);
  /** @type {number | null} */
  let lastSeq = null;

  ws.addEventListener('open', () => {
    ws.send(JSON.stringify({ type: 'subscribe', channels: ['token-price'] }));
    setTimeout(() => ws.close(), HOLD_S * 1000);
  });

  ws.addEventListener('message', (event) => {
    const arrived = Date.now();
    const frame = JSON.parse(String(/** @type {{ data: unknown }} */ (event).data));
    if (frame.type === 'subscribed') {
      check(frame, { 'subscribed to token-price': (f) => f.channel === 'token-price' });
      lastSeq = frame.seq;
      return;
    }
    if (frame.type === 'error') {
      subscribeFailures.add(1);
      return;
    }
    if (frame.type !== 'token-price-update') return;
    deliveries.add(1);
    deliveryMs.add(arrived - frame.ts);
    if (lastSeq !== null && frame.seq !== lastSeq + 1) seqGaps.add(1);
    lastSeq = frame.seq;
  });

  ws.addEventListener('error', () => subscribeFailures.add(1));
}
