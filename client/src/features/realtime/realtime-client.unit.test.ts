import { describe, expect, it } from 'vitest';
import { RealtimeClient, type RealtimeEnvironment, type RealtimeStatus, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(type: string, channel: string | null, seq: number, data: unknown = {}) {
    this.onmessage?.({ data: JSON.stringify({ type, channel, seq, ts: 0, data }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function harness(options: { hidden?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  let hidden = options.hidden ?? false;
  let visibilityListener: (() => void) | null = null;
  const env: RealtimeEnvironment = {
    url: () => 'ws://test/api/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    isHidden: () => hidden,
    watchVisibility: (listener) => {
      visibilityListener = listener;
      return () => (visibilityListener = null);
    },
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    reconnectDelayMs: 5000,
  };
  const events: [string, number][] = [];
  const catchUps: string[] = [];
  const statuses: RealtimeStatus[] = [];
  const client = new RealtimeClient(env, {
    onEvent: (type, frame) => events.push([type, frame.seq]),
    onCatchUp: (channel) => catchUps.push(channel),
    onStatus: (status) => statuses.push(status),
  });
  return {
    client,
    sockets,
    timers,
    events,
    catchUps,
    statuses,
    setHidden(value: boolean) {
      hidden = value;
      visibilityListener?.();
    },
    fireTimers() {
      for (const timer of timers.splice(0)) if (!timer.cleared) timer.callback();
    },
  };
}

const me = { token: 'tok', userId: '42' };

describe('RealtimeClient', () => {
  it('authenticates first, then subscribes to the spec channels, and is live once the price channel is joined', () => {
    const h = harness();
    h.client.start(me);
    expect(h.sockets).toHaveLength(1);
    expect(h.sockets[0]!.url).toBe('ws://test/api/ws');
    h.sockets[0]!.open();
    expect(h.sockets[0]!.sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', channels: ['user:42', 'game-results:42', 'token-price', 'system-announcements'] },
    ]);
    expect(h.client.getStatus()).toBe('connecting');
    h.sockets[0]!.frame('subscribed', 'token-price', 7);
    expect(h.client.getStatus()).toBe('live');
  });

  it('passes events on in order, drops duplicates and reports gaps per channel', () => {
    const h = harness();
    h.client.start(me);
    const socket = h.sockets[0]!;
    socket.open();
    socket.frame('subscribed', 'token-price', 7);
    socket.frame('subscribed', 'user:42', 0);
    socket.frame('token-price-update', 'token-price', 8, { price: 0.03 });
    socket.frame('token-price-update', 'token-price', 8, { price: 0.03 });
    socket.frame('balance-update', 'user:42', 1);
    socket.frame('token-price-update', 'token-price', 11);
    socket.frame('pong', null, 0);
    socket.frame('error', 'user:99', 0, { code: 'FORBIDDEN' });
    expect(h.events).toEqual([
      ['token-price-update', 8],
      ['balance-update', 1],
      ['token-price-update', 11],
    ]);
    // Each first join catches up once; then only the price channel's jump from 8 to 11.
    expect(h.catchUps).toEqual(['token-price', 'user:42', 'token-price']);
  });

  it('catches up on a channel when it is first joined, since the page fetched its data before the socket watched it', () => {
    const h = harness();
    h.client.start(me);
    const socket = h.sockets[0]!;
    socket.open();
    socket.frame('subscribed', 'user:42', 0);
    expect(h.catchUps).toEqual(['user:42']);
    socket.frame('balance-update', 'user:42', 1);
    socket.frame('subscribed', 'user:42', 1);
    expect(h.catchUps).toEqual(['user:42']);
  });

  it('reconnects 5 s after a close and detects events missed meanwhile', () => {
    const h = harness();
    h.client.start(me);
    h.sockets[0]!.open();
    h.sockets[0]!.frame('subscribed', 'token-price', 3);
    h.sockets[0]!.drop();
    expect(h.client.getStatus()).toBe('down');
    expect(h.timers.map((t) => t.ms)).toEqual([5000]);
    expect(h.sockets).toHaveLength(1);
    h.fireTimers();
    expect(h.sockets).toHaveLength(2);
    h.sockets[1]!.open();
    h.sockets[1]!.frame('subscribed', 'token-price', 5);
    expect(h.catchUps).toEqual(['token-price', 'token-price']);
    expect(h.client.getStatus()).toBe('live');
  });

  it('does not reconnect while hidden, and reconnects at once when visible again', () => {
    const h = harness();
    h.client.start(me);
    h.sockets[0]!.open();
    h.setHidden(true);
    h.sockets[0]!.drop();
    expect(h.timers).toHaveLength(0);
    h.setHidden(false);
    expect(h.sockets).toHaveLength(2);
  });

  it('a retry timer that fires while hidden waits for the tab to be visible', () => {
    const h = harness();
    h.client.start(me);
    h.sockets[0]!.drop();
    h.setHidden(true);
    h.fireTimers();
    expect(h.sockets).toHaveLength(1);
    h.setHidden(false);
    expect(h.sockets).toHaveLength(2);
  });

  it('a tab that starts hidden opens the socket when it becomes visible', () => {
    const h = harness({ hidden: true });
    h.client.start(me);
    expect(h.sockets).toHaveLength(0);
    h.setHidden(false);
    expect(h.sockets).toHaveLength(1);
  });

  it('stop closes the socket for good', () => {
    const h = harness();
    h.client.start(me);
    h.sockets[0]!.open();
    h.client.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.client.getStatus()).toBe('idle');
    h.sockets[0]!.drop();
    h.setHidden(false);
    expect(h.timers).toHaveLength(0);
    expect(h.sockets).toHaveLength(1);
  });
});
