import type { Redis } from 'ioredis';
import type { EventTransport, EventType } from '../domain/events/platform-events.js';
import { createRedis, EVENT_BATCH_COMMAND, redisKey } from './redis.js';

/** One event as every process receives it: the per-channel seq and the stream id come from Redis. */
export interface BusEvent {
  /** The Redis stream id ("ms-n"); tRPC subscriptions use it as the tracked event id. */
  id: string;
  /** Grows by one per channel across all processes; legacy sockets use it to detect gaps. */
  seq: number;
  channel: string;
  type: string;
  ts: number;
  data: unknown;
}

/**
 * Atomically, for each event in order: next seq for its channel, append to the channel's bounded log (for resume);
 * then one PUBLISH to every process carrying the whole batch. One script, so seq order, log order and delivery order
 * agree. KEYS are each event's seq and log keys; ARGV the topic, the backlog, then each event's body, ttl and channel.
 * Returns each event's seq and id. The message is each event's "seq\nid\nchannel\nbody" joined by newlines (a
 * body is JSON.stringify output, which has no raw newline): one message per batch instead of one per event spares
 * every subscribing process a socket read and a message event per event (a bet publishes several).
 */
const PUBLISH_SCRIPT = `
local out = {}
local records = {}
for i = 1, #KEYS / 2 do
  local body = ARGV[3 * i]
  local ttl = tonumber(ARGV[3 * i + 1])
  local seq = redis.call('INCR', KEYS[2 * i - 1])
  local id = redis.call('XADD', KEYS[2 * i], 'MAXLEN', '~', ARGV[2], '*', 'seq', seq, 'body', body)
  if ttl > 0 then
    redis.call('EXPIRE', KEYS[2 * i - 1], ttl)
    redis.call('EXPIRE', KEYS[2 * i], ttl)
  end
  records[i] = seq .. '\\n' .. id .. '\\n' .. ARGV[3 * i + 2] .. '\\n' .. body
  out[2 * i - 1] = seq
  out[2 * i] = id
end
redis.call('PUBLISH', ARGV[1], table.concat(records, '\\n'))
return out
`;

/** Most events one script call publishes; a burst beyond it goes in several calls, in order. */
const PUBLISH_BATCH_MAX = 64;

/**
 * Under a steady stream of events, script calls start at most this far apart (the events published in between wait
 * and go together): a few ms of delivery latency for a socket write and read per call saved (see publish).
 */
const PUBLISH_INTERVAL_MS = 4;

interface PendingEvent {
  channel: string;
  body: string;
  ttl: number;
  resolve(published: { id: string; seq: number }): void;
  reject(error: unknown): void;
}

/** Private channels are idle most of the time; their log and seq expire after a week of silence. */
const PRIVATE_CHANNEL_TTL_SECONDS = 7 * 24 * 3600;

export interface EventBusOptions {
  redisUrl: string;
  prefix: string;
  /** How many events each channel's log keeps for resuming subscriptions. */
  backlog: number;
}

/** A message between server processes that is not a channel event (e.g. revoked sessions). */
export interface ControlMessage {
  kind: 'sessions-revoked';
  sessionIds: string[];
}

/** The command connection with PUBLISH_SCRIPT defined on it (the key count goes first). */
type ScriptedRedis = Redis & { publishEvents(...args: (string | number)[]): Promise<(number | string)[]> };

export class RedisEventBus implements EventTransport {
  private subscriber: Redis | null = null;
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private readonly controlListeners = new Set<(message: ControlMessage) => void>();
  private readonly commands: ScriptedRedis;
  private pending: PendingEvent[] = [];
  /** A flush is scheduled or a script call is out: new events wait for it (see publish). */
  private sending = false;
  /** When the last script call started (performance.now()). */
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  /** Callers of drain, told when nothing is pending or out. */
  private idleWaiters: (() => void)[] = [];

  constructor(
    commands: Redis,
    private readonly options: EventBusOptions,
  ) {
    // EVALSHA, falling back to EVAL once per connection: the script text does not travel (and get hashed) with
    // every call.
    commands.defineCommand(EVENT_BATCH_COMMAND, { lua: PUBLISH_SCRIPT });
    this.commands = commands as ScriptedRedis;
  }

  /** Batched messages (PUBLISH_SCRIPT); a new name, so a process of the one-event-per-message format never reads one. */
  private get topic(): string {
    return redisKey(this.options.prefix, 'event-batches');
  }

  private get controlTopic(): string {
    return redisKey(this.options.prefix, 'control');
  }

