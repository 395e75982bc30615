import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { DomainError } from '../domain/errors.js';
import { isKnownChannel, legacyShape, mayJoinChannel } from '../domain/events/platform-events.js';
import type { BusEvent } from '../infra/event-bus.js';
import type { LiveFeedService } from './live-feed.service.js';
import {
  clientMessageSchema,
  encodeFrame,
  prebuildTextFrame,
  sendPrebuilt,
  type ClientMessage,
  type ControlFrameData,
  type ControlFrameType,
  type SocketFrame,
} from './socket-frame.js';

export interface LegacySocketOptions {
  /** Sockets that answer no ping within this interval are dropped. */
  heartbeatMs?: number;
  /** More client messages than this within floodWindowMs closes the socket with 1008. */
  floodMaxMessages?: number;
  floodWindowMs?: number;
  /** A socket with more than this many bytes waiting to be sent is too slow and is dropped. */
  maxBufferedBytes?: number;
  /** Channels one socket may hold at once. */
  maxChannels?: number;
}

interface Connection {
  socket: WebSocket;
  userId: string | null;
  channels: Set<string>;
  alive: boolean;
  windowStart: number;
  windowCount: number;
  /** Stops watching the authenticated session (revocation/expiry closes the socket with 4401). */
  unwatch: (() => void) | null;
  /** Messages are handled one after another, so an auth or subscribe finishes before the next. */
  queue: Promise<void>;
}

export interface LegacySocketStats {
  sockets: number;
  channels: number;
  memberships: number;
}

/**
 * The /api/ws endpoint (API.md "Realtime socket"). Sockets join channels; events from the hub are
 * serialized, shaped for legacy clients and framed once per event, then the same bytes are written
 * to every socket of the channel.
 */
