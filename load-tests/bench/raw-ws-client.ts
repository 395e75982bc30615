/**
 * A minimal WebSocket client for the fan-out benches' receiving side: thousands of these in one process must cost
 * less than the servers they measure, so a client does only what a bench needs of RFC 6455:
 * - the HTTP Upgrade handshake over a raw `net` socket (Sec-WebSocket-Key sent, Sec-WebSocket-Accept checked; no
 *   extensions offered, so none may come back);
 * - server frames (unmasked) are read just far enough to know where each one ends: a message is reported once its
 *   last byte has arrived, with its length and its first HEAD_BYTES payload bytes (no UTF-8 decoding, no JSON, no
 *   copy of the payload beyond those bytes);
 * - close (echoed, then the socket ends), ping (answered with a pong), and masked client text frames (subscribe).
 *
 * All sockets read into one shared buffer (`net`'s `onread`), so a read allocates nothing and skips the stream
 * machinery ('data' events); the head a handler receives is only valid during the call.
 */
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';

/** At least 125: a control frame's whole payload fits in the head. */
export const HEAD_BYTES = 128;
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_CONTINUATION = 0x0;
const OP_TEXT = 0x1;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

export interface MessageSink {
  /** A whole text or binary message arrived: its opcode (of the first fragment), payload length and first bytes. */
  onMessage(head: Buffer, length: number, opcode: number): void;
}

/**
 * The incremental frame parser: feed it the socket's bytes in whatever chunks TCP delivers. Server frames only
 * (a masked frame is a protocol error). Control frames go to `onControl` with their whole payload.
 */
export class FrameReader {
  /** Header bytes carried over from the previous chunk (2-10: unmasked server frames). */
  private readonly header = Buffer.alloc(10);
  private headerFill = 0;
  /** Payload bytes still to come of the current frame; -1 while reading a header. */
  private payloadLeft = -1;
  /** Payload bytes of the current frame consumed from earlier chunks. */
  private payloadSeen = 0;
  private opcode = 0;
  private fin = false;
  /** Inside a fragmented message (a data frame without FIN has ended). */
  private fragmented = false;
  private messageOpcode = 0;
  private messageLength = 0;
  /** The current message's first bytes, copied only when the message is not one frame in one chunk. */
  private readonly headCopy = Buffer.alloc(HEAD_BYTES);
  private headFill = 0;
  /** A control frame's payload (at most 125 bytes) split across chunks; control frames may come between fragments. */
  private readonly controlCopy = Buffer.alloc(125);
  private controlFill = 0;

  constructor(
    private readonly sink: MessageSink,
    private readonly onControl: (opcode: number, payload: Buffer) => void,
  ) {}

  push(chunk: Buffer, start = 0, end = chunk.length): void {
    let i = start;
    while (i < end) {
      if (this.payloadLeft < 0) {
        i = this.readHeader(chunk, i, end);
        if (this.payloadLeft < 0) return; // the header continues in the next chunk
      }
      const take = Math.min(this.payloadLeft, end - i);
      const control = this.opcode >= 0x8;
      if (take === this.payloadLeft && this.payloadSeen === 0 && (control || (this.fin && !this.fragmented))) {
        // The common case: a whole message (or control frame) in this chunk; hand out a view, copy nothing.
        this.payloadLeft = -1;
        if (control) this.onControl(this.opcode, chunk.subarray(i, i + take));
        else this.sink.onMessage(chunk.subarray(i, i + Math.min(take, HEAD_BYTES)), take, this.messageOpcode);
        i += take;
        continue;
      }
      if (control) {
        chunk.copy(this.controlCopy, this.controlFill, i, i + take);
        this.controlFill += take;
      } else if (this.headFill < HEAD_BYTES) {
        const copy = Math.min(HEAD_BYTES - this.headFill, take);
        chunk.copy(this.headCopy, this.headFill, i, i + copy);
        this.headFill += copy;
      }
      this.payloadLeft -= take;
      this.payloadSeen += take;
      i += take;
      if (this.payloadLeft === 0) this.frameEnded();
    }
  }

