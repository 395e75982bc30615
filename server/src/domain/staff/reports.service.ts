import type { Db } from '../../../../db/client.js';
import {
  refreshReportDay,
  HOUSE_PROVIDER,
  type GameFamily,
} from '../../../../db/repositories/report-aggregates.repo.js';
import {
  firstActivityDay,
  ggrBy,
  providerGameRtps,
  rtpAggregates,
  summary,
  type GgrDimension,
  type GgrRow,
  type ReportRange,
  type SummaryRow,
} from '../../../../db/repositories/reports.repo.js';
import { DomainError } from '../errors.js';
import { GAMES, ROUND_GAMES } from '../games/registry.js';
import { formatAmount } from '../wallet/amounts.js';
import { rtpVerdict, type RtpVerdict } from './rtp-watch.js';

const DAY_MS = 86_400_000;
/** A report spans at most this many days: a decade of days is still a few thousand aggregate rows. */
const MAX_REPORT_DAYS = 3_700;

/** Every house game's family (its own catalogue category): the aggregates' `family` of originals and round games. */
const HOUSE_FAMILIES: GameFamily[] = [...GAMES, ...ROUND_GAMES].map((game) => ({
  slug: game.slug,
  family: game.categories[0],
}));
const HOUSE_RTP = new Map<string, number>([...GAMES, ...ROUND_GAMES].map((game) => [game.slug, Number(game.rtp)]));

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface RtpWatchRow extends RtpVerdict {
  provider: string;
  game: string;
  bets: number;
  /** Stake-weighted: total paid over total staked, percent. */
  paidPercent: number;
  publishedPercent: number | null;
}

/**
 * The operator's reports (issue 43), served from daily aggregates the worker keeps current (`refreshRecent`), so a
 * report over a year reads a few thousand rows, not a year of bets. Amounts are exact decimal strings.
 */
export class ReportsService {
  constructor(private readonly db: Db) {}

  /** Rewrites one UTC day's aggregates (idempotent: the day's rows are replaced whole). */
  refreshDay(day: string): Promise<void> {
    return refreshReportDay(this.db, day, HOUSE_FAMILIES);
  }

  /**
   * Today and yesterday (UTC): today is still moving, and yesterday's late settlements, rollbacks and payouts land
   * after midnight. Older days change only by a rebuild (`reports:rebuild`).
   */
  async refreshRecent(now: Date): Promise<string[]> {
    const days = [dayOf(new Date(now.getTime() - DAY_MS)), dayOf(now)];
    for (const day of days) await this.refreshDay(day);
    return days;
  }

  /** Every day from `from` (default: the first day anything happened) to `to` (default today). */
  async rebuild(now: Date, from?: string, to?: string): Promise<number> {
    const first = from ?? (await firstActivityDay(this.db));
    if (!first) return 0;
    const last = to ?? dayOf(now);
    let count = 0;
    for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
      await this.refreshDay(dayOf(new Date(at)));
      count += 1;
    }
    return count;
  }

  async ggr(range: ReportRange, by: GgrDimension): Promise<GgrRow[]> {
    checkRange(range);
    return ggrBy(this.db, range, by);
  }

  async summary(range: ReportRange): Promise<SummaryRow[]> {
    checkRange(range);
    return summary(this.db, range);
  }

  /** Every game with settled bets: realised against published RTP, flagged when far out (rtp-watch.ts). */
  async rtpWatch(): Promise<RtpWatchRow[]> {
    const [aggregates, providerRtps] = await Promise.all([rtpAggregates(this.db), providerGameRtps(this.db)]);
    const published = new Map(providerRtps.map((row) => [`${row.provider}/${row.game}`, Number(row.rtp)]));
    const rows = aggregates.map((row) => {
      const rtp =
        row.provider === HOUSE_PROVIDER ? HOUSE_RTP.get(row.game) : published.get(`${row.provider}/${row.game}`);
      const bets = Number(row.bets);
      const stake = BigInt(row.stakeE8);
      return {
        provider: row.provider,
        game: row.game,
        bets,
        paidPercent: stake > 0n ? Number((BigInt(row.payoutE8) * 1_000_000n) / stake) / 10_000 : 0,
        publishedPercent: rtp ?? null,
        ...rtpVerdict({ bets, ratioSum: row.ratioSum, ratioSqSum: row.ratioSqSum }, rtp ?? null),
      };
    });
    // Flagged first, then the most played.
    return rows.sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.bets - a.bets);
  }

  /** The summary or a GGR breakdown as CSV: amounts in whole units (exact decimals), one line per row. */
  async csv(range: ReportRange, report: 'summary' | GgrDimension): Promise<string> {
    if (report === 'summary') {
      const rows = await this.summary(range);
      const header =
        'period,currency,ggr,rakeback,promotions,house_tips,ngr,deposits,deposit_count,withdrawals,withdrawal_count,burn_usd,burned_bzu,active_players,new_players,depositing_players';
      return toCsv(
        header,
        rows.map((r) => [
          r.bucket,
          range.currency,
          formatAmount(BigInt(r.ggrE8)),
          formatAmount(BigInt(r.rakebackE8)),
          formatAmount(BigInt(r.promotionsE8)),
          formatAmount(BigInt(r.houseTipsE8)),
          formatAmount(BigInt(r.ngrE8)),
          formatAmount(BigInt(r.depositsE8)),
          r.deposits,
          formatAmount(BigInt(r.withdrawalsE8)),
          r.withdrawals,
          formatAmount(BigInt(r.burnUsdE8)),
          formatAmount(BigInt(r.burnedBzuE8)),
          r.activePlayers,
          r.newPlayers,
          r.depositingPlayers,
        ]),
      );
    }
    const rows = await this.ggr(range, report);
    return toCsv(
      `period,currency,${report},bets,stakes,wins,ggr`,
      rows.map((r) => [
        r.bucket,
        range.currency,
        r.key,
        r.bets,
        formatAmount(BigInt(r.stakeE8)),
        formatAmount(BigInt(r.payoutE8)),
        formatAmount(BigInt(r.ggrE8)),
      ]),
    );
  }
}

function checkRange(range: ReportRange): void {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to))
    throw new DomainError('BAD_REQUEST', 'from and to must be days (YYYY-MM-DD)');
  if (to < from) throw new DomainError('BAD_REQUEST', 'to must not be before from');
  if ((to - from) / DAY_MS > MAX_REPORT_DAYS)
    throw new DomainError('BAD_REQUEST', `A report spans at most ${MAX_REPORT_DAYS} days`);
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled (game names are free text). */
function toCsv(header: string, rows: (string | number)[][]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows.map((row) => row.map(field).join(','))].join('\r\n') + '\r\n';
}
