import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResolver } from '../../server/src/realtime/session-resolver.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { TestSocket, type Frame } from '../support/socket-client.js';
import { startTestPlatform, type TestPlatform } from '../support/platform.js';

/** Stands in for the auth service's session lookup (the port the realtime layer depends on). */
const sessions: SessionResolver = async (token) =>
  ({ 'tok-101': { id: 101 }, 'tok-202': { id: '202' } })[token] ?? null;

describe('/api/ws', () => {
  let platform: TestPlatform;
  const sockets: TestSocket[] = [];
  const open = async (query = '', options = {}) => {
    const socket = await TestSocket.open(platform.url, query, options);
    sockets.push(socket);
    return socket;
  };
  /** One reply per channel (subscribed or error), in the order asked. */
  const subscribe = async <C extends string[]>(
    socket: TestSocket,
    ...channels: C
  ): Promise<{ [K in keyof C]: Frame }> => {
    socket.send({ type: 'subscribe', channels });
    const replies = await Promise.all(
      channels.map((channel) =>
        socket.next((f) => f.channel === channel && (f.type === 'subscribed' || f.type === 'error')),
      ),
    );
    return replies as { [K in keyof C]: Frame };
  };

  beforeAll(async () => {
    platform = await startTestPlatform(
      { WS_HEARTBEAT_MS: '300', WS_FLOOD_MAX_MESSAGES: '30', WS_FLOOD_WINDOW_MS: '2000' },
      { resolveSession: sessions },
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await platform?.stop();
  });

  it('lets a guest join public channels only; a refused channel gets an error frame and the socket stays open', async () => {
    const guest = await open();
    const [price, user, games, unknown] = await subscribe(
      guest,
      'token-price',
      'user:101',
      'game-results:101',
      'casino-secrets',
    );
    expect(price).toMatchObject({ type: 'subscribed', channel: 'token-price' });
    expect(user).toMatchObject({ type: 'error', channel: 'user:101', data: { code: 'FORBIDDEN' } });
    expect(games).toMatchObject({ type: 'error', channel: 'game-results:101' });
    expect(unknown).toMatchObject({ type: 'error', channel: 'casino-secrets', data: { code: 'UNKNOWN_CHANNEL' } });
    guest.send({ type: 'ping' });
    expect(await guest.next((f) => f.type === 'pong')).toMatchObject({ channel: null, seq: 0 });
  });

  it('authorizes user:{id} and game-results:{id} for that user only, by ?token= or a first auth message', async () => {
    const byQuery = await open('?token=tok-101');
    const [own, ownGames, other] = await subscribe(byQuery, 'user:101', 'game-results:101', 'user:202');
    expect(own.type).toBe('subscribed');
    expect(ownGames.type).toBe('subscribed');
    expect(other).toMatchObject({ type: 'error', channel: 'user:202' });

    const byMessage = await open();
    byMessage.send({ type: 'auth', token: 'tok-202' });
    const [mine] = await subscribe(byMessage, 'user:202');
    expect(mine.type).toBe('subscribed');

    const badToken = await open('?token=forged');
    expect(await badToken.next((f) => f.type === 'error')).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    const [refused] = await subscribe(badToken, 'user:101');
    expect(refused.type).toBe('error');

    // Events reach the owner, and nobody else.
    await platform.platform.services.events.publish.balanceUpdate({
      userId: '202',
      newBalance: '7.25000000',
      currency: 'USD',
    });
    expect(await byMessage.next((f) => f.type === 'balance-update')).toMatchObject({
      channel: 'user:202',
      data: { userId: '202', newBalance: 7.25, currency: 'USD' },
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(byQuery.frames.filter((f) => f.type === 'balance-update')).toEqual([]);
  });

  it("numbers each channel's events with a gap-free seq, independent per channel", async () => {
    const socket = await open('?token=tok-101');
    const [user, price] = await subscribe(socket, 'user:101', 'token-price');
    const events = platform.platform.services.events.publish;
    for (let i = 1; i <= 5; i++)
      await events.balanceUpdate({ userId: '101', newBalance: `${i}.00000000`, currency: 'USD' });
    await events.tokenPriceUpdate({ price: '0.02500000' });
    await events.gameResult({ id: 'r1', userId: '101', gameId: 'dice', outcome: { win: true } });

    const balances = [];
    for (let i = 0; i < 5; i++) balances.push(await socket.next((f) => f.type === 'balance-update'));
    expect(balances.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5].map((n) => user.seq + n));
    expect(balances.map((f) => f.data.newBalance)).toEqual([1, 2, 3, 4, 5]);
    const priceFrame = await socket.next((f) => f.type === 'token-price-update');
    expect(priceFrame).toMatchObject({ channel: 'token-price', seq: price.seq + 1, data: { price: 0.025 } });
    expect(typeof priceFrame.ts).toBe('number');
    // Not subscribed to game-results:101: nothing arrives for it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.frames.some((f) => f.type === 'game-result')).toBe(false);

    // After unsubscribing, a new subscription's baseline shows how many events were missed.
    socket.send({ type: 'unsubscribe', channels: ['user:101'] });
    await socket.next((f) => f.type === 'unsubscribed');
    await events.balanceUpdate({ userId: '101', newBalance: '9.00000000', currency: 'USD' });
    const [again] = await subscribe(socket, 'user:101');
    expect(again.seq).toBe(user.seq + 6);
  });

  it('answers bad frames with error frames and keeps the socket open', async () => {
    const socket = await open();
    socket.send('{not json');
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ data: { message: 'Malformed JSON' } });
    socket.send({ type: 'dance' });
    expect((await socket.next((f) => f.type === 'error')).data.message).toContain('Unknown message type');
    socket.send({ type: 'subscribe', channels: 'token-price' });
    expect((await socket.next((f) => f.type === 'error')).data.message).toBe('Invalid subscribe message');
    socket.send('null');
    await socket.next((f) => f.type === 'error');
    socket.send({ type: 'ping' });
    await socket.next((f) => f.type === 'pong');
    expect(socket.closeCode).toBeNull();
  });

  it('closes a flooding client with 1008', async () => {
    const socket = await open();
    for (let i = 0; i < 40; i++) socket.send({ type: 'ping' });
    expect(await socket.closed()).toBe(1008);
  });

  it('drops sockets that stop answering pings and forgets their channels', async () => {
    const server = platform.platform.server.legacySockets;
    const before = server.stats();
    const dead = await open('', { autoPong: false });
    await subscribe(dead, 'token-price', 'chat');
    expect(server.stats().sockets).toBe(before.sockets + 1);
    expect(server.stats().memberships).toBe(before.memberships + 2);
    // Heartbeat 300 ms: one sweep pings, the next finds no pong and terminates.
    expect(await dead.closed(3_000)).toBe(1006);
    await expect.poll(() => server.stats().sockets, { timeout: 2_000 }).toBe(before.sockets);
    expect(server.stats().memberships).toBe(before.memberships);
  });

  describe('with a second server process sharing Redis', () => {
    let second: ServerProcess;

    beforeAll(async () => {
      second = await startServerProcess(platform.env);
    }, 60_000);
    afterAll(async () => {
      await second?.stop();
    });

    it('delivers an event published through one process to sockets on the other', async () => {
      const remote = await TestSocket.open(second.url);
      sockets.push(remote);
      const local = await open();
      const [remoteSub] = await subscribe(remote, 'token-price', 'system-announcements');
      const [localSub] = await subscribe(local, 'token-price');
      expect(remoteSub.seq).toBe(localSub.seq);

      await platform.platform.services.events.publish.tokenPriceUpdate({ price: '0.03000000', source: 'pool' });
      await platform.platform.services.events.publish.systemAnnouncement({
        id: 'a1',
        type: 'info',
        message: 'Maintenance at noon',
      });
      const [remoteFrame, localFrame] = await Promise.all([
        remote.next((f) => f.type === 'token-price-update'),
        local.next((f) => f.type === 'token-price-update'),
      ]);
      expect(remoteFrame).toEqual(localFrame);
      expect(remoteFrame).toMatchObject({
        channel: 'token-price',
        seq: remoteSub.seq + 1,
        data: { price: 0.03, source: 'pool' },
      });
      expect(await remote.next((f) => f.type === 'system-announcement')).toMatchObject({
        channel: 'system-announcements',
        data: { message: 'Maintenance at noon' },
      });
    });
  });
});
