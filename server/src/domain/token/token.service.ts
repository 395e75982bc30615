import type { Db } from '../../../../db/client.js';
import { recentBurnPeriods } from '../../../../db/repositories/token-economy.repo.js';
import * as repo from '../../../../db/repositories/token.repo.js';
import type { PriceSnapshotInput } from '../../../../db/repositories/token.repo.js';
import { DomainError } from '../errors.js';
import type { PlatformEvents } from '../events/platform-events.js';
import { marketCap, percentChange, poolSpotPrice, referencePrice } from './token-math.js';
import type {
  HistoryRange,
  PriceSourceName,
  TokenBurns,
  TokenData,
  TokenHistory,
  TokenSupply,
} from './token.schemas.js';
import { formatUnits } from './token-units.js';

/** Where the BZU price comes from (configuration picks one): the platform pool or an HTTP API. */
export interface PriceSource {
  readonly name: PriceSourceName;
  /** USD per BZU in 1e-8 units. Throws DomainError TOO_MANY_REQUESTS / UNAVAILABLE on upstream trouble. */
  quote(): Promise<bigint>;
}

type SnapshotRecord = PriceSnapshotInput;

/** The latest BZU data shared by every process (infra/token-cache.ts: Redis). */
export interface TokenCache {
  read(): Promise<TokenData | null>;
  write(data: TokenData): Promise<void>;
}

/** The price job's tick (the scheduler in infra/queues.ts uses the same value). */
export const TOKEN_PRICE_TICK_MS = 20_000;

export interface TokenServiceDeps {
  /** Supply, pool, price history and burns (db/repositories/token.repo.ts, token-economy.repo.ts). */
  db: Db;
  cache: TokenCache;
  events: Pick<PlatformEvents, 'tokenPriceUpdate'>;
  /** Where the price comes from; absent: the platform's own BZU/USD pool (poolPriceSource). */
  priceSource?: PriceSource;
}

export interface TokenServiceOptions {
  /** The price job's tick; snapshots are keyed by the tick they belong to. */
  tickMs: number;
  now?: () => Date;
}

const DAY_MS = 24 * 3600_000;

/** Buckets per range keep every history answer at a few hundred points. */
const historyPlan: Record<HistoryRange, { windowMs: number | null; bucketSeconds: number }> = {
  '24h': { windowMs: DAY_MS, bucketSeconds: 5 * 60 },
  '7d': { windowMs: 7 * DAY_MS, bucketSeconds: 30 * 60 },
  '30d': { windowMs: 30 * DAY_MS, bucketSeconds: 2 * 3600 },
  all: { windowMs: null, bucketSeconds: 24 * 3600 },
};

/**
 * BZU market data. Price comes from the configured source; 24 h change, market cap and volume are
 * always computed from the stored history and supply, never configured.
 */
export class TokenService {
  private readonly now: () => Date;
  private readonly db: Db;
  private readonly source: PriceSource;
  private readonly cache: TokenCache;
  private readonly events: TokenServiceDeps['events'];

  constructor(
    deps: TokenServiceDeps,
    private readonly options: TokenServiceOptions,
  ) {
    this.db = deps.db;
    this.source = deps.priceSource ?? poolPriceSource(deps.db);
    this.cache = deps.cache;
    this.events = deps.events;
    this.now = options.now ?? (() => new Date());
  }

  /** The start of the tick a moment belongs to. */
  slotOf(at: Date): Date {
    return new Date(Math.floor(at.getTime() / this.options.tickMs) * this.options.tickMs);
  }

  /**
   * The price job: quote, compute derived figures from history, store the tick's snapshot once,
   * cache it and publish token-price-update. A second run for the same tick stores nothing more.
   */
  async recordSnapshot(tickAt: Date): Promise<{ stored: boolean; data: TokenData }> {
    const slotAt = this.slotOf(tickAt);
    const price = await this.source.quote();
    const snapshot = await this.derive(price, slotAt);
    const inserted = await repo.insertPriceSnapshot(this.db, snapshot);
    if (!inserted) {
      const data = (await this.latestFromStore()) ?? toTokenData(snapshot, this.source.name);
      return { stored: false, data };
    }
    const data = toTokenData(inserted, this.source.name);
    await this.cache.write(data).catch(() => undefined);
    // After the insert committed: subscribers never see a price that is not stored.
    await this.events.tokenPriceUpdate(data);
    return { stored: true, data };
  }

  async latest(): Promise<TokenData> {
    const cached = await this.cache.read().catch(() => null);
    if (cached) return cached;
    const stored = await this.latestFromStore();
    if (stored) return stored;
    if (this.source.name !== 'pool') throw new DomainError('UNAVAILABLE', 'Token price is not available yet');
    // Before the first tick, the pool's own price is known without asking anyone.
    return toTokenData(await this.derive(await this.source.quote(), this.now()), this.source.name);
  }

