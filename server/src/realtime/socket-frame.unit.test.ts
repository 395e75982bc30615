import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { prebuildTextFrame, sendPrebuilt } from './socket-frame.js';

/** A connected pair over loopback: the server side's WebSocket and what the client receives. */
async function pair() {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate: false,
  });
  const received: string[] = [];
  client.on('message', (data) => received.push(String(data)));
  await new Promise((resolve) => client.once('open', resolve));
  const socket = await accepted;
  cleanups.push(async () => {
    client.terminate();
    wss.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return { socket, raw: (socket as unknown as { _socket: Socket })._socket, received };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('sendPrebuilt', () => {
  it('writes the first frame of a tick at once, uncorked', async () => {
    const { socket, raw, received } = await pair();
    sendPrebuilt(socket, prebuildTextFrame('{"n":1}'));
    expect(raw.writableCorked).toBe(0);
    await expect.poll(() => received).toEqual(['{"n":1}']);
  });

  it('corks a socket from its second frame in a tick until the next tick, and keeps the order', async () => {
    const { socket, raw, received } = await pair();
    for (let n = 1; n <= 4; n++) sendPrebuilt(socket, prebuildTextFrame(`{"n":${n}}`));
    expect(raw.writableCorked).toBe(1);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(raw.writableCorked).toBe(0);
    await expect.poll(() => received).toEqual(['{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}']);
    // A later tick starts over: its first frame goes out uncorked again.
    sendPrebuilt(socket, prebuildTextFrame('{"n":5}'));
    expect(raw.writableCorked).toBe(0);
    await expect.poll(() => received.length).toBe(5);
  });
});
