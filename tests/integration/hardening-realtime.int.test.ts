import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppRouter } from '../../server/src/trpc/router.js';
import { FAST_HASHING, http, latestMailToken, RELAXED_LIMITS, signedInAccount } from '../support/auth.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { TestSocket } from '../support/socket-client.js';

/** Issue #16 points 1 (realtime limits) and 2 (revocation reaches live connections). */

/** A raw /api/trpc-ws client speaking tRPC's wire protocol, to send what a hostile client would. */
class RawTrpcSocket {
  readonly messages: {
    id?: number | string;
    result?: { type: string; data?: unknown };
    error?: { data?: { code?: string } };
  }[] = [];
  closeCode: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const parsed = JSON.parse(raw.toString()) as unknown;
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) this.messages.push(message as never);
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  static async open(baseUrl: string, headers: Record<string, string> = {}): Promise<RawTrpcSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/trpc-ws`, { headers });
    const socket = new RawTrpcSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  subscribe(id: number, path: string, input?: unknown) {
    return { id, method: 'subscription', params: { path, input } };
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  data(): unknown[] {
    return this.messages.filter((message) => message.result?.type === 'data').map((message) => message.result!.data);
  }

  errors(): string[] {
    return this.messages.filter((message) => message.error).map((message) => message.error!.data?.code ?? 'unknown');
  }

  async closed(timeoutMs = 5_000): Promise<number> {
    await expect.poll(() => this.closeCode, { timeout: timeoutMs }).not.toBeNull();
    return this.closeCode!;
  }
}

/** Tries an upgrade; answers the HTTP status of a refusal, or 101 when it opened (then closes it). */
async function upgradeStatus(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ws?: WebSocket }> {
  const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ status: 0 }));
  });
}

describe('point 1: limits on /api/trpc-ws, tRPC HTTP streaming and both socket paths', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({
      WS_FLOOD_MAX_MESSAGES: '20',
      WS_FLOOD_WINDOW_MS: '10000',
      WS_MAX_SUBSCRIPTIONS: '5',
      EVENT_REPLAY_MAX: '10',
      WS_MAX_BUFFERED_BYTES: '65536',
      WS_MAX_CONNECTIONS_PER_IP: '4',
      WS_MAX_CONNECTIONS: '6',
      HTTP_MAX_SUBSCRIPTIONS_PER_IP: '2',
    });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const hub = () => platform.platform.services.live.hub;

  it('closes a socket that sends hundreds of subscriptions in one frame with 1008, leaving no listener behind', async () => {
    const socket = await RawTrpcSocket.open(platform.url, { 'x-forwarded-for': '10.50.0.1' });
    const before = hub().listenerCount('token-price');
    socket.send(
      Array.from({ length: 500 }, (_, i) => socket.subscribe(i + 1, 'token.onPrice', { lastEventId: '0-0' })),
    );
    expect(await socket.closed()).toBe(1008);
    await expect.poll(() => hub().listenerCount('token-price')).toBe(before);
  });

  it('allows WS_MAX_SUBSCRIPTIONS per connection and refuses more with TOO_MANY_REQUESTS', async () => {
    const socket = await RawTrpcSocket.open(platform.url, { 'x-forwarded-for': '10.50.0.2' });
    const before = hub().listenerCount('token-price');
    for (let i = 1; i <= 8; i += 1) socket.send(socket.subscribe(i, 'token.onPrice'));
    await expect.poll(() => socket.errors().length).toBe(3);
    expect(socket.errors()).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
    expect(hub().listenerCount('token-price')).toBe(before + 5);
    // Stopping one frees its slot.
    socket.send({ id: 1, method: 'subscription.stop' });
    await expect.poll(() => hub().listenerCount('token-price')).toBe(before + 4);
    socket.send(socket.subscribe(20, 'token.onPrice'));
    await expect.poll(() => hub().listenerCount('token-price')).toBe(before + 5);
    socket.ws.terminate();
    await expect.poll(() => hub().listenerCount('token-price')).toBe(before);
  });

  it('replays at most EVENT_REPLAY_MAX events from lastEventId "0-0" (the newest ones)', async () => {
    const events = platform.platform.services.events.publish;
    for (let i = 1; i <= 40; i += 1) await events.systemAnnouncement({ id: `r${i}`, type: 'info', message: `m${i}` });
    const socket = await RawTrpcSocket.open(platform.url, { 'x-forwarded-for': '10.50.0.3' });
    socket.send(socket.subscribe(1, 'system.onAnnouncement', { lastEventId: '0-0' }));
    await expect.poll(() => socket.data().length).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const replayed = socket.data() as { data: { message: string } }[];
    expect(replayed).toHaveLength(10);
    expect(replayed.map((item) => item.data.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${31 + i}`));
    socket.ws.terminate();
  });

  it('drops a tRPC socket that falls behind (bufferedAmount over WS_MAX_BUFFERED_BYTES)', async () => {
    const socket = await RawTrpcSocket.open(platform.url, { 'x-forwarded-for': '10.50.0.4' });
    socket.send(socket.subscribe(1, 'system.onAnnouncement'));
    await expect.poll(() => socket.messages.some((message) => message.result?.type === 'started')).toBe(true);
    // The client stops reading: the server's send buffer grows with every event.
    (socket.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = 'x'.repeat(200_000);
    for (let i = 0; i < 60 && socket.closeCode === null; i += 1) {
      await platform.platform.services.events.publish.systemAnnouncement({ id: `big${i}`, type: 'info', message: big });
    }
    (socket.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await socket.closed(10_000)).toBe(1006);
  });

  it('limits connections per IP and in total across /api/ws and /api/trpc-ws', async () => {
    const open: WebSocket[] = [];
    const ipA = { 'x-forwarded-for': '10.60.0.1' };
    for (const path of ['/api/ws', '/api/trpc-ws', '/api/ws', '/api/trpc-ws']) {
      const attempt = await upgradeStatus(`${platform.url}${path}`, ipA);
      expect(attempt.status).toBe(101);
      open.push(attempt.ws!);
    }
    expect((await upgradeStatus(`${platform.url}/api/ws`, ipA)).status).toBe(429);
    expect((await upgradeStatus(`${platform.url}/api/trpc-ws`, ipA)).status).toBe(429);
    // Another address still gets in, up to the total of 6.
    const ipB = { 'x-forwarded-for': '10.60.0.2' };
    for (let i = 0; i < 2; i += 1) {
      const attempt = await upgradeStatus(`${platform.url}/api/ws`, ipB);
      expect(attempt.status).toBe(101);
      open.push(attempt.ws!);
    }
    expect((await upgradeStatus(`${platform.url}/api/ws`, { 'x-forwarded-for': '10.60.0.3' })).status).toBe(503);
    // Closing one frees a slot.
    open.shift()!.close();
    await expect
      .poll(async () => {
        const attempt = await upgradeStatus(`${platform.url}/api/ws`, ipA);
        attempt.ws?.close();
        return attempt.status;
      })
      .toBe(101);
    for (const ws of open) ws.close();
  });

  it('limits tRPC HTTP streaming subscriptions per IP', async () => {
    const controllers: AbortController[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const controller = new AbortController();
      controllers.push(controller);
      const response = await fetch(`${platform.url}/api/trpc/token.onPrice`, {
        headers: { accept: 'text/event-stream', 'x-forwarded-for': '10.70.0.1' },
        signal: controller.signal,
      });
      statuses.push(response.status);
      if (response.status === 200) {
        const reader = response.body!.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        if (first.includes('TOO_MANY_REQUESTS')) statuses[statuses.length - 1] = 429;
      }
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses[2]).toBe(429);
    for (const controller of controllers) controller.abort();
  });
});