  /** Reads (the rest of) a frame header from chunk[i..end); returns the index after the bytes it used. */
  private readHeader(chunk: Buffer, i: number, end: number): number {
    if (this.headerFill === 0 && end - i >= 2 && end - i >= headerLength(chunk[i + 1]!)) {
      this.parseHeader(chunk, i);
      return i + headerLength(chunk[i + 1]!);
    }
    // The header spans chunks: collect it.
    let need = this.headerFill < 2 ? 2 : headerLength(this.header[1]!);
    while (i < end && this.headerFill < need) {
      const copy = Math.min(need - this.headerFill, end - i);
      chunk.copy(this.header, this.headerFill, i, i + copy);
      this.headerFill += copy;
      i += copy;
      if (this.headerFill >= 2) need = headerLength(this.header[1]!);
    }
    if (this.headerFill < need) return i;
    this.headerFill = 0;
    this.parseHeader(this.header, 0);
    return i;
  }

  private parseHeader(src: Buffer, at: number): void {
    const b0 = src[at]!;
    const b1 = src[at + 1]!;
    if (b1 & 0x80) throw new Error('a server frame must not be masked');
    if (b0 & 0x70) throw new Error('reserved bits set (no extension was negotiated)');
    const code = b1 & 0x7f;
    let length = code;
    if (code === 126) length = src.readUInt16BE(at + 2);
    else if (code === 127) {
      const high = src.readUInt32BE(at + 2);
      if (high > 0x1fffff) throw new Error('frame length beyond 2^53');
      length = high * 0x1_0000_0000 + src.readUInt32BE(at + 6);
    }
    const opcode = b0 & 0x0f;
    this.opcode = opcode;
    this.fin = (b0 & 0x80) !== 0;
    if (opcode >= 0x8) {
      if (!this.fin || length > 125) throw new Error('a control frame must be final and at most 125 bytes');
    } else if (opcode === OP_CONTINUATION) {
      if (!this.fragmented) throw new Error('a continuation frame outside a fragmented message');
    } else {
      if (this.fragmented) throw new Error('a new message inside a fragmented one');
      this.messageOpcode = opcode;
      this.messageLength = 0;
      this.headFill = 0;
    }
    this.payloadLeft = length;
    this.payloadSeen = 0;
  }

  /** A frame whose payload came in more than one piece (or a fragment) has ended. */
  private frameEnded(): void {
    this.payloadLeft = -1;
    const length = this.payloadSeen;
    this.payloadSeen = 0;
    if (this.opcode >= 0x8) {
      const payload = Buffer.from(this.controlCopy.subarray(0, this.controlFill));
      this.controlFill = 0;
      this.onControl(this.opcode, payload);
      return;
    }
    this.messageLength += length;
    this.fragmented = !this.fin;
    if (!this.fin) return;
    this.sink.onMessage(this.headCopy.subarray(0, this.headFill), this.messageLength, this.messageOpcode);
    this.headFill = 0;
    this.messageLength = 0;
  }
}

/** A frame header's size from its second byte (server frames: no mask key). */
function headerLength(b1: number): number {
  const code = b1 & 0x7f;
  return code === 127 ? 10 : code === 126 ? 4 : 2;
}

/** One client frame, masked as RFC 6455 requires of every client-to-server frame. */
export function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const size = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(size + 4 + length);
  frame[0] = 0x80 | opcode;
  if (size === 2) frame[1] = 0x80 | length;
  else if (size === 4) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeUInt32BE(Math.floor(length / 0x1_0000_0000), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  const mask = randomBytes(4);
  mask.copy(frame, size);
  const body = size + 4;
  for (let k = 0; k < length; k++) frame[body + k] = payload[k]! ^ mask[k & 3]!;
  return frame;
}

export interface RawWsHandlers extends MessageSink {
  /** The connection ended: the close frame's code and reason, or 1006 if the socket ended without one. */
  onClose?(code: number, reason: string): void;
  onError?(error: Error): void;
}

/** Every socket reads into this one buffer: a read's bytes are consumed before the next read can happen. */
const readBuffer = Buffer.allocUnsafe(64 * 1024);

export class RawWsClient {
  private closeSent = false;
  private closed = false;

  private constructor(
    readonly socket: net.Socket,
    private readonly handlers: RawWsHandlers,
  ) {}

