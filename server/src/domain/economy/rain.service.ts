import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import {
  gamesNetInPeriod,
  insertRain,
  insertRainRecipients,
  lockClaimableAccounts,
  rainEligible,
  rainRecipientNames,
  recentRains,
  type RainRow,
} from '../../../../db/repositories/economy.repo.js';
import { DomainError } from '../errors.js';
import { CURRENCIES, formatAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService } from '../wallet/ledger.service.js';
import { moneyRequest, oncePerRequest } from '../wallet/money-requests.js';
import type { ChatLines, ExclusionCheck } from './economy.ports.js';
import { equalSplit } from './rakeback.js';
import { PPM } from './ranks.js';

export interface RainConfig {
  intervalMs: number;
  /** Share of the house games account's net win in each period that funds the pool, ppm. */
  revenueSharePpm: number;
  /** Recipients wagered at least this much (USD value) in the last 7 days. */
  minWagerUsd: bigint;
  /** Smallest player contribution per currency. */
  minContribution: Record<Currency, bigint>;
}

export interface RainView {
  id: string;
  periodStart: string;
  periodEnd: string;
  recipients: string[];
  funded: Record<Currency, string>;
  share: Record<Currency, string>;
  createdAt: string;
}

export interface RainRunResult {
  rain: RainView;
  /** False when this rain id had already run: nothing moved this time. */
  paid: boolean;
}

const HOUR_MS = 3600 * 1000;
const WEEK_MS = 7 * 24 * HOUR_MS;
const MAX_NAMES_IN_LINE = 25;

/** The period a scheduled run closes: the interval that ends at the tick (rounded down to the interval). */
export function rainPeriod(tick: Date, intervalMs: number): { id: string; start: Date; end: Date } {
  const end = new Date(Math.floor(tick.getTime() / intervalMs) * intervalMs);
  return { id: `rain-${end.toISOString()}`, start: new Date(end.getTime() - intervalMs), end };
}

/**
 * Chat rain. The pool is the house account 'rain': every period a share of the house games net win
 * moves into it, players add to it (`/rain amount`), and a run splits it equally (exact integer
 * split, the remainder stays) among players who chatted in the last hour and wagered enough in the
 * last 7 days. The rain row (primary key = rain id), the funding and the payouts commit together,
 * so a retried job pays once.
 */
export class RainService {
  constructor(
    private readonly deps: {
      db: Db;
      ledger: LedgerService;
      bzuPrice(): Promise<bigint>;
      isExcluded: ExclusionCheck;
      chat: ChatLines;
      onLineError?: (error: unknown) => void;
    },
    private readonly config: RainConfig,
  ) {}

  async pool(): Promise<{
    pool: Record<Currency, string>;
    intervalMinutes: number;
    minWagerUsd: string;
    revenueSharePercent: string;
    minContribution: Record<Currency, string>;
    last: RainView | null;
  }> {
    const balances = await this.poolBalances();
    const [last] = await this.recent(1);
    return {
      pool: { USD: formatAmount(balances.USD), BZU: formatAmount(balances.BZU) },
      intervalMinutes: this.config.intervalMs / 60_000,
      minWagerUsd: formatAmount(this.config.minWagerUsd),
      revenueSharePercent: formatAmount((BigInt(this.config.revenueSharePpm) * 100_000_000n) / 10_000n),
      minContribution: {
        USD: formatAmount(this.config.minContribution.USD),
        BZU: formatAmount(this.config.minContribution.BZU),
      },
      last: last ?? null,
    };
  }

  /** A player's contribution; a retried requestId adds once and answers the pool as it was right after. */
  async contribute(
    userId: number,
    input: { amount: bigint; currency: Currency; requestId?: string },
  ): Promise<{ pool: Record<Currency, string> }> {
    const minimum = this.config.minContribution[input.currency];
    if (input.amount < minimum)
      throw new DomainError(
        'BAD_REQUEST',
        `The smallest rain contribution is ${formatAmount(minimum)} ${input.currency}`,
        { code: 'BAD_REQUEST' },
      );
    const request = moneyRequest('rain-contribution', input.requestId, {
      amount: String(input.amount),
      currency: input.currency,
    });
    const { answer, fresh } = await oncePerRequest(this.deps, userId, request, {
      checks: async () => {
        if (await this.deps.isExcluded(userId))
          throw new DomainError('FORBIDDEN', 'Your account is self-excluded', { code: 'SELF_EXCLUDED' });
      },
      move: async ({ trx, post }) => {
        await post({
          key: `rain-contribution:${userId}:${randomUUID()}`,
          kind: 'rain-contribution',
          userId,
          legs: [
            { account: { user: userId }, currency: input.currency, amount: -input.amount },
            { account: { house: 'rain' }, currency: input.currency, amount: input.amount },
          ],
        });
        const balances = await this.poolBalances(trx);
        return { pool: { USD: formatAmount(balances.USD), BZU: formatAmount(balances.BZU) } };
      },
    });
    if (fresh) {
      await this.deps.chat
        .post({
          kind: 'rain',
          userId,
          message: `added ${formatAmount(input.amount)} ${input.currency} to the rain pool`,
        })
        .catch((error: unknown) => this.deps.onLineError?.(error));
    }
    return answer;
  }

