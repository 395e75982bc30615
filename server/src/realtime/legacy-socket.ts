import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

export interface LegacySocketOptions {
  /** Sockets that answer no ping within this interval are dropped. */
  heartbeatMs?: number;
}

interface Frame {
  type: string;
  channel: string | null;
  seq: number;
  ts: number;
  data: unknown;
}

/**
 * The /api/ws endpoint for legacy clients. It answers pings and keeps sockets alive; the channel
 * protocol (subscribe, unsubscribe, events) plugs in here.
 */
export class LegacySocketServer {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(options: LegacySocketOptions = {}) {
    this.wss.on('connection', (socket, request) => this.accept(socket, request));
    this.heartbeat = setInterval(() => this.sweep(), options.heartbeatMs ?? 30_000);
    this.heartbeat.unref();
  }

  private accept(socket: WebSocket, _request: IncomingMessage): void {
    this.alive.set(socket, true);
    socket.on('pong', () => this.alive.set(socket, true));
    socket.on('message', (raw) => {
      let message: { type?: unknown };
      try {
        message = JSON.parse(raw.toString());
      } catch {
        this.send(socket, 'error', { message: 'Malformed JSON' });
        return;
      }
      if (message?.type === 'ping') this.send(socket, 'pong', {});
      else this.send(socket, 'error', { message: `Unknown message type: ${String(message?.type)}` });
    });
  }

  private send(socket: WebSocket, type: string, data: unknown): void {
    const frame: Frame = { type, channel: null, seq: 0, ts: Date.now(), data };
    socket.send(JSON.stringify(frame));
  }

  private sweep(): void {
    for (const socket of this.wss.clients) {
      if (this.alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      this.alive.set(socket, false);
      socket.ping();
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const socket of this.wss.clients) socket.close(1001, 'Server shutting down');
    this.wss.close();
  }
}
