import { createHash } from 'node:crypto';

/** Response bytes and their strong ETag (a hash of the bytes, so every process agrees on it). */
export interface PreparedBody {
  body: Buffer;
  etag: string;
}

export function prepareBody(value: unknown): PreparedBody {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

interface Entry<T> {
  value: T;
  generation: number;
  loadedAt: number;
  /** Until when the value is valid on its own terms (e.g. the next announcement expiry). */
  validUntil: number;
  variants: Map<string, PreparedBody>;
}

const MAX_VARIANTS = 256;

/**
 * One value loaded on demand and kept in process until invalidated (a send or delete on any
 * process, through the event bus) or older than maxAgeMs (a safety net should an invalidation be
 * lost while Redis reconnects). Concurrent misses share one load; a load that began before an
 * invalidation serves its waiters but is not kept. Serialized variants are memoized per entry.
 */
export class CachedValue<T> {
  private entry: Entry<T> | null = null;
  private generation = 0;
  private loading: { generation: number; promise: Promise<Entry<T>> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: { maxAgeMs: number; validUntil?: (value: T) => number | null; now?: () => number },
  ) {}

  invalidate(): void {
    this.generation += 1;
    this.entry = null;
  }

  /** The current entry if it is fresh, without waiting. */
  peek(): Entry<T> | null {
    const entry = this.entry;
    if (!entry || entry.generation !== this.generation) return null;
    const now = (this.options.now ?? Date.now)();
    return now - entry.loadedAt < this.options.maxAgeMs && now < entry.validUntil ? entry : null;
  }

  get(): Promise<Entry<T>> {
    const fresh = this.peek();
    if (fresh) return Promise.resolve(fresh);
    if (this.loading && this.loading.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const promise = this.load().then((value) => {
      const now = (this.options.now ?? Date.now)();
      const entry: Entry<T> = {
        value,
        generation,
        loadedAt: now,
        validUntil: this.options.validUntil?.(value) ?? Number.POSITIVE_INFINITY,
        variants: new Map(),
      };
      if (this.generation === generation) this.entry = entry;
      return entry;
    });
    const loading = { generation, promise };
    this.loading = loading;
    const clear = () => {
      if (this.loading === loading) this.loading = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  /** A serialized view of an entry, built once per entry and key. */
  static variant<T>(entry: Entry<T>, key: string, build: (value: T) => unknown): PreparedBody {
    let prepared = entry.variants.get(key);
    if (!prepared) {
      if (entry.variants.size >= MAX_VARIANTS) entry.variants.clear();
      prepared = prepareBody(build(entry.value));
      entry.variants.set(key, prepared);
    }
    return prepared;
  }
}