  /** Tells every server process (including this one) something; not logged, not resumable. */
  async publishControl(message: ControlMessage): Promise<void> {
    await this.commands.publish(this.controlTopic, JSON.stringify(message));
  }

  onControl(listener: (message: ControlMessage) => void): () => void {
    this.controlListeners.add(listener);
    return () => this.controlListeners.delete(listener);
  }

  private seqKey(channel: string): string {
    return redisKey(this.options.prefix, 'events', 'seq', channel);
  }

  private logKey(channel: string): string {
    return redisKey(this.options.prefix, 'events', 'log', channel);
  }

  /**
   * Publishes one event, in the order published. Events go to Redis in batches, one script call each: the first
   * event of a quiet moment goes on the next turn of the event loop, with whatever else was published in that turn;
   * while a call is out, or within PUBLISH_INTERVAL_MS of the last call's start, new events wait and then go together.
   * A settled bet publishes four events (its result, the feed, the balance and the XP) over a few turns, and each
   * script call is a socket write and a read on both sides: under load this makes it one call for many bets instead
   * of two or three per bet, for at most PUBLISH_INTERVAL_MS more latency; a lone event (a price tick) never waits.
   */
  publish(channel: string, type: EventType, data: unknown): Promise<{ id: string; seq: number }> {
    const body = JSON.stringify({ type, ts: Date.now(), data });
    const ttl = channel.includes(':') ? PRIVATE_CHANNEL_TTL_SECONDS : 0;
    return new Promise((resolve, reject) => {
      this.pending.push({ channel, body, ttl, resolve, reject });
      if (!this.sending) {
        this.sending = true;
        this.scheduleFlush(true);
      }
    });
  }

  /** The next flush: at once (or on the next turn) unless the last call started less than PUBLISH_INTERVAL_MS ago. */
  private scheduleFlush(nextTurn: boolean): void {
    const wait = this.lastFlushAt + PUBLISH_INTERVAL_MS - performance.now();
    if (wait > 0) setTimeout(() => this.flush(), wait);
    else if (nextTurn) setImmediate(() => this.flush());
    else this.flush();
  }

  /** Sends what is pending; once Redis has answered, schedules the next flush for whatever was published meanwhile. */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) {
      this.becomeIdle();
      return;
    }
    this.lastFlushAt = performance.now();
    const calls: Promise<unknown>[] = [];
    let callError: { error: unknown } | undefined;
    for (let start = 0; start < batch.length; start += PUBLISH_BATCH_MAX) {
      const events = batch.slice(start, start + PUBLISH_BATCH_MAX);
      const keys = events.flatMap((event) => [this.seqKey(event.channel), this.logKey(event.channel)]);
      const args = events.flatMap((event) => [event.body, String(event.ttl), event.channel]);
      const failed = (error: unknown) => {
        callError ??= { error };
        events.forEach((event) => event.reject(error));
      };
      try {
        calls.push(
          this.commands
            .publishEvents(keys.length, ...keys, this.topic, String(this.options.backlog), ...args)
            .then(
              (answer) =>
                events.forEach((event, i) =>
                  event.resolve({ seq: Number(answer[2 * i]), id: String(answer[2 * i + 1]) }),
                ),
              failed,
            ),
        );
      } catch (error) {
        // A call that throws at once fails its events alone: the stream behind it must not stop.
        failed(error);
      }
    }
    void Promise.all(calls).then(() => {
      // Redis did not take this call (a timeout, a dropped connection): the events that waited behind it fail with it
      // rather than start a call of their own on the same connection, so a publish fails within one command timeout
      // (COMMAND_TIMEOUT_MS), not two, and so does a request that waits for one. Later publishes start afresh.
      if (callError) {
        const waiting = this.pending;
        this.pending = [];
        for (const event of waiting) event.reject(callError.error);
      }
      if (this.pending.length === 0) this.becomeIdle();
      else this.scheduleFlush(false);
    });
  }

  private becomeIdle(): void {
    this.sending = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Resolves once every event published so far has been answered by Redis (or failed): shutdown, before the command
   * connection closes, for the events callers published without waiting (a bet's feed and result).
   */
  drain(): Promise<void> {
    if (!this.sending) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Events of a channel after `afterId` (exclusive), oldest first, at most `limit`. */
  async since(channel: string, afterId: string, limit = 500): Promise<BusEvent[]> {
    const entries = await this.commands.xrange(this.logKey(channel), `(${afterId}`, '+', 'COUNT', limit);
    return this.decodeEntries(channel, entries);
  }

  /**
   * The newest `limit` events after `afterId` (exclusive), oldest first: a resume that missed more
   * than that gets only the newest ones (bounded replay), and sees the gap in the ids.
   */
  async latestSince(channel: string, afterId: string, limit: number): Promise<BusEvent[]> {
    const entries = await this.commands.xrevrange(this.logKey(channel), '+', `(${afterId}`, 'COUNT', limit);
    return this.decodeEntries(channel, entries.reverse());
  }

  private decodeEntries(channel: string, entries: [string, string[]][]): BusEvent[] {
    return entries.map(([id, fields]) => {
      const record: Record<string, string> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) record[fields[i]!] = fields[i + 1]!;
      const body = JSON.parse(record.body ?? '{}') as { type: string; ts: number; data: unknown };
      return { id, seq: Number(record.seq), channel, type: body.type, ts: body.ts, data: body.data };
    });
  }

  /** The last seq handed out on a channel (0 before the first event). */
  async currentSeq(channel: string): Promise<number> {
    return Number((await this.commands.get(this.seqKey(channel))) ?? 0);
  }

  /**
   * Starts this process's single subscriber connection. Every listener of the process shares it;
   * ioredis re-subscribes by itself after a reconnect.
   */
  async start(): Promise<void> {
    if (this.subscriber) return;
    const subscriber = createRedis(this.options.redisUrl, 'blocking');
    this.subscriber = subscriber;
    const controlTopic = this.controlTopic;
    subscriber.on('message', (topic: string, message: string) => {
      if (topic === controlTopic) {
        const control = decodeControl(message);
        if (control) for (const listener of this.controlListeners) listener(control);
        return;
      }
      for (const event of decodeBusMessages(message)) {
        for (const listener of this.listeners) listener(event);
      }
    });
    await subscriber.subscribe(this.topic, controlTopic);
  }

  /** Whether this process's subscriber is connected, i.e. events published now would reach it. */
  get listening(): boolean {
    return this.subscriber?.status === 'ready';
  }

  onEvent(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) {
      await subscriber.quit().catch(() => subscriber.disconnect());
    }
  }
}

