import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from './external-store';

/** The browser's localStorage as the unit tier (node) lacks it; `refuseWrites` plays a blocked or full storage. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  refuseWrites = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.refuseWrites) throw new DOMException('QuotaExceededError');
    this.items.set(key, value);
  }
}

const flag = {
  key: 'test.flag',
  decode: (text: string) => (text === 'true' ? true : text === 'false' ? false : undefined),
  encode: String,
};

describe('createStore', () => {
  it('hands out the initial value, then every change, to each subscriber until it leaves', () => {
    const store = createStore({ count: 0 });
    const seen: number[] = [];
    const leave = store.subscribe(() => seen.push(store.get().count));
    store.set({ count: 1 });
    store.set((current) => ({ count: current.count + 1 }));
    leave();
    store.set({ count: 9 });
    expect(seen).toEqual([1, 2]);
    expect(store.get()).toEqual({ count: 9 });
  });

  it('notifies no one when a change returns the same value', () => {
    const store = createStore('idle');
    let calls = 0;
    store.subscribe(() => calls++);
    store.set('idle');
    store.set((current) => current);
    expect(calls).toBe(0);
    store.set('live');
    expect(calls).toBe(1);
  });

  it('computes a lazy initial value once, on first read', () => {
    let computed = 0;
    const store = createStore(() => ++computed);
    expect(computed).toBe(0);
    expect(store.get()).toBe(1);
    expect(store.get()).toBe(1);
    expect(computed).toBe(1);
  });
});

describe('createStore with persistence', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('starts from what the browser kept and writes every change back under its key', () => {
    storage.items.set('test.flag', 'false');
    const store = createStore(true, flag);
    expect(store.get()).toBe(false);
    store.set(true);
    expect(storage.items.get('test.flag')).toBe('true');
  });

  it('keeps the default when nothing, or nothing it can decode, is stored', () => {
    expect(createStore(true, flag).get()).toBe(true);
    storage.items.set('test.flag', 'maybe');
    expect(createStore(true, flag).get()).toBe(true);
  });

  it('keeps a change for the page when the storage refuses it', () => {
    storage.refuseWrites = true;
    const store = createStore(false, flag);
    let calls = 0;
    store.subscribe(() => calls++);
    store.set(true);
    expect(store.get()).toBe(true);
    expect(calls).toBe(1);
    expect(storage.items.has('test.flag')).toBe(false);
  });

  it("takes up another tab's write of its key while someone listens, and ignores other keys", () => {
    const tabs = new EventTarget();
    Object.defineProperty(globalThis, 'window', { value: tabs, configurable: true });
    try {
      const otherTabWrites = (key: string | null) => tabs.dispatchEvent(Object.assign(new Event('storage'), { key }));
      const store = createStore(false, flag);
      expect(store.get()).toBe(false);
      const seen: boolean[] = [];
      const leave = store.subscribe(() => seen.push(store.get()));
      storage.items.set('test.flag', 'true');
      otherTabWrites('other.key');
      expect(store.get()).toBe(false);
      otherTabWrites('test.flag');
      expect(store.get()).toBe(true);
      otherTabWrites('test.flag');
      expect(seen).toEqual([true]);
      leave();
      storage.items.set('test.flag', 'false');
      otherTabWrites('test.flag');
      expect(store.get()).toBe(true);
    } finally {
      Reflect.deleteProperty(globalThis, 'window');
    }
  });

  it('keeps the default when the storage cannot be read at all', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('SecurityError');
      },
    });
    expect(createStore(true, flag).get()).toBe(true);
  });
});
