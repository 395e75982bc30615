import type { RawData, WebSocket } from 'ws';
import { DomainError } from '../domain/errors.js';

/** Open sockets per client address and in total, across /api/ws and /api/trpc-ws. */
export class ConnectionLimiter {
  private readonly perIp = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { perIp: number; total: number }) {}

  /** Takes a slot; answers the release function, or why there is none. */
  acquire(ip: string): { ok: true; release: () => void } | { ok: false; reason: 'per-ip' | 'total' } {
    if (this.total >= this.limits.total) return { ok: false, reason: 'total' };
    const count = this.perIp.get(ip) ?? 0;
    if (count >= this.limits.perIp) return { ok: false, reason: 'per-ip' };
    this.perIp.set(ip, count + 1);
    this.total += 1;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.perIp.get(ip) ?? 1) - 1;
        if (left <= 0) this.perIp.delete(ip);
        else this.perIp.set(ip, left);
      },
    };
  }

  stats(): { total: number; addresses: number } {
    return { total: this.total, addresses: this.perIp.size };
  }
}

/** Slots for live subscriptions; `acquire` throws TOO_MANY_REQUESTS when none is left. */
export interface SubscriptionBudget {
  acquire(): () => void;
}

function tooManySubscriptions(max: number): DomainError {
  return new DomainError('TOO_MANY_REQUESTS', `Too many subscriptions (at most ${max} at once)`, {
    code: 'TOO_MANY_SUBSCRIPTIONS',
  });
}

/** A counter with a ceiling; the release function is idempotent. */
function counterBudget(max: number, get: () => number, set: (value: number) => void): SubscriptionBudget {
  return {
    acquire() {
      if (get() >= max) throw tooManySubscriptions(max);
      set(get() + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        set(get() - 1);
      };
    },
  };
}

/**
 * Subscription ceilings: per socket connection (/api/trpc-ws), and per client address for tRPC
 * over HTTP streaming, where every subscription is its own request.
 */
export class SubscriptionLimiter {
  private readonly perIp = new Map<string, number>();

  constructor(private readonly limits: { perConnection: number; httpPerIp: number }) {}

  forConnection(): SubscriptionBudget {
    let active = 0;
    return counterBudget(
      this.limits.perConnection,
      () => active,
      (value) => {
        active = value;
      },
    );
  }

  forIp(ip: string): SubscriptionBudget {
    return counterBudget(
      this.limits.httpPerIp,
      () => this.perIp.get(ip) ?? 0,
      (value) => {
        if (value <= 0) this.perIp.delete(ip);
        else this.perIp.set(ip, value);
      },
    );
  }
}

export interface SocketGuardOptions {
  floodMaxMessages: number;
  floodWindowMs: number;
  maxBufferedBytes: number;
}

/**
 * The /api/ws limits for a socket whose protocol another library (tRPC's ws adapter) handles:
 * incoming frames are counted (a batch counts as its number of calls) before the library sees
 * them, and a flooding socket is closed with 1008 without its frame being processed; a socket
 * whose send buffer exceeds maxBufferedBytes is terminated instead of buffering more.
 * Must be applied before the library registers its own listeners.
 */
export function guardSocket(socket: WebSocket, options: SocketGuardOptions): void {
  let windowStart = Date.now();
  let count = 0;
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  // Instance-level wrappers: the adapter offers no hook to veto a frame or a send.
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'message') {
      const now = Date.now();
      if (now - windowStart >= options.floodWindowMs) {
        windowStart = now;
        count = 0;
      }
      count += callsInFrame(args[0] as RawData);
      if (count > options.floodMaxMessages) {
        if (socket.readyState === socket.OPEN) socket.close(1008, 'Too many messages');
        return false;
      }
    }
    return emit(event, ...args);
  }) as typeof socket.emit;
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  socket.send = ((...args: unknown[]) => {
    if (socket.bufferedAmount > options.maxBufferedBytes) {
      socket.terminate();
      return;
    }
    send(...args);
  }) as typeof socket.send;
}

/** How many calls one frame carries: a JSON array (a batch) counts its items. */
function callsInFrame(raw: RawData): number {
  const text = Array.isArray(raw) ? Buffer.concat(raw).toString() : Buffer.from(raw as Buffer).toString();
  if (!text.trimStart().startsWith('[')) return 1;
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? Math.max(1, parsed.length) : 1;
  } catch {
    return 1;
  }
}