describe('point 2: revoked sessions lose their live connections on every server process', () => {
  let platform: TestPlatform;
  let second: ServerProcess;
  const wsClients: ReturnType<typeof createWSClient>[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS });
    second = await startServerProcess(platform.env, { ...FAST_HASHING, ...RELAXED_LIMITS });
  }, 60_000);
  afterAll(async () => {
    for (const client of wsClients) await client.close();
    await second?.stop();
    await platform?.stop();
  });

  const trpcOn = (url: string, token: string) => {
    const wsClient = createWSClient({
      url: `${url.replace(/^http/, 'ws')}/api/trpc-ws`,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      connectionParams: { token },
    });
    wsClients.push(wsClient);
    return createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  };

  it("logout on one process closes the session's sockets on the other (4401) and stops its balance updates", async () => {
    const player = await signedInAccount(platform, {}, '10.80.0.1');
    const other = await http(
      platform.url,
      'POST',
      '/api/auth/login',
      { login_name: player.account.username, password: player.account.password },
      { ip: '10.80.0.1' },
    );
    const keptToken = other.body.token as string;
    const userId = String(player.user.id);

    const revokedSocket = await TestSocket.open(second.url, `?token=${player.token}`);
    const keptSocket = await TestSocket.open(second.url, `?token=${keptToken}`);
    for (const socket of [revokedSocket, keptSocket]) {
      await socket.next((frame) => frame.type === 'authenticated');
      socket.send({ type: 'subscribe', channels: [`user:${userId}`] });
      await socket.next((frame) => frame.type === 'subscribed');
    }
    const balances: unknown[] = [];
    const errors: unknown[] = [];
    let started = false;
    trpcOn(second.url, player.token).account.onBalance.subscribe(undefined, {
      onStarted: () => (started = true),
      onData: (value) => balances.push(value),
      onError: (error) => errors.push(error),
    });
    await expect.poll(() => started).toBe(true);

    expect((await http(platform.url, 'POST', '/api/auth/logout', undefined, { token: player.token })).status).toBe(204);
    expect(await revokedSocket.closed(5_000)).toBe(4401);
    await platform.platform.services.events.publish.balanceUpdate({ userId, newBalance: '5', currency: 'USD' });
    const kept = await keptSocket.next((frame) => frame.type === 'balance-update');
    expect(kept.data.newBalance).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(balances).toEqual([]);
    expect(revokedSocket.frames.filter((frame) => frame.type === 'balance-update')).toEqual([]);
    keptSocket.close();
  });

  it("a password change closes the other sessions' sockets; a revoked session id closes its socket", async () => {
    const player = await signedInAccount(platform, {}, '10.81.0.1');
    const other = await http(
      platform.url,
      'POST',
      '/api/auth/login',
      { login_name: player.account.username, password: player.account.password },
      { ip: '10.81.0.1' },
    );
    const third = await http(
      platform.url,
      'POST',
      '/api/auth/login',
      { login_name: player.account.username, password: player.account.password },
      { ip: '10.81.0.1' },
    );
    const otherSocket = await TestSocket.open(second.url, `?token=${other.body.token}`);
    await otherSocket.next((frame) => frame.type === 'authenticated');
    const thirdSocket = await TestSocket.open(second.url, `?token=${third.body.token}`);
    await thirdSocket.next((frame) => frame.type === 'authenticated');

    const sessions = await http(platform.url, 'GET', '/api/auth/sessions', undefined, { token: player.token });
    const thirdSession = (sessions.body as { id: string; current: boolean }[]).find((row) => !row.current && row.id)!;
    // Revoke one specific session (whichever is listed first that is not ours).
    await http(platform.url, 'DELETE', `/api/auth/sessions/${thirdSession.id}`, undefined, { token: player.token });
    await expect
      .poll(() => [otherSocket.closeCode, thirdSocket.closeCode].filter((code) => code === 4401).length, {
        timeout: 5_000,
      })
      .toBe(1);

    const changed = await http(
      platform.url,
      'POST',
      '/api/auth/change-password',
      { currentPassword: player.account.password, newPassword: 'Changed-pass-4321' },
      { token: player.token },
    );
    expect(changed.status).toBe(200);
    expect(await otherSocket.closed(5_000)).toBe(4401);
    expect(await thirdSocket.closed(5_000)).toBe(4401);
  });
  it('a password reset through the e-mailed link closes every socket of the account', async () => {
    const player = await signedInAccount(platform, {}, '10.83.0.1');
    const socket = await TestSocket.open(second.url, `?token=${player.token}`);
    await socket.next((frame) => frame.type === 'authenticated');
    expect(
      (
        await http(
          platform.url,
          'POST',
          '/api/auth/forgot-password',
          { email: player.account.email },
          { ip: '10.83.0.1' },
        )
      ).status,
    ).toBe(200);
    const token = await latestMailToken(platform.platform.infra.db, player.account.email, '/reset-password');
    const reset = await http(
      platform.url,
      'POST',
      '/api/auth/reset-password',
      { token, password: 'Reset-pass-98765' },
      { ip: '10.83.0.1' },
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await socket.closed(5_000)).toBe(4401);
  });
});

describe('point 2: an expired session loses its socket', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_HASHING, ...RELAXED_LIMITS, SESSION_TTL_MS: '2500' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('closes the socket with 4401 when the session expires', async () => {
    const player = await signedInAccount(platform, {}, '10.82.0.1');
    const socket = await TestSocket.open(platform.url, `?token=${player.token}`);
    await socket.next((frame) => frame.type === 'authenticated');
    expect(await socket.closed(6_000)).toBe(4401);
  });
});