/**
 * The events of one bus message: records of "seq\nid\nchannel\n{json body}" joined by newlines, as written by the
 * publish script, in publish order. Each body is parsed on first use: every event of the platform reaches every server
 * process, and most are for channels nobody on this process listens to. Reading stops at the first record that is
 * not one.
 */
export function decodeBusMessages(message: string): BusEvent[] {
  const events: BusEvent[] = [];
  let start = 0;
  while (start < message.length) {
    const first = message.indexOf('\n', start);
    const second = message.indexOf('\n', first + 1);
    const third = message.indexOf('\n', second + 1);
    if (first < 0 || second < 0 || third < 0 || message[third + 1] !== '{') break;
    const next = message.indexOf('\n', third + 1);
    const end = next < 0 ? message.length : next;
    events.push(
      lazyEvent(
        message.slice(start, first),
        message.slice(first + 1, second),
        message.slice(second + 1, third),
        message.slice(third + 1, end),
      ),
    );
    start = end + 1;
  }
  return events;
}

function lazyEvent(seq: string, id: string, channel: string, json: string): BusEvent {
  let body: { type: string; ts: number; data: unknown } | undefined;
  const parsed = () => {
    if (!body) {
      try {
        body = JSON.parse(json) as { type: string; ts: number; data: unknown };
      } catch {
        body = { type: 'malformed', ts: 0, data: null };
      }
    }
    return body;
  };
  return {
    seq: Number(seq),
    id,
    channel,
    get type() {
      return parsed().type;
    },
    get ts() {
      return parsed().ts;
    },
    get data() {
      return parsed().data;
    },
  };
}

function decodeControl(message: string): ControlMessage | null {
  try {
    const parsed = JSON.parse(message) as Partial<ControlMessage>;
    if (parsed.kind === 'sessions-revoked' && Array.isArray(parsed.sessionIds)) {
      return {
        kind: 'sessions-revoked',
        sessionIds: parsed.sessionIds.filter((id): id is string => typeof id === 'string'),
      };
    }
  } catch {
    // not ours
  }
  return null;
}

/** Orders Redis stream ids ("ms-n"). */
export function compareStreamIds(a: string, b: string): number {
  const [am = '0', an = '0'] = a.split('-');
  const [bm = '0', bn = '0'] = b.split('-');
  const ms = BigInt(am) - BigInt(bm);
  if (ms !== 0n) return ms < 0n ? -1 : 1;
  const n = BigInt(an) - BigInt(bn);
  return n === 0n ? 0 : n < 0n ? -1 : 1;
}
