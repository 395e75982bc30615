import { describe, expect, it } from 'vitest';
import { CachedValue } from './chat-poll.cache.js';
import { etagMatches, parsePollQuery } from './chat.routes.js';

describe('poll query and ETags', () => {
  it('parses ?after= and ?limit=', () => {
    expect(parsePollQuery('')).toEqual({ limit: 50 });
    expect(parsePollQuery('after=12&limit=5')).toEqual({ after: 12, limit: 5 });
    expect(parsePollQuery('after=&limit=')).toEqual({ after: undefined, limit: 50 });
    expect(parsePollQuery('limit=0')).toMatch(/limit/);
    expect(parsePollQuery('limit=1e2')).toMatch(/limit/);
    expect(parsePollQuery('after=-3')).toMatch(/after/);
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
  });
});

describe('CachedValue', () => {
  it('shares one load, keeps it until invalidated, and drops a load that an invalidation overtook', async () => {
    let loads = 0;
    let release!: () => void;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const cache = new CachedValue(
      async () => {
        loads += 1;
        const n = loads;
        await gate;
        return n;
      },
      { maxAgeMs: 60_000 },
    );
    const [a, b] = [cache.get(), cache.get()];
    release();
    expect((await a).value).toBe(1);
    expect((await b).value).toBe(1);
    expect(cache.peek()?.value).toBe(1);

    gate = new Promise<void>((resolve) => (release = resolve));
    cache.invalidate();
    const stale = cache.get();
    cache.invalidate(); // a change lands while loading
    release();
    expect((await stale).value).toBe(2);
    expect(cache.peek()).toBeNull();
    expect((await cache.get()).value).toBe(3);
  });

  it("expires by max age and by the value's own validity", () => {
    let now = 1_000;
    const cache = new CachedValue(async () => 'x', { maxAgeMs: 100, validUntil: () => 1_050, now: () => now });
    return cache.get().then(() => {
      expect(cache.peek()).not.toBeNull();
      now = 1_060;
      expect(cache.peek()).toBeNull();
    });
  });
});
