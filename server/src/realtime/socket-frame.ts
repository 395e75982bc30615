import * as wsModule from 'ws';
import { WebSocket } from 'ws';
import type { Socket } from 'node:net';
import { z } from 'zod';

/** What a client may send on /api/ws (API.md); anything else is answered with an error frame. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('auth'), token: z.string().min(1).max(512) })
    .meta({ description: 'Sign the socket in (or pass ?token= on connect)' }),
  z.object({ type: z.literal('subscribe'), channels: z.array(z.string().max(100)).min(1).max(50) }),
  z.object({ type: z.literal('unsubscribe'), channels: z.array(z.string().max(100)).min(1).max(50) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** The `data` of each control frame: the socket's answers to client messages, outside any channel's sequence (seq 0). */
export const controlFrameData = {
  subscribed: z
    .object({})
    .meta({ description: "Joined; this frame's seq is the channel's current seq (the baseline)" }),
  unsubscribed: z.object({}),
  pong: z.object({}),
  authenticated: z.object({ userId: z.string() }),
  error: z.object({ message: z.string(), code: z.string().optional() }),
} as const;
export type ControlFrameType = keyof typeof controlFrameData;
export type ControlFrameData<T extends ControlFrameType> = z.infer<(typeof controlFrameData)[T]>;

/** A legacy socket frame (API.md): every server-to-client message has this shape. */
export interface SocketFrame {
  type: string;
  channel: string | null;
  seq: number;
  ts: number;
  data: unknown;
}

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

// @types/ws does not declare Sender, but ws exports it (ws/lib/sender.js, ws/wrapper.mjs).
const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

const OPCODE_TEXT = 0x1;

export function encodeFrame(frame: SocketFrame): string {
  return JSON.stringify(frame);
}

/**
 * One complete, unmasked WebSocket text frame (header + payload) for a payload: built once per
 * broadcast and written as-is to every socket, so neither JSON serialization, UTF-8 encoding nor
 * framing is repeated per socket.
 */
export interface PrebuiltFrame {
  payload: Buffer;
  wire: Buffer;
}

export function prebuildTextFrame(text: string): PrebuiltFrame {
  const payload = Buffer.from(text, 'utf8');
  const parts = Sender.frame(payload, { fin: true, opcode: OPCODE_TEXT, mask: false, readOnly: true, rsv1: false });
  return { payload, wire: parts.length === 1 ? parts[0]! : Buffer.concat(parts) };
}

interface WsInternals {
  _socket?: Socket;
  _sender?: { _state?: number };
  _extensions?: Record<string, unknown>;
}

/**
 * Writes a prebuilt frame straight to the socket when ws would do exactly that itself (open socket,
 * sender idle, no permessage-deflate); otherwise falls back to ws's own send with the same payload
 * bytes. The fallback keeps ordering correct whenever ws has something queued.
 */
export function sendPrebuilt(socket: WebSocket, frame: PrebuiltFrame): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  const internals = socket as unknown as WsInternals;
  const raw = internals._socket;
  if (raw && internals._sender?._state === 0 && !internals._extensions?.['permessage-deflate'] && raw.writable) {
    corkIfSecondWrite(raw as StampedSocket);
    raw.write(frame.wire);
    return;
  }
  socket.send(frame.payload, { binary: false });
}

/**
 * Frames written to one socket within one tick (a burst of events that arrived from Redis in one
 * read) leave in one writev instead of one syscall each. The first frame of a tick is written at
 * once: corking every socket of a single broadcast held all N writes back until the loop ended and
 * cost a cork, a set entry and a writev per socket (the last socket got its frame later than with
 * plain writes). Only a socket's second frame in the same tick corks it, until the next tick.
 */
const TICK = Symbol('bzu.lastWriteTick');
type StampedSocket = Socket & { [TICK]?: number };
let tick = 0;
let tickScheduled = false;
const corked: Socket[] = [];

function corkIfSecondWrite(raw: StampedSocket): void {
  if (!tickScheduled) {
    tickScheduled = true;
    process.nextTick(endTick);
  }
  const last = raw[TICK];
  if (last === tick) return;
  if (last === -tick - 1) {
    // Second write this tick: cork now, so this and later frames of the tick go out together.
    raw[TICK] = tick;
    raw.cork();
    corked.push(raw);
    return;
  }
  raw[TICK] = -tick - 1;
}

function endTick(): void {
  tickScheduled = false;
  tick++;
  for (const raw of corked) raw.uncork();
  corked.length = 0;
}
