import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A batch function that records its batches and can be held open until released. */
function recorder() {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let held = false;
  const run = async (items: number[]) => {
    batches.push(items);
    if (held) await new Promise<void>((resolve) => (release = resolve));
    return items.map((item) => (item < 0 ? { error: new Error(`bad ${item}`) } : { value: item * 10 }));
  };
  return {
    batches,
    run,
    hold: () => (held = true),
    release: () => {
      held = false;
      release?.();
    },
  };
}

describe('GroupCommit', () => {
  it('runs the items submitted in one turn as one batch and answers each caller with its own result', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run);
    expect(await Promise.all([commit.submit(1), commit.submit(2), commit.submit(3)])).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('groups what arrives while a batch runs into the next batch', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run);
    r.hold();
    const first = commit.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    const later = [commit.submit(2), commit.submit(3), commit.submit(4)];
    r.release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the item whose outcome is an error, and every item when the batch throws', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run);
    const results = await Promise.allSettled([commit.submit(5), commit.submit(-1)]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 50 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'bad -1' } });

    const broken = new GroupCommit<number, number>(async () => {
      throw new Error('database away');
    });
    const failed = await Promise.allSettled([broken.submit(1), broken.submit(2)]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    // The committer recovers: the next submission runs a fresh batch.
    expect(await commit.submit(7)).toBe(70);
  });

  it('with a linger, waits that long for company before the first batch', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run, { lingerMs: 30 });
    const first = commit.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.batches).toEqual([]);
    const second = commit.submit(2);
    expect(await Promise.all([first, second])).toEqual([10, 20]);
    expect(r.batches).toEqual([[1, 2]]);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const r = recorder();
    const commit = new GroupCommit(r.run, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => commit.submit(n)));
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});
