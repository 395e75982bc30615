import { DomainError } from '../domain/errors.js';
import { channels, type EventPayload, type EventType } from '../domain/events/platform-events.js';
import type { RoundGameSlug } from '../domain/games/registry.js';
import { compareStreamIds, type BusEvent, type RedisEventBus } from '../infra/event-bus.js';
import { EventHub } from './event-hub.js';
import { SubscriptionLimiter, type SubscriptionBudget } from './realtime-limits.js';
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
  /** Aborted when the viewer's session ended: the stream throws UNAUTHORIZED and delivers nothing more. */
  ended?: AbortSignal;
  /** Runs once when the stream finishes, however it finishes. */
  onClose?: () => void;
}

/** A subscriber that lets this many events pile up is cut off; it resumes with its lastEventId. */
const MAX_PENDING = 1_000;

/** Why a session's live connections end. */
export type SessionEnd = 'revoked' | 'expired';

export interface LiveFeedOptions {
  /** Most events one resume (lastEventId) replays; more missed: only the newest this many. */
  replayMax?: number;
  /** Subscriptions one socket connection may hold at once. */
  maxSubscriptionsPerConnection?: number;
  /** tRPC HTTP streaming subscriptions one client address may hold at once. */
  maxHttpSubscriptionsPerIp?: number;
}

function liveUpdatesUnavailable(): DomainError {
  return new DomainError('UNAVAILABLE', 'Live updates are unavailable right now, please try again shortly', {
    code: 'UNAVAILABLE',
    retryAfterSeconds: 5,
  });
}

/** setTimeout's ceiling (~24.8 days); a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The realtime facade of a server process: owns the hub fed by the process's single Redis
 * subscriber, resolves socket sessions, and turns channels into resumable async streams for tRPC.
 */
export class LiveFeedService {
  readonly hub = new EventHub();
  readonly subscriptions: SubscriptionLimiter;
  private readonly replayMax: number;
  private detach: (() => void) | null = null;
  /** sessionId -> what to do when it is revoked (close a socket, end a stream). */
  private readonly sessionWatchers = new Map<string, Set<(reason: SessionEnd) => void>>();

  constructor(
    private readonly bus: RedisEventBus,
    private readonly resolveSession: SessionResolver,
    options: LiveFeedOptions = {},
  ) {
    this.replayMax = options.replayMax ?? 200;
    this.subscriptions = new SubscriptionLimiter({
      perConnection: options.maxSubscriptionsPerConnection ?? 50,
      httpPerIp: options.maxHttpSubscriptionsPerIp ?? 50,
    });
  }

  /** Listens on the bus: events for the hub, and sessions revoked on any process (composition/events.ts publishes those). */
  async start(): Promise<void> {
    if (this.detach) return;
    const offEvents = this.bus.onEvent((event) => this.hub.dispatch(event));
    const offControl = this.bus.onControl((message) => {
      if (message.kind === 'sessions-revoked') for (const id of message.sessionIds) this.endSession(id, 'revoked');
    });
    this.detach = () => {
      offEvents();
      offControl();
    };
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
    if (!user) return null;
    const expiresAt = user.expiresAt === undefined ? undefined : new Date(user.expiresAt).getTime();
    return { id: String(user.id), sessionId: user.sessionId, expiresAt };
  }

  /**
   * Calls `onEnd` once when the viewer's session is revoked (on any process) or expires.
   * Answers the function that stops watching (call it when the connection closes).
   */
  watchSession(viewer: SessionUser, onEnd: (reason: SessionEnd) => void): () => void {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const fire = (reason: SessionEnd) => {
      if (done) return;
      stop();
      onEnd(reason);
    };
    const arm = () => {
      if (viewer.expiresAt === undefined) return;
      const left = viewer.expiresAt - Date.now();
      timer = setTimeout(
        () => (left > MAX_TIMER_MS ? arm() : fire('expired')),
        Math.max(0, Math.min(left, MAX_TIMER_MS)),
      );
      timer.unref();
    };
    const watchers = viewer.sessionId
      ? (this.sessionWatchers.get(viewer.sessionId) ?? new Set<(reason: SessionEnd) => void>())
      : null;
    if (viewer.sessionId && watchers) {
      watchers.add(fire);
      this.sessionWatchers.set(viewer.sessionId, watchers);
    }
    const stop = () => {
      done = true;
      clearTimeout(timer);
      if (viewer.sessionId && watchers) {
        watchers.delete(fire);
        if (watchers.size === 0 && this.sessionWatchers.get(viewer.sessionId) === watchers)
          this.sessionWatchers.delete(viewer.sessionId);
      }
    };
    arm();
    return stop;
  }

