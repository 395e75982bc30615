import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { FrameReader, HEAD_BYTES, RawWsClient } from '../../load-tests/bench/raw-ws-client.js';

// ws's own frame encoder (exported at runtime, not typed): the frames under test are byte for byte what a ws server writes.
const { Sender } = wsModule as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};
const wsFrame = (payload: Buffer | string, opcode = 0x1, fin = true) =>
  Buffer.concat(Sender.frame(Buffer.from(payload), { fin, opcode, mask: false, readOnly: false, rsv1: false }));

interface Received {
  head: string;
  length: number;
  opcode: number;
}

/** A message handler that keeps copies (the head a client hands out is only valid during the call). */
function recorder() {
  const messages: Received[] = [];
  const closes: { code: number; reason: string }[] = [];
  return {
    messages,
    closes,
    handlers: {
      onMessage: (head: Buffer, length: number, opcode: number) =>
        messages.push({ head: head.toString('latin1'), length, opcode }),
      onClose: (code: number, reason: string) => closes.push({ code, reason }),
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A real ws server on loopback, a raw client connected to it, and the server's side of the connection. */
async function pair() {
  const server = http.createServer();
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const received = recorder();
  const client = await RawWsClient.connect(
    `ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/ws?x=1`,
    received.handlers,
  );
  const socket = await accepted;
  cleanups.push(async () => {
    client.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { client, socket, raw: (socket as unknown as { _socket: Socket })._socket, ...received };
}

const text = (length: number, seed: string) => (seed + 'x'.repeat(length)).slice(0, length);
const expected = (payload: string, opcode = 0x1): Received => ({
  head: payload.slice(0, HEAD_BYTES),
  length: payload.length,
  opcode,
});

describe('RawWsClient against a ws server', () => {
  it('completes the handshake and reports 7-bit, 16-bit and 64-bit length frames whole, with their first bytes', async () => {
    const { socket, messages } = await pair();
    const payloads = [
      text(0, ''),
      text(125, '{"seq":1}'),
      text(126, '{"seq":2}'),
      text(65_535, '{"seq":3}'),
      text(65_536, '{"seq":4}'),
      text(200_000, '{"seq":5}'),
    ];
    for (const payload of payloads) socket.send(payload);
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await expect.poll(() => messages.length).toBe(payloads.length + 1);
    expect(messages).toEqual([...payloads.map((p) => expected(p)), { head: '\x01\x02\x03', length: 3, opcode: 0x2 }]);
  });

  it('reads several frames written in one chunk, and frames written a byte at a time', async () => {
    const { raw, messages } = await pair();
    const payloads = [text(10, 'a'), text(300, 'b'), text(70_000, 'c'), text(125, 'd')];
    raw.write(Buffer.concat(payloads.map((p) => wsFrame(p))));
    await expect.poll(() => messages.length).toBe(4);
    raw.setNoDelay(true);
    const split = Buffer.concat([wsFrame(text(5, 'e')), wsFrame(text(130, 'f')), wsFrame(text(70_000, 'g'))]);
    // Byte by byte through the header and the first payload bytes, then the rest in uneven pieces.
    for (let i = 0; i < 160; i++) {
      raw.write(split.subarray(i, i + 1));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    for (let i = 160; i < split.length; i += 7_777) {
      raw.write(split.subarray(i, Math.min(split.length, i + 7_777)));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await expect.poll(() => messages.length).toBe(7);
    expect(messages).toEqual([...payloads, text(5, 'e'), text(130, 'f'), text(70_000, 'g')].map((p) => expected(p)));
  });

  it('sends masked text frames the server decodes (7-bit, 16-bit and 64-bit lengths)', async () => {
    const { client, socket } = await pair();
    const got: string[] = [];
    socket.on('message', (data, isBinary) => got.push(`${isBinary ? 'binary' : 'text'}:${String(data)}`));
    const subscribe = JSON.stringify({ type: 'subscribe', channels: ['token-price'] });
    // ws closes the connection (1002) on any unmasked client frame, so arriving at all proves the masking.
    client.sendText(subscribe);
    client.sendText(text(200, 'é'));
    client.sendText(text(70_000, 'z'));
    await expect.poll(() => got.length).toBe(3);
    expect(got).toEqual([`text:${subscribe}`, `text:${text(200, 'é')}`, `text:${text(70_000, 'z')}`]);
  });

  it('answers a server close with the same code and reports it', async () => {
    const { socket, closes } = await pair();
    const serverSaw = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.close(4000, 'bye');
    // ws reports the code of the close frame it got back; without the echo it would wait 30 s and report 1006.
    expect(await serverSaw).toBe(4000);
    expect(closes).toEqual([{ code: 4000, reason: 'bye' }]);
  });

  it('closes from its side and reports a dropped connection as 1006', async () => {
    const first = await pair();
    const serverSaw = new Promise<number>((resolve) => first.socket.once('close', resolve));
    first.client.close(4001, 'done');
    expect(await serverSaw).toBe(4001);
    // ws echoes the code and the reason.
    await expect.poll(() => first.closes).toEqual([{ code: 4001, reason: 'done' }]);
    const second = await pair();
    second.socket.terminate();
    await expect.poll(() => second.closes).toEqual([{ code: 1006, reason: '' }]);
  });

  it('answers a ping with a pong carrying the same bytes', async () => {
    const { socket } = await pair();
    const pong = new Promise<string>((resolve) => socket.once('pong', (data) => resolve(String(data))));
    socket.ping('are you there');
    expect(await pong).toBe('are you there');
  });
});

describe('RawWsClient handshake checks', () => {
  /** A server that answers the upgrade with the given bytes (computed from the client's key). */
  async function rawServer(answer: (key: string) => Buffer) {
    const server = http.createServer();
    const upgraded: Duplex[] = [];
    server.on('upgrade', (request, socket) => {
      upgraded.push(socket);
      socket.write(answer(String(request.headers['sec-websocket-key'])));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of upgraded) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    });
    return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }
  const accept = (key: string) =>
    createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  const switching = (acceptValue: string) =>
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${acceptValue}\r\n\r\n`;

  it('rejects a wrong Sec-WebSocket-Accept', async () => {
    const url = await rawServer(() => Buffer.from(switching('bm90IHRoZSByaWdodCBvbmU=')));
    await expect(RawWsClient.connect(url, recorder().handlers)).rejects.toThrow(/Sec-WebSocket-Accept/);
  });

  it('rejects an answer other than 101', async () => {
    const url = await rawServer(() => Buffer.from('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n'));
    await expect(RawWsClient.connect(url, recorder().handlers)).rejects.toThrow(/403/);
  });

  it('reads frames that arrive in the same chunk as the 101', async () => {
    const url = await rawServer((key) =>
      Buffer.concat([Buffer.from(switching(accept(key))), wsFrame('{"type":"subscribed"}'), wsFrame(text(300, 'q'))]),
    );
    const received = recorder();
    const client = await RawWsClient.connect(url, received.handlers);
    cleanups.push(async () => client.terminate());
    await expect.poll(() => received.messages.length).toBe(2);
    expect(received.messages).toEqual([expected('{"type":"subscribed"}'), expected(text(300, 'q'))]);
  });
});

describe('FrameReader', () => {
  /** A stream of ws-encoded frames: every length form, a ping, a fragmented message with a pong between its fragments. */
  const stream = Buffer.concat([
    wsFrame(''),
    wsFrame(text(1, 'a')),
    wsFrame(text(125, 'b')),
    wsFrame(text(126, 'c')),
    wsFrame('ping!', 0x9),
    wsFrame(text(100, 'd'), 0x1, false),
    wsFrame('', 0xa),
    wsFrame(text(60, 'e'), 0x0, false),
    wsFrame(text(300, 'f'), 0x0, true),
    wsFrame(text(65_536, 'g')),
    wsFrame(Buffer.from([0x03, 0xe8]), 0x8),
  ]);
  const wanted = [
    expected(''),
    expected(text(1, 'a')),
    expected(text(125, 'b')),
    expected(text(126, 'c')),
    { head: (text(100, 'd') + text(60, 'e')).slice(0, HEAD_BYTES), length: 460, opcode: 0x1 },
    expected(text(65_536, 'g')),
  ];
  const wantedControl = [
    { opcode: 0x9, payload: 'ping!' },
    { opcode: 0xa, payload: '' },
    { opcode: 0x8, payload: '\x03\xe8' },
  ];

  function read(chunks: Buffer[]) {
    const { messages, handlers } = recorder();
    const controls: { opcode: number; payload: string }[] = [];
    const reader = new FrameReader(handlers, (opcode, payload) =>
      controls.push({ opcode, payload: payload.toString('latin1') }),
    );
    for (const chunk of chunks) reader.push(chunk);
    return { messages, controls };
  }

  it('reads the stream in one chunk', () => {
    expect(read([stream])).toEqual({ messages: wanted, controls: wantedControl });
  });

  it('reads it split in two at every byte of the small frames, and byte by byte', () => {
    const bigStart = stream.length - (10 + 65_536) - 4;
    for (let at = 0; at <= bigStart + 20; at++) {
      expect(read([stream.subarray(0, at), stream.subarray(at)]), `split at ${at}`).toEqual({
        messages: wanted,
        controls: wantedControl,
      });
    }
    const bytes = Array.from({ length: stream.length }, (_, i) => stream.subarray(i, i + 1));
    expect(read(bytes)).toEqual({ messages: wanted, controls: wantedControl });
  });

  it('refuses masked server frames and unnegotiated reserved bits', () => {
    const masked = Buffer.concat(
      Sender.frame(Buffer.from('hi'), { fin: true, opcode: 1, mask: true, readOnly: false, rsv1: false }),
    );
    expect(() => read([masked])).toThrow(/masked/);
    const rsv = wsFrame('hi');
    rsv[0] = rsv[0]! | 0x40;
    expect(() => read([rsv])).toThrow(/reserved/);
  });
});
