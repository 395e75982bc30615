import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus, type BusEvent } from '../../server/src/infra/event-bus.js';
import { createRedis } from '../../server/src/infra/redis.js';
import { TEST_REDIS_URL } from '../support/services.js';

describe('RedisEventBus publishing (real Redis)', () => {
  const commands = createRedis(TEST_REDIS_URL, 'command');
  const bus = new RedisEventBus(commands, { redisUrl: TEST_REDIS_URL, prefix: `bus-test-${randomBytes(4).toString('hex')}`, backlog: 1000 });
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
    const channels = ['bets', 'game-results:7', 'user:7'];
    const sent = Array.from({ length: 150 }, (_, i) => ({ channel: channels[i % 3]!, n: i }));
    const answers = await Promise.all(sent.map(({ channel, n }) => bus.publish(channel, 'bet', { n })));

    for (const channel of channels) {
      const mine = sent.map((event, i) => ({ ...event, answer: answers[i]! })).filter((event) => event.channel === channel);
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

  it('publishes from separate turns alike', async () => {
    const first = await bus.publish('solo', 'bet', { n: 1 });
    const second = await bus.publish('solo', 'bet', { n: 2 });
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(await bus.currentSeq('solo')).toBe(2);
  });
});