  async recent(limit: number): Promise<RainView[]> {
    const rows = await recentRains(this.deps.db, limit);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /** The scheduled run for the period ending at `tick`; the same tick pays once however often it runs. */
  async run(tick: Date): Promise<RainRunResult> {
    const period = rainPeriod(tick, this.config.intervalMs);
    const existing = await recentRains(this.deps.db, 1, period.id);
    if (existing[0]) return { rain: await this.view(existing[0]), paid: false };

    const [bzuPrice, net] = await Promise.all([
      this.deps.bzuPrice(),
      gamesNetInPeriod(this.deps.db, period.start, period.end),
    ]);
    const paid = await this.deps.ledger.transact(async ({ trx, post }) => {
      // The pool accounts are locked: a concurrent run of the same id waits here, then finds its row.
      const pool = new Map(
        (await lockClaimableAccounts(trx, accountCode({ house: 'rain' }))).map((account) => [
          account.currency,
          account.balance,
        ]),
      );
      // Read in the paying transaction: a player who self-excluded a moment ago gets nothing (docs/raffle.md).
      const eligible = await rainEligible(trx, {
        chattedSince: new Date(period.end.getTime() - HOUR_MS),
        wageredSince: new Date(period.end.getTime() - WEEK_MS),
        minWagerUsdE8: this.config.minWagerUsd,
        bzuPriceE8: bzuPrice,
      });
      const funded: Record<Currency, bigint> = { USD: 0n, BZU: 0n };
      const share: Record<Currency, bigint> = { USD: 0n, BZU: 0n };
      for (const currency of CURRENCIES) {
        const win = net.get(currency) ?? 0n;
        funded[currency] = win > 0n ? (win * BigInt(this.config.revenueSharePpm)) / PPM : 0n;
        const available = (pool.get(currency) ?? 0n) + funded[currency];
        share[currency] = equalSplit(available, eligible.length).share;
      }
      const fresh = await insertRain(trx, {
        id: period.id,
        periodStart: period.start,
        periodEnd: period.end,
        recipients: share.USD > 0n || share.BZU > 0n ? eligible.length : 0,
        fundedUsd: funded.USD,
        fundedBzu: funded.BZU,
        shareUsd: share.USD,
        shareBzu: share.BZU,
      });
      if (!fresh) return false;
      for (const currency of CURRENCIES) {
        if (funded[currency] > 0n) {
          await post({
            key: `${period.id}:fund:${currency}`,
            kind: 'rain-funding',
            memo: { rainId: period.id },
            legs: [
              { account: { house: 'games' }, currency, amount: -funded[currency] },
              { account: { house: 'rain' }, currency, amount: funded[currency] },
            ],
          });
        }
        if (share[currency] > 0n) {
          await post({
            key: `${period.id}:payout:${currency}`,
            kind: 'rain-payout',
            memo: { rainId: period.id, share: share[currency].toString(), recipients: eligible.length },
            legs: [
              { account: { house: 'rain' }, currency, amount: -share[currency] * BigInt(eligible.length) },
              ...eligible.map((user) => ({ account: { user: user.id }, currency, amount: share[currency] })),
            ],
          });
        }
      }
      if (share.USD > 0n || share.BZU > 0n)
        await insertRainRecipients(
          trx,
          period.id,
          eligible.map((user) => user.id),
        );
      return true;
    });
    const [row] = await recentRains(this.deps.db, 1, period.id);
    const rain = await this.view(row!);
    if (paid && rain.recipients.length > 0) {
      await this.deps.chat
        .post({ kind: 'rain', userId: null, message: rainLine(rain) })
        .catch((error: unknown) => this.deps.onLineError?.(error));
    }
    return { rain, paid };
  }

  /** `trx`: read within a transaction that moved the pool. */
  private async poolBalances(trx?: Db): Promise<Record<Currency, bigint>> {
    const code = accountCode({ house: 'rain' });
    const accounts = trx
      ? await lockClaimableAccounts(trx, code)
      : await this.deps.db.transaction().execute((inner) => lockClaimableAccounts(inner, code));
    const found = new Map(accounts.map((account) => [account.currency, account.balance]));
    return { USD: found.get('USD') ?? 0n, BZU: found.get('BZU') ?? 0n };
  }

  private async view(row: RainRow): Promise<RainView> {
    return {
      id: row.id,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      recipients: await rainRecipientNames(this.deps.db, row.id),
      funded: { USD: formatAmount(row.fundedUsd), BZU: formatAmount(row.fundedBzu) },
      share: { USD: formatAmount(row.shareUsd), BZU: formatAmount(row.shareBzu) },
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/** The chat line of a rain: what each got and who. */
export function rainLine(rain: RainView): string {
  const parts = CURRENCIES.filter((currency) => rain.share[currency] !== '0').map(
    (currency) => `${rain.share[currency]} ${currency}`,
  );
  const names = rain.recipients.slice(0, MAX_NAMES_IN_LINE).join(', ');
  const more =
    rain.recipients.length > MAX_NAMES_IN_LINE ? ` and ${rain.recipients.length - MAX_NAMES_IN_LINE} more` : '';
  return `Rain! ${rain.recipients.length} player${rain.recipients.length === 1 ? '' : 's'} got ${parts.join(' + ')} each: ${names}${more}`;
}
