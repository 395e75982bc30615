import { DomainError } from '../domain/errors.js';
import { channels, type EventPayload, type EventType } from '../domain/events/platform-events.js';
import { compareStreamIds, type BusEvent, type RedisEventBus } from '../infra/event-bus.js';
import { EventHub } from './event-hub.js';
import type { SessionResolver, SessionUser } from './session-resolver.js';

export interface LiveEvent<T> {
  id: string;
  data: T;
  /** The event type (streams may carry several types of one channel). */
  type?: EventType;
}

export interface StreamOptions {
  lastEventId?: string | null;
  signal?: AbortSignal;
}

/** A subscriber that lets this many events pile up is cut off; it resumes with its lastEventId. */
const MAX_PENDING = 1_000;

/**
 * The realtime facade of a server process: owns the hub fed by the process's single Redis
 * subscriber, resolves socket sessions, and turns channels into resumable async streams for tRPC.
 */
export class LiveFeedService {
  readonly hub = new EventHub();
  private detach: (() => void) | null = null;

  constructor(
    private readonly bus: RedisEventBus,
    private readonly resolveSession: SessionResolver,
  ) {}

  /** Called by the server process only; the worker publishes but never listens. */
  async start(): Promise<void> {
    if (this.detach) return;
    this.detach = this.bus.onEvent((event) => this.hub.dispatch(event));
    await this.bus.start();
  }

  async stop(): Promise<void> {
    this.detach?.();
    this.detach = null;
    await this.bus.stop();
  }

  async viewer(token: string | undefined | null): Promise<SessionUser | null> {
    if (!token) return null;
    const user = await this.resolveSession(token).catch(() => null);
    return user ? { id: String(user.id) } : null;
  }

  currentSeq(channel: string): Promise<number> {
    return this.bus.currentSeq(channel);
  }

  tokenPrices(options: StreamOptions = {}) {
    return this.stream(channels.tokenPrice, 'token-price-update', options);
  }

  announcements(options: StreamOptions = {}) {
    return this.stream(channels.systemAnnouncements, 'system-announcement', options);
  }

  chatMessages(options: StreamOptions = {}) {
    return this.stream(channels.chat, 'chat-message', options);
  }

  /** Odds changes and market/event status changes of the sportsbook (public). */
  sportsUpdates(options: StreamOptions = {}) {
    return this.stream(channels.sports, ['sports-odds', 'sports-market'] as const, options);
  }

  async balanceUpdates(sessionToken: string | undefined, options: StreamOptions = {}) {
    const user = await this.requireViewer(sessionToken);
    return this.stream(channels.user(user.id), 'balance-update', options);
  }

  async gameResults(sessionToken: string | undefined, options: StreamOptions = {}) {
    const user = await this.requireViewer(sessionToken);
    return this.stream(channels.gameResults(user.id), 'game-result', options);
  }

  private async requireViewer(sessionToken: string | undefined): Promise<SessionUser> {
    const user = await this.viewer(sessionToken);
    if (!user) throw new DomainError('UNAUTHORIZED', 'You must be logged in');
    return user;
  }

  /**
   * Live events of one channel and type. With a lastEventId it first replays what was missed from
   * the channel's log, then continues live without duplicates: live events are buffered from the
   * moment of subscribing, and anything not newer than the last one yielded is skipped.
   */
  stream<T extends EventType>(
    channel: string,
    type: T | readonly T[],
    { lastEventId, signal }: StreamOptions,
  ): AsyncGenerator<LiveEvent<EventPayload<T>>> {
    const wanted = (event: { type: string }) => (typeof type === 'string' ? event.type === type : type.includes(event.type as T));
    // Subscribed now, not on the first next(): nothing published after this call is missed.
    const pending: BusEvent[] = [];
    let overflowed = false;
    let wake: (() => void) | null = null;
    const unsubscribe = this.hub.subscribe(channel, (event) => {
      if (!wanted(event)) return;
      if (pending.length >= MAX_PENDING) overflowed = true;
      else pending.push(event);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    const bus = this.bus;
    return (async function* () {
      try {
        let lastId = lastEventId ?? null;
        if (lastId) {
          for (;;) {
            const missed = await bus.since(channel, lastId);
            for (const event of missed) {
              lastId = event.id;
              if (wanted(event)) yield { id: event.id, type: event.type as T, data: event.data as EventPayload<T> };
            }
            if (missed.length < 500) break;
          }
        }
        while (!signal?.aborted) {
          if (overflowed) throw new DomainError('UNAVAILABLE', 'Subscription fell behind; resubscribe with lastEventId');
          const next = pending.shift();
          if (next) {
            if (lastId && compareStreamIds(next.id, lastId) <= 0) continue;
            lastId = next.id;
            yield { id: next.id, type: next.type as T, data: next.data as EventPayload<T> };
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
        }
      } finally {
        unsubscribe();
        signal?.removeEventListener('abort', onAbort);
      }
    })();
  }
}
