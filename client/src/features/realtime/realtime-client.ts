import { afterClose, onRetryTimer, onVisibilityChange, type ReconnectDecision } from './reconnect-policy';
import {
  channelsFor,
  isEventType,
  parseFrame,
  TOKEN_PRICE_CHANNEL,
  type EventType,
  type ServerFrame,
} from './realtime-protocol';
import { SeqTracker } from './seq-tracker';

/** idle: nobody signed in. live: open and subscribed to the token price. down: closed, waiting to retry. */
export type RealtimeStatus = 'idle' | 'connecting' | 'live' | 'down';

export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeEnvironment {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  isHidden: () => boolean;
  /** Calls the listener on every visibility change; returns the unsubscribe. */
  watchVisibility: (listener: () => void) => () => void;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  reconnectDelayMs: number;
}

export interface RealtimeHandlers {
  /** An event frame to apply (in order, or the first after a gap). */
  onEvent: (type: EventType, frame: ServerFrame) => void;
  /**
   * This channel's events may not all have reached the page: a seq gap, or the channel was just joined for the
   * first time (what the page fetched before the subscription took effect may already be stale). Refetch what it feeds.
   */
  onCatchUp: (channel: string) => void;
  onStatus: (status: RealtimeStatus) => void;
}

export interface RealtimeIdentity {
  token: string;
  userId: string;
}

/**
 * The /api/ws client: one socket while a user is signed in. It authenticates with the first
 * message (the token stays out of URLs and access logs), subscribes to the spec's channels, checks
 * each channel's seq and reconnects by the reconnect policy.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private identity: RealtimeIdentity | null = null;
  private retryTimer: unknown = null;
  private status: RealtimeStatus = 'idle';
  private readonly seq = new SeqTracker();
  private readonly stopWatching: () => void;

  constructor(
    private readonly env: RealtimeEnvironment,
    private readonly handlers: RealtimeHandlers,
  ) {
    this.stopWatching = env.watchVisibility(() => this.apply(onVisibilityChange(this.facts())));
  }

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Connects for this user, or does nothing when already connected for them. */
  start(identity: RealtimeIdentity): void {
    const same = this.identity?.token === identity.token && this.identity.userId === identity.userId;
    if (same && (this.socket || this.retryTimer !== null)) return;
    if (!same) {
      this.closeSocket();
      this.seq.clear();
    }
    this.identity = identity;
    if (this.env.isHidden()) {
      // Opened when the tab becomes visible.
      this.setStatus('down');
      return;
    }
    this.connect();
  }

  /** Signed out: close and stay closed. */
  stop(): void {
    this.identity = null;
    this.closeSocket();
    this.seq.clear();
    this.setStatus('idle');
  }

  dispose(): void {
    this.stop();
    this.stopWatching();
  }

  private facts() {
    return { wanted: this.identity !== null, hidden: this.env.isHidden(), active: this.socket !== null };
  }

  private apply(decision: ReconnectDecision): void {
    if (decision.action === 'connect-now') this.connect();
    else if (decision.action === 'retry-after') {
      this.cancelRetry();
      this.retryTimer = this.env.setTimer(() => {
        this.retryTimer = null;
        this.apply(onRetryTimer(this.facts()));
      }, decision.delayMs);
    }
  }

  private connect(): void {
    const identity = this.identity;
    if (!identity || this.socket) return;
    this.cancelRetry();
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.env.createSocket(this.env.url());
    } catch {
      this.setStatus('down');
      this.apply(afterClose(this.facts(), this.env.reconnectDelayMs));
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', token: identity.token }));
      socket.send(JSON.stringify({ type: 'subscribe', channels: channelsFor(identity.userId) }));
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onerror = () => {
      // A close event always follows; the retry is decided there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('down');
      this.apply(afterClose(this.facts(), this.env.reconnectDelayMs));
    };
  }

  private receive(raw: unknown): void {
    const frame = parseFrame(raw);
    if (!frame || frame.channel === null) return;
    if (frame.type === 'subscribed') {
      const firstJoin = this.seq.lastSeq(frame.channel) === undefined;
      if (this.seq.baseline(frame.channel, frame.seq) === 'gap' || firstJoin) this.handlers.onCatchUp(frame.channel);
      if (frame.channel === TOKEN_PRICE_CHANNEL) this.setStatus('live');
      return;
    }
    if (!isEventType(frame.type)) return;
    const verdict = this.seq.accept(frame.channel, frame.seq);
    if (verdict === 'stale') return;
    this.handlers.onEvent(frame.type, frame);
    if (verdict === 'gap') this.handlers.onCatchUp(frame.channel);
  }

  private closeSocket(): void {
    this.cancelRetry();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(1000, 'Signed out');
    } catch {
      // already closed
    }
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.env.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.handlers.onStatus(status);
  }
}
