import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { passwordHashLine } from './password-hasher.js';

export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  wsConnections: Counter<'path'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPasswordHashLine(registry);
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    wsConnections: new Counter({
      name: 'ws_connections_total',
      help: 'WebSocket connections accepted by path',
      labelNames: ['path'],
      registers: [registry],
    }),
  };
}

/** The sign-in line (infra/password-hasher.ts): read at scrape time, nothing to update on the login path. */
function registerPasswordHashLine(registry: Registry): void {
  new Counter({
    name: 'password_hash_refused_total',
    help: 'Sign-ins answered 503 at once because the password hash line was full (PASSWORD_HASH_QUEUE_MAX)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(passwordHashLine.refused);
    },
  });
  new Gauge({
    name: 'password_hash_running',
    help: 'Password hashes being computed (at most PASSWORD_HASH_CONCURRENCY)',
    registers: [registry],
    collect() {
      this.set(passwordHashLine.running);
    },
  });
  new Gauge({
    name: 'password_hash_waiting',
    help: 'Sign-ins waiting for a password hash (at most PASSWORD_HASH_QUEUE_MAX)',
    registers: [registry],
    collect() {
      this.set(passwordHashLine.waiting);
    },
  });
}
