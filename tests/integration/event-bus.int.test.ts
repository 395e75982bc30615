import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus, type BusEvent } from '../../server/src/infra/event-bus.js';
import { COMMAND_TIMEOUT_MS, createRedis, whenReady } from '../../server/src/infra/redis.js';
import { PrivateRedis } from '../support/private-redis.js';
import { TEST_REDIS_URL } from '../support/services.js';

describe('RedisEventBus publishing (real Redis)', () => {
  const commands = createRedis(TEST_REDIS_URL, 'command');
  const bus = new RedisEventBus(commands, {
    redisUrl: TEST_REDIS_URL,
    prefix: `bus-test-${randomBytes(4).toString('hex')}`,
    backlog: 1000,
  });
  const received: BusEvent[] = [];
  beforeAll(async () => {
    bus.onEvent((event) => received.push(event));
    await bus.start();
  });
  afterAll(async () => {
    await bus.stop();
    commands.disconnect();
  });

  it('a burst published in one turn (more than one script call holds) keeps each channel in order, delivered and logged', async () => {
    // What goes over Redis: one message per script call, carrying all of its events.
    const messages: string[] = [];
    const watcher = createRedis(TEST_REDIS_URL, 'blocking');
    watcher.on('message', (_topic: string, message: string) => messages.push(message));
    await watcher.subscribe((bus as unknown as { topic: string }).topic);
    const channels = ['bets', 'game-results:7', 'user:7'];
    const sent = Array.from({ length: 150 }, (_, i) => ({ channel: channels[i % 3]!, n: i }));
    const answers = await Promise.all(sent.map(({ channel, n }) => bus.publish(channel, 'bet', { n })));
    // 150 events at once: three script calls of at most 64, so three messages, not 150.
    await expect.poll(() => messages.length).toBe(3);
    watcher.disconnect();

    for (const channel of channels) {
      const mine = sent
        .map((event, i) => ({ ...event, answer: answers[i]! }))
        .filter((event) => event.channel === channel);
      // Seqs count 1, 2, 3... per channel in the order publish was called.
      expect(mine.map((event) => event.answer.seq)).toEqual(mine.map((_, i) => i + 1));
      // The channel's log holds the same events, in the same order, under the ids publish answered.
      const logged = await bus.since(channel, '0-0');
      expect(logged.map((event) => (event.data as { n: number }).n)).toEqual(mine.map((event) => event.n));
      expect(logged.map((event) => event.id)).toEqual(mine.map((event) => event.answer.id));
    }
    // Every process gets every event once, in publish order.
    await expect.poll(() => received.length).toBe(150);
    expect(received.map((event) => (event.data as { n: number }).n)).toEqual(sent.map((event) => event.n));
    expect(received.every((event) => event.type === 'bet')).toBe(true);
  });

  it('a steady stream over many turns (events arriving while a script call is out) is all published, in order, in fewer calls', async () => {
    const calls = { count: 0 };
    // Counts the bus's script calls: its command connection is swapped for a counting stand-in for this test.
    const holder = bus as unknown as { commands: { publishEvents: (...args: unknown[]) => Promise<unknown> } };
    const original = holder.commands;
    holder.commands = {
      publishEvents: (...args: unknown[]) => {
        calls.count += 1;
        return original.publishEvents(...args);
      },
    };
    try {
      const answers: Promise<{ seq: number }>[] = [];
      // 200 events, one per turn of the event loop, over ~40 ms: most arrive while an earlier call is out.
      for (let n = 0; n < 200; n++) {
        answers.push(bus.publish('stream', 'bet', { n }));
        await new Promise((resolve) => setTimeout(resolve, n % 10 === 0 ? 2 : 0));
      }
      expect((await Promise.all(answers)).map((answer) => answer.seq)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      expect(calls.count).toBeLessThan(100);
      // And a lone event after a quiet moment goes at once, not after the stream's interval.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      await bus.publish('stream', 'bet', { n: 200 });
      expect(performance.now() - started).toBeLessThan(50);
    } finally {
      holder.commands = original;
    }
    const logged = await bus.since('stream', '0-0', 1000);
    expect(logged.map((event) => (event.data as { n: number }).n)).toEqual(Array.from({ length: 201 }, (_, i) => i));
  });

  it('drain waits until every event published without waiting has been answered by Redis (shutdown)', async () => {
    await bus.drain(); // idle: at once
    const answered: number[] = [];
    for (let n = 0; n < 100; n++) void bus.publish('drained', 'bet', { n }).then((answer) => answered.push(answer.seq));
    await bus.drain();
    expect(answered).toHaveLength(100);
    expect((await bus.since('drained', '0-0', 1000)).map((event) => (event.data as { n: number }).n)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
  });

  it('publishes from separate turns alike', async () => {
    const first = await bus.publish('solo', 'bet', { n: 1 });
    const second = await bus.publish('solo', 'bet', { n: 2 });
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(await bus.currentSeq('solo')).toBe(2);
  });
});

describe('RedisEventBus when Redis hangs (a private redis-server, SIGSTOP)', () => {
  let redis: PrivateRedis;
  let commands: ReturnType<typeof createRedis>;
  let bus: RedisEventBus;
  beforeAll(async () => {
    redis = await PrivateRedis.start();
    commands = createRedis(redis.url, 'command');
    bus = new RedisEventBus(commands, { redisUrl: redis.url, prefix: 'hang-test', backlog: 100 });
    expect(await whenReady(commands, 5_000)).toBe(true);
    await bus.publish('warm', 'bet', { n: 0 }); // the script is loaded and the connection ready
  });
  afterAll(async () => {
    commands.disconnect();
    await redis.stop();
  });

  it('events queued behind a call Redis does not answer fail with it, within one command timeout; later ones go through', async () => {
    const settledAfter = (published: Promise<unknown>) => {
      const started = performance.now();
      return published.then(
        () => ({ ok: true, ms: performance.now() - started }),
        () => ({ ok: false, ms: performance.now() - started }),
      );
    };
    redis.pause();
    try {
      const first = settledAfter(bus.publish('hung', 'bet', { n: 1 }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Published while the first call is out: it waits behind it.
      const queued = settledAfter(bus.publish('hung', 'bet', { n: 2 }));
      const [a, b] = await Promise.all([first, queued]);
      expect(a.ok).toBe(false);
      expect(b.ok).toBe(false);
      // The first fails at the command timeout; the queued one with it, not after a second timeout of its own.
      expect(a.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 50);
      expect(b.ms).toBeLessThan(COMMAND_TIMEOUT_MS);
    } finally {
      redis.resume();
    }
    // Once the connection is back (ioredis reconnects by itself), publishing works again.
    await expect
      .poll(
        () =>
          bus.publish('after', 'bet', { n: 3 }).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect((await bus.since('after', '0-0')).length).toBeGreaterThan(0);
  });
});