  async history(range: HistoryRange): Promise<TokenHistory> {
    const plan = historyPlan[range];
    const since = plan.windowMs === null ? null : new Date(this.now().getTime() - plan.windowMs);
    const [samples, extremes] = await Promise.all([
      repo.priceHistory(this.db, since, plan.bucketSeconds),
      repo.priceExtremes(this.db, since),
    ]);
    return {
      range,
      points: samples.map((s) => ({ t: s.at.toISOString(), price: formatUnits(s.price) })),
      // From every stored point: a bucket shows only its closing price, which can hide a trade's peak.
      high: extremes ? formatUnits(extremes.high) : null,
      low: extremes ? formatUnits(extremes.low) : null,
    };
  }

  async supply(): Promise<TokenSupply> {
    const supply = await this.requireSupply();
    const total = supply.maxSupply - supply.burned;
    return {
      maxSupply: formatUnits(supply.maxSupply),
      totalSupply: formatUnits(total),
      circulatingSupply: formatUnits(total - supply.locked),
      burned: formatUnits(supply.burned),
      updatedAt: supply.updatedAt.toISOString(),
    };
  }

  async burns(limit = 20): Promise<TokenBurns> {
    const [supply, recent, burned24h, periods] = await Promise.all([
      this.requireSupply(),
      repo.recentBurns(this.db, limit),
      repo.burnedSince(this.db, new Date(this.now().getTime() - DAY_MS)),
      recentBurnPeriods(this.db, limit),
    ]);
    const optional = (value: bigint | null) => (value === null ? null : formatUnits(value));
    return {
      totalBurned: formatUnits(supply.burned),
      burned24h: formatUnits(burned24h),
      burns: recent.map((b) => ({
        id: b.id,
        amount: formatUnits(b.amount),
        usdValue: formatUnits(b.usdValue),
        reason: b.reason,
        createdAt: b.createdAt.toISOString(),
        periodStart: b.periodStart?.toISOString() ?? null,
        periodEnd: b.periodEnd?.toISOString() ?? null,
        revenue: optional(b.revenue),
        share: b.sharePpm === null ? null : ppmFraction(b.sharePpm),
        usdSpent: optional(b.usdSpent),
        bzuBought: b.reason === 'buy-and-burn' ? formatUnits(b.amount) : null,
        price: optional(b.price),
      })),
      periods: periods.map((p) => ({
        periodStart: p.periodStart.toISOString(),
        periodEnd: p.periodEnd.toISOString(),
        revenue: formatUnits(p.revenue),
        share: ppmFraction(p.sharePpm),
        status: p.status,
        reason: p.reason,
        burnId: p.burnId,
      })),
    };
  }

  /**
   * A swap moved the pool: store a price point at the swap's moment (so the chart, the 24 h change
   * and the volume see it at once), cache it and publish token-price-update. With the http price
   * source the displayed price is not the pool's, so nothing is recorded (its 20 s poll stays).
   */
  async recordSwapPrice(price: bigint, at: Date): Promise<TokenData | null> {
    if (this.source.name !== 'pool') return null;
    const snapshot = await this.derive(price, at);
    await repo.upsertSwapPricePoint(this.db, snapshot);
    const data = toTokenData(snapshot, this.source.name);
    await this.cache.write(data).catch(() => undefined);
    await this.events.tokenPriceUpdate(data);
    return data;
  }

  private async latestFromStore(): Promise<TokenData | null> {
    const latest = await repo.latestPriceSnapshot(this.db);
    return latest ? toTokenData(latest, this.source.name) : null;
  }

  private async derive(price: bigint, slotAt: Date): Promise<SnapshotRecord> {
    const now = this.now();
    const [supply, samples, volume24h] = await Promise.all([
      this.requireSupply(),
      repo.referenceSamples(this.db, new Date(slotAt.getTime() - DAY_MS)),
      repo.swapVolumeSince(this.db, new Date(now.getTime() - DAY_MS)),
    ]);
    const circulating = supply.maxSupply - supply.burned - supply.locked;
    return {
      slotAt,
      price,
      source: this.source.name,
      change24h: percentChange(price, referencePrice(samples, slotAt)),
      marketCap: marketCap(price, circulating),
      volume24h,
    };
  }

  private async requireSupply() {
    const supply = await repo.findSupply(this.db);
    if (!supply) throw new DomainError('UNAVAILABLE', 'Token supply is not initialised');
    return supply;
  }
}

/** The platform's own BZU/USD constant-product pool as the price source. */
export function poolPriceSource(db: Db): PriceSource {
  return {
    name: 'pool',
    async quote() {
      const reserves = await repo.findPoolReserves(db);
      if (!reserves) throw new DomainError('UNAVAILABLE', 'The BZU/USD pool is not initialised');
      return poolSpotPrice(reserves);
    },
  };
}

/** 200000 ppm -> "0.2". */
function ppmFraction(ppm: number): string {
  return (ppm / 1_000_000).toString();
}

function toTokenData(snapshot: SnapshotRecord, fallbackSource: PriceSourceName): TokenData {
  return {
    symbol: 'BZU',
    price: formatUnits(snapshot.price),
    change24h: snapshot.change24h,
    marketCap: formatUnits(snapshot.marketCap),
    volume24h: formatUnits(snapshot.volume24h),
    updatedAt: snapshot.slotAt.toISOString(),
    source: snapshot.source === 'pool' || snapshot.source === 'http' ? snapshot.source : fallbackSource,
  };
}