  private endSession(sessionId: string, reason: SessionEnd): void {
    const watchers = this.sessionWatchers.get(sessionId);
    if (!watchers) return;
    for (const fire of [...watchers]) {
      try {
        fire(reason);
      } catch {
        // One failing watcher must not keep the others open.
      }
    }
  }

  /** A budget for a subscription request with no socket (tRPC over HTTP streaming). */
  httpBudget(ip: string): SubscriptionBudget {
    return this.subscriptions.forIp(ip);
  }

  /**
   * The channel's last seq, the baseline a socket joins at. UNAVAILABLE while events cannot flow (Redis
   * away: the subscriber is reconnecting or the read fails), so the client hears it instead of silence.
   */
  async currentSeq(channel: string): Promise<number> {
    if (!this.bus.listening) throw liveUpdatesUnavailable();
    try {
      return await this.bus.currentSeq(channel);
    } catch {
      throw liveUpdatesUnavailable();
    }
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

  /** Settled bets of everyone (`all`) or only the high rollers: public. */
  bets(feed: 'all' | 'high-rollers', options: StreamOptions = {}) {
    return this.stream(feed === 'all' ? channels.bets : channels.highRollers, 'bet', options);
  }

  /** Odds changes and market/event status changes of the sportsbook (public). */
  sportsUpdates(options: StreamOptions = {}) {
    return this.stream(channels.sports, ['sports-odds', 'sports-market'] as const, options);
  }

  /** A round game's rounds, its running round's clock and its bets (`round-update`, `round-tick`, `round-bet`), public. */
  roundEvents(game: RoundGameSlug, options: StreamOptions = {}) {
    return this.stream(channels.rounds(game), ['round-update', 'round-tick', 'round-bet'] as const, options);
  }

  /** Raffle state changes (open, closed, drawn), public. */
  raffleUpdates(options: StreamOptions = {}) {
    return this.stream(channels.raffle, ['raffle-update'] as const, options);
  }

  /** Wager races' boards moved or a race finished (promotions), public. */
  raceUpdates(options: StreamOptions = {}) {
    return this.stream(channels.race, ['race-update'] as const, options);
  }

  /** The signed-in player's raffle prizes. */
  async raffleWins(sessionToken: string | undefined, options: StreamOptions = {}) {
    const user = await this.requireViewer(sessionToken);
    return this.privateStream(user, channels.user(user.id), 'raffle-win', options);
  }

  async balanceUpdates(sessionToken: string | undefined, options: StreamOptions = {}) {
    const user = await this.requireViewer(sessionToken);
    return this.privateStream(user, channels.user(user.id), 'balance-update', options);
  }

  async gameResults(sessionToken: string | undefined, options: StreamOptions = {}) {
    const user = await this.requireViewer(sessionToken);
    return this.privateStream(user, channels.gameResults(user.id), 'game-result', options);
  }

  /** A private stream ends (UNAUTHORIZED) as soon as its session is revoked or expires. */
  private privateStream<T extends EventType>(viewer: SessionUser, channel: string, type: T, options: StreamOptions) {
    const ended = new AbortController();
    const unwatch = this.watchSession(viewer, (reason) => ended.abort(reason));
    return this.stream(channel, type, { ...options, ended: ended.signal, onClose: unwatch });
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
    { lastEventId, signal, ended, onClose }: StreamOptions,
  ): AsyncGenerator<LiveEvent<EventPayload<T>>> {
    // A subscription that could receive nothing says so (thrown here, before the stream exists, so the
    // procedure answers SERVICE_UNAVAILABLE) rather than staying silent.
    if (!this.bus.listening) throw liveUpdatesUnavailable();
    const wanted = (event: { type: string }) =>
      typeof type === 'string' ? event.type === type : type.includes(event.type as T);
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
    ended?.addEventListener('abort', onAbort);
    const bus = this.bus;
    const replayMax = this.replayMax;
    const checkSession = () => {
      if (ended?.aborted) {
        throw new DomainError('UNAUTHORIZED', ended.reason === 'expired' ? 'Session expired' : 'Session revoked', {
          code: 'SESSION_ENDED',
        });
      }
    };
    return (async function* () {
      try {
        let lastId = lastEventId ?? null;
        if (lastId) {
          // Bounded: one read of at most replayMax events (the newest), whatever lastEventId says.
          const missed = await bus.latestSince(channel, lastId, replayMax);
          for (const event of missed) {
            checkSession();
            lastId = event.id;
            if (wanted(event)) yield { id: event.id, type: event.type as T, data: event.data as EventPayload<T> };
          }
        }
        while (!signal?.aborted) {
          checkSession();
          if (overflowed)
            throw new DomainError('UNAVAILABLE', 'Subscription fell behind; resubscribe with lastEventId');
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
        ended?.removeEventListener('abort', onAbort);
        onClose?.();
      }
    })();
  }
}
