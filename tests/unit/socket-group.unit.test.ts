import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { SocketGroup, type ClientKind } from '../../load-tests/bench/socket-group.js';

const broadcast = (seq: number) =>
  JSON.stringify({ type: 'token-price-update', channel: 'token-price', seq, ts: Date.now(), data: { price: '0.025' } });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A ws server that answers /api/ws's subscribe message with "subscribed" (or with `refuse`'s error frame). */
async function server(refuse = false) {
  const httpServer = http.createServer();
  const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });
  const sockets: WebSocket[] = [];
  wss.on('connection', (ws) => {
    sockets.push(ws);
    ws.on('message', (data) => {
      const { type, channels } = JSON.parse(String(data)) as { type: string; channels: string[] };
      if (type !== 'subscribe') return;
      ws.send(
        refuse
          ? JSON.stringify({ type: 'error', channel: channels[0], seq: 0, ts: Date.now(), data: { message: 'no' } })
          : JSON.stringify({ type: 'subscribed', channel: channels[0], seq: 0, ts: Date.now(), data: {} }),
      );
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    wss.close();
    for (const socket of sockets) socket.terminate();
    await new Promise((resolve) => httpServer.close(resolve));
  });
  return { url: `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/api/ws`, sockets };
}

async function group(client: ClientKind, subscribe = true) {
  const { url, sockets } = await server();
  const opened = await SocketGroup.open(url, 3, { channel: 'token-price', subscribe, client });
  cleanups.push(async () => opened.close());
  await expect.poll(() => sockets.length).toBe(3);
  return { group: opened, sockets };
}

describe.each(['raw', 'ws'] as const)('SocketGroup (%s clients)', (client) => {
  it('resolves once every socket has every broadcast, stamping each arrival', async () => {
    const { group: g, sockets } = await group(client);
    const delivered = g.expect(2);
    for (const seq of [1, 2]) for (const socket of sockets) socket.send(broadcast(seq));
    await delivered;
    expect(g.size).toBe(3);
    expect(g.arrivals).toHaveLength(6);
    expect(g.lastAt).toBe(Math.max(...g.arrivals));
  });

  it('fails the round when one socket misses a broadcast, however many frames the others got', async () => {
    const { group: g, sockets } = await group(client, false);
    const delivered = g.expect(1, 500);
    sockets[0]!.send(broadcast(1));
    sockets[0]!.send(broadcast(2));
    sockets[1]!.send(broadcast(1));
    await expect(delivered).rejects.toThrow('only 2/3 sockets received all 1 broadcasts (3 frames)');
  });

  it('fails on a duplicate, also one arriving after its round', async () => {
    const { group: g, sockets } = await group(client, false);
    const delivered = g.expect(1);
    for (const socket of sockets) socket.send(broadcast(1));
    await delivered;
    sockets[2]!.send(broadcast(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(() => g.expect(1)).toThrow(/1 frames arrived beyond/);
  });

  it('fails on a frame that is not the broadcast', async () => {
    const { group: g, sockets } = await group(client, false);
    const delivered = g.expect(1);
    for (const socket of sockets) socket.send(JSON.stringify({ type: 'error', channel: null, seq: 0, data: {} }));
    await expect(delivered).rejects.toThrow(/not the broadcast: \{"type":"error"/);
  });

  it('fails the next round once a socket has closed', async () => {
    const { group: g, sockets } = await group(client, false);
    sockets[1]!.terminate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(() => g.expect(1)).toThrow(/a socket closed during the bench: 1006/);
  });

  it('refuses to open when the server answers the subscribe with an error', async () => {
    const { url } = await server(true);
    await expect(SocketGroup.open(url, 2, { channel: 'token-price', subscribe: true, client })).rejects.toThrow(
      /subscribe refused/,
    );
  });
});