  /** Opens ws://host:port/path and resolves once the server's 101 has been checked. */
  static connect(url: string, handlers: RawWsHandlers): Promise<RawWsClient> {
    const target = new URL(url);
    if (target.protocol !== 'ws:') throw new Error(`only ws:// URLs: ${url}`);
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1')
      .update(key + GUID)
      .digest('base64');
    return new Promise((resolve, reject) => {
      let client: RawWsClient | null = null;
      let reader: FrameReader | null = null;
      let response: Buffer | null = null;
      const fail = (error: Error) => {
        socket.destroy();
        if (client) client.handlers.onError?.(error);
        else reject(error);
      };
      const socket = net.connect({
        host: target.hostname,
        port: Number(target.port || 80),
        onread: {
          buffer: readBuffer,
          callback: (bytes: number, buffer: Uint8Array) => {
            const chunk = buffer as Buffer;
            try {
              if (reader) {
                reader.push(chunk, 0, bytes);
                return true;
              }
              // The handshake's answer: collect until the blank line, then check it.
              response = response
                ? Buffer.concat([response, chunk.subarray(0, bytes)])
                : Buffer.from(chunk.subarray(0, bytes));
              const endOfHeaders = response.indexOf('\r\n\r\n');
              if (endOfHeaders < 0) return true;
              checkHandshake(response.toString('latin1', 0, endOfHeaders), accept);
              client = new RawWsClient(socket, handlers);
              const self = client;
              reader = new FrameReader(handlers, (opcode, payload) => self.control(opcode, payload));
              resolve(client);
              // Frames the server wrote right after its 101 may share this read.
              if (endOfHeaders + 4 < response.length) reader.push(response, endOfHeaders + 4);
            } catch (error) {
              fail(error as Error);
            }
            return true;
          },
        },
      });
      socket.setNoDelay(true);
      socket.on('error', fail);
      socket.on('close', () => client?.ended(1006, ''));
      socket.once('connect', () => {
        socket.write(
          `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      socket.on('end', () => {
        if (!client) reject(new Error(`the server closed the connection during the handshake: ${url}`));
      });
    });
  }

  sendText(text: string): void {
    this.socket.write(maskedFrame(OP_TEXT, Buffer.from(text, 'utf8')));
  }

  /** Starts the closing handshake; the socket ends once the server's close frame arrives (or it drops). */
  close(code = 1000, reason = ''): void {
    if (this.closeSent || this.closed) return;
    this.closeSent = true;
    this.socket.write(maskedFrame(OP_CLOSE, closePayload(code, reason)));
  }

  /** Drops the connection at once (what `ws`'s terminate() does). */
  terminate(): void {
    this.socket.destroy();
  }

  private control(opcode: number, payload: Buffer): void {
    if (opcode === OP_PING) {
      if (!this.closeSent) this.socket.write(maskedFrame(OP_PONG, payload));
    } else if (opcode === OP_CLOSE) {
      const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
      const reason = payload.length > 2 ? payload.toString('utf8', 2) : '';
      // Echo the code (RFC 6455 5.5.1) unless we started the close; then the TCP connection is ours to end.
      if (!this.closeSent) {
        this.closeSent = true;
        this.socket.write(
          maskedFrame(OP_CLOSE, payload.length >= 2 ? Buffer.from(payload.subarray(0, 2)) : Buffer.alloc(0)),
        );
      }
      this.socket.end();
      this.ended(code, reason);
    }
    // A pong (unsolicited or not) needs nothing.
  }

  private ended(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers.onClose?.(code, reason);
  }
}

function closePayload(code: number, reason: string): Buffer {
  const text = Buffer.from(reason, 'utf8');
  const payload = Buffer.allocUnsafe(2 + text.length);
  payload.writeUInt16BE(code, 0);
  text.copy(payload, 2);
  return payload;
}

function checkHandshake(head: string, accept: string): void {
  const [status, ...lines] = head.split('\r\n');
  if (!/^HTTP\/1\.1 101 /.test(`${status} `)) throw new Error(`handshake refused: ${status}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  if (headers.get('upgrade')?.toLowerCase() !== 'websocket') throw new Error('handshake: no Upgrade: websocket');
  if (
    !headers
      .get('connection')
      ?.toLowerCase()
      .split(/\s*,\s*/)
      .includes('upgrade')
  )
    throw new Error('handshake: no Connection: Upgrade');
  if (headers.get('sec-websocket-accept') !== accept) throw new Error('handshake: wrong Sec-WebSocket-Accept');
  if (headers.has('sec-websocket-extensions')) throw new Error('handshake: an extension was not offered');
}