export class LegacySocketServer {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, perMessageDeflate: false });
  private readonly connections = new Map<WebSocket, Connection>();
  private readonly members = new Map<string, Set<Connection>>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly detach: () => void;
  private readonly options: Required<LegacySocketOptions>;

  constructor(
    private readonly live: LiveFeedService,
    options: LegacySocketOptions = {},
  ) {
    this.options = {
      heartbeatMs: options.heartbeatMs ?? 30_000,
      floodMaxMessages: options.floodMaxMessages ?? 60,
      floodWindowMs: options.floodWindowMs ?? 10_000,
      maxBufferedBytes: options.maxBufferedBytes ?? 4 * 1024 * 1024,
      maxChannels: options.maxChannels ?? 50,
    };
    this.wss.on('connection', (socket, request) => this.accept(socket, request));
    this.detach = live.hub.onAny((event) => this.broadcast(event));
    this.heartbeat = setInterval(() => this.sweep(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  stats(): LegacySocketStats {
    let memberships = 0;
    for (const set of this.members.values()) memberships += set.size;
    return { sockets: this.connections.size, channels: this.members.size, memberships };
  }

  /** Delivers one bus event to every socket on its channel: one JSON string, one frame, N writes. */
  broadcast(event: BusEvent): void {
    const audience = this.members.get(event.channel);
    if (!audience || audience.size === 0) return;
    const frame = prebuildTextFrame(
      encodeFrame({
        type: event.type,
        channel: event.channel,
        seq: event.seq,
        ts: event.ts,
        data: legacyShape(event.type, event.data),
      }),
    );
    const limit = this.options.maxBufferedBytes;
    for (const connection of audience) {
      if (connection.socket.bufferedAmount > limit) {
        connection.socket.terminate();
        continue;
      }
      sendPrebuilt(connection.socket, frame);
    }
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const connection: Connection = {
      socket,
      userId: null,
      channels: new Set(),
      alive: true,
      windowStart: Date.now(),
      windowCount: 0,
      unwatch: null,
      queue: Promise.resolve(),
    };
    this.connections.set(socket, connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => this.forget(connection));
    socket.on('error', () => socket.terminate());

    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
    if (token) this.enqueue(connection, () => this.authenticate(connection, token));
    socket.on('message', (raw, isBinary) => {
      connection.alive = true;
      if (this.flooding(connection)) {
        socket.close(1008, 'Too many messages');
        return;
      }
      this.enqueue(connection, () => this.handle(connection, raw, isBinary));
    });
  }

  private enqueue(connection: Connection, task: () => Promise<void> | void): void {
    connection.queue = connection.queue.then(task).catch(() => {
      this.reply(connection, 'error', null, { message: 'Internal error' });
    });
  }

  private flooding(connection: Connection): boolean {
    const now = Date.now();
    if (now - connection.windowStart >= this.options.floodWindowMs) {
      connection.windowStart = now;
      connection.windowCount = 0;
    }
    connection.windowCount += 1;
    return connection.windowCount > this.options.floodMaxMessages;
  }

  private async handle(connection: Connection, raw: RawData, isBinary: boolean): Promise<void> {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    let parsedJson: unknown;
    try {
      parsedJson = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString());
    } catch {
      this.reply(connection, 'error', null, { message: 'Malformed JSON' });
      return;
    }
    const parsed = clientMessageSchema.safeParse(parsedJson);
    if (!parsed.success) {
      const type = (parsedJson as { type?: unknown } | null)?.type;
      const known = ['auth', 'subscribe', 'unsubscribe', 'ping'].includes(String(type));
      this.reply(connection, 'error', null, {
        message: known ? `Invalid ${String(type)} message` : `Unknown message type: ${String(type)}`,
      });
      return;
    }
    await this.dispatch(connection, parsed.data);
  }

  private async dispatch(connection: Connection, message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        this.reply(connection, 'pong', null, {});
        return;
      case 'auth':
        await this.authenticate(connection, message.token);
        return;
      case 'subscribe':
        for (const channel of new Set(message.channels)) await this.join(connection, channel);
        return;
      case 'unsubscribe':
        for (const channel of new Set(message.channels)) {
          this.leave(connection, channel);
          this.reply(connection, 'unsubscribed', channel, {});
        }
        return;
    }
  }

  private async authenticate(connection: Connection, token: string): Promise<void> {
    const user = await this.live.viewer(token);
    if (!user) {
      this.reply(connection, 'error', null, { message: 'Invalid or expired session', code: 'UNAUTHORIZED' });
      return;
    }
    if (connection.userId !== null && connection.userId !== user.id) {
      // A socket changing hands keeps no private channel of the previous user.
      for (const channel of [...connection.channels])
        if (!mayJoinChannel(channel, user.id)) this.leave(connection, channel);
    }
    connection.userId = user.id;
    // Revoked on any process, or expired: the socket closes with 4401 (docs/api.md).
    connection.unwatch?.();
    connection.unwatch = this.live.watchSession(user, (reason) => {
      if (connection.socket.readyState === connection.socket.OPEN) {
        connection.socket.close(4401, reason === 'expired' ? 'Session expired' : 'Session revoked');
      }
      for (const channel of [...connection.channels])
        if (!mayJoinChannel(channel, null)) this.leave(connection, channel);
      connection.userId = null;
    });
    this.reply(connection, 'authenticated', null, { userId: user.id });
  }

  private async join(connection: Connection, channel: string): Promise<void> {
    if (!isKnownChannel(channel)) {
      this.reply(connection, 'error', channel, { message: `Unknown channel: ${channel}`, code: 'UNKNOWN_CHANNEL' });
      return;
    }
    if (!mayJoinChannel(channel, connection.userId)) {
      this.reply(connection, 'error', channel, {
        message: `Not allowed to subscribe to ${channel}`,
        code: 'FORBIDDEN',
      });
      return;
    }
    if (!connection.channels.has(channel) && connection.channels.size >= this.options.maxChannels) {
      this.reply(connection, 'error', channel, { message: 'Too many channels', code: 'TOO_MANY_CHANNELS' });
      return;
    }
    // The seq read before joining is the baseline: the next event on the channel carries seq + 1,
    // so a client sees a gap (and refetches) if anything slipped between the two.
    let seq: number;
    try {
      seq = await this.live.currentSeq(channel);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'UNAVAILABLE') throw error;
      this.reply(connection, 'error', channel, { message: error.message, code: error.code });
      return;
    }
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.channels.add(channel);
    let set = this.members.get(channel);
    if (!set) {
      set = new Set();
      this.members.set(channel, set);
    }
    set.add(connection);
    this.send(connection, { type: 'subscribed', channel, seq, ts: Date.now(), data: {} });
  }

  private leave(connection: Connection, channel: string): void {
    connection.channels.delete(channel);
    const set = this.members.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.members.delete(channel);
  }

  private forget(connection: Connection): void {
    connection.unwatch?.();
    connection.unwatch = null;
    for (const channel of [...connection.channels]) this.leave(connection, channel);
    this.connections.delete(connection.socket);
  }

  /** Control frames (subscribed, error, pong, ...) are not part of a channel's event sequence: seq 0. */
  private reply<T extends ControlFrameType>(
    connection: Connection,
    type: T,
    channel: string | null,
    data: ControlFrameData<T>,
  ): void {
    this.send(connection, { type, channel, seq: 0, ts: Date.now(), data });
  }

  private send(connection: Connection, frame: SocketFrame): void {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(encodeFrame(frame));
  }

  private sweep(): void {
    for (const connection of this.connections.values()) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.forget(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.detach();
    for (const connection of this.connections.values()) connection.socket.close(1001, 'Server shutting down');
    this.wss.close();
  }
}
