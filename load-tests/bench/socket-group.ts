/**
 * The receiving side of the fan-out benches (socket-fanout, crash-bust, idle-sockets, price-fanout): N client sockets
 * of one server, each optionally subscribed to a channel, counting every socket's deliveries and stamping the
 * arrival that completes a broadcast on the last socket.
 *
 * The sockets are raw-ws-client.ts clients by default: thousands of `ws` clients in the bench's one process cost
 * more per message (stream, receiver, per-read buffers) than the servers' send loops being measured, so the time
 * to the last socket measured the load generator. `--client ws` keeps the `ws` client for comparison. Both sides of
 * a bench (platform and bare) always use the same client.
 */
import { WebSocket } from 'ws';
import { RawWsClient, type RawWsHandlers } from './raw-ws-client.js';

export type ClientKind = 'raw' | 'ws';

/** `--client raw|ws` (raw by default). */
export function clientOption(args: string[]): ClientKind {
  const index = args.indexOf('--client');
  const value = index >= 0 ? args[index + 1] : 'raw';
  if (value !== 'raw' && value !== 'ws') throw new Error(`--client raw|ws, not ${value}`);
  return value;
}

/** The `type` every broadcast frame of a channel carries; both servers put it first in the JSON. */
const BROADCAST_TYPE = { 'token-price': 'token-price-update', crash: 'round-update' } as const;
export type FanoutChannel = keyof typeof BROADCAST_TYPE;

interface ReceivingSocket {
  sendText(text: string): void;
  terminate(): void;
}

const connectors: Record<ClientKind, (url: string, handlers: RawWsHandlers) => Promise<ReceivingSocket>> = {
  raw: (url, handlers) => RawWsClient.connect(url, handlers),
  ws: (url, handlers) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on('message', (data: Buffer, isBinary) => handlers.onMessage(data, data.length, isBinary ? 0x2 : 0x1));
      ws.on('close', (code, reason) => handlers.onClose?.(code, String(reason)));
      ws.once('open', () => resolve({ sendText: (text) => ws.send(text), terminate: () => ws.terminate() }));
      ws.once('error', reject);
    }),
};

const now = () => performance.timeOrigin + performance.now();
const SUBSCRIBED = Buffer.from('{"type":"subscribed"');

/** One socket's deliveries in the current round. */
interface Member {
  count: number;
  socket: ReceivingSocket | null;
}

export class SocketGroup {
  private readonly members: Member[] = [];
  /** Frames counted this round, all sockets together (for the error message). */
  received = 0;
  lastAt = 0;
  /** When each delivery of the current round arrived (epoch ms): the per-socket latencies of a broadcast. */
  arrivals: number[] = [];
  /** Broadcasts each socket must receive this round; sockets that have them all. */
  private perSocket = 0;
  private complete = 0;
  /** Frames beyond a round's count (a duplicate, or a frame between rounds): the next check fails. */
  private extra = 0;
  /** A frame that is not the expected broadcast, or a socket that closed: the next check fails. */
  private failure: string | null = null;
  private closing = false;
  private done: (() => void) | null = null;
  private readonly broadcastPrefix: Buffer;

  private constructor(channel: FanoutChannel) {
    this.broadcastPrefix = Buffer.from(`{"type":"${BROADCAST_TYPE[channel]}"`);
  }

  get size(): number {
    return this.members.length;
  }

  /** N sockets; with `subscribe`, each sends the /api/ws subscribe message and waits for its "subscribed" frame. */
  static async open(
    url: string,
    count: number,
    options: { channel: FanoutChannel; subscribe: boolean; client: ClientKind },
  ): Promise<SocketGroup> {
    const group = new SocketGroup(options.channel);
    for (let start = 0; start < count; start += 250) {
      const batch = Array.from({ length: Math.min(250, count - start) }, () => group.connect(url, options));
      await Promise.all(batch);
    }
    return group;
  }

  private async connect(
    url: string,
    options: { channel: FanoutChannel; subscribe: boolean; client: ClientKind },
  ): Promise<void> {
    const member: Member = { count: 0, socket: null };
    let subscribed!: () => void;
    let refused!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      subscribed = resolve;
      refused = reject;
    });
    let joined = !options.subscribe;
    member.socket = await connectors[options.client](url, {
      onMessage: (head) => {
        if (!joined) {
          // Only the first bytes are looked at: the "subscribed" frame, or the error the server answered with.
          if (head.compare(SUBSCRIBED, 0, SUBSCRIBED.length, 0, Math.min(head.length, SUBSCRIBED.length)) !== 0) {
            refused(new Error(`subscribe refused: ${head.toString()}`));
          }
          joined = true;
          subscribed();
          return;
        }
        if (
          head.compare(
            this.broadcastPrefix,
            0,
            this.broadcastPrefix.length,
            0,
            Math.min(head.length, this.broadcastPrefix.length),
          ) !== 0
        ) {
          this.failure ??= `a frame that is not the broadcast: ${head.toString()}`;
        }
        this.delivered(member);
      },
      onClose: (code, reason) => {
        if (!this.closing) this.failure ??= `a socket closed during the bench: ${code} ${reason}`;
      },
      onError: (error) => {
        if (!this.closing) this.failure ??= `a socket failed during the bench: ${error.message}`;
      },
    });
    this.members.push(member);
    if (options.subscribe) {
      member.socket.sendText(JSON.stringify({ type: 'subscribe', channels: [options.channel] }));
      await ready;
    }
  }

  private delivered(member: Member): void {
    const at = now();
    this.received += 1;
    this.arrivals.push(at);
    member.count += 1;
    if (member.count === this.perSocket) {
      this.complete += 1;
      if (this.complete === this.members.length) {
        this.lastAt = at;
        this.done?.();
      }
    } else if (member.count > this.perSocket) this.extra += 1;
  }

  private check(): void {
    if (this.failure) throw new Error(this.failure);
    if (this.extra > 0)
      throw new Error(`${this.extra} frames arrived beyond a broadcast's count (duplicates, or between rounds)`);
  }

  /**
   * Resolves when every socket has received `perSocket` more broadcasts; rejects after the timeout (naming how many
   * sockets missed one), or if a socket received a wrong frame, more frames than sent, or closed.
   */
  expect(perSocket: number, timeoutMs = 60_000): Promise<void> {
    this.check();
    for (const member of this.members) member.count = 0;
    this.received = 0;
    this.complete = 0;
    this.arrivals = [];
    this.perSocket = perSocket;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.done = null;
        reject(
          new Error(
            `only ${this.complete}/${this.members.length} sockets received all ${perSocket} broadcasts (${this.received} frames)`,
          ),
        );
      }, timeoutMs);
      this.done = () => {
        clearTimeout(timer);
        this.done = null;
        try {
          this.check();
          resolve();
        } catch (error) {
          reject(error as Error);
        }
      };
    });
  }

  close(): void {
    this.closing = true;
    for (const member of this.members) member.socket?.terminate();
  }
}
