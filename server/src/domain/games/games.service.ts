import type { Db } from '../../../../db/client.js';
import { betById, betsOfUser, betStats, recentBets } from '../../../../db/repositories/games.repo.js';
import { hidesBets, setHidesBets } from '../../../../db/repositories/bet-privacy.repo.js';
import { playerProviderRounds } from '../../../../db/repositories/providers.repo.js';
import { DomainError } from '../errors.js';
import { CURRENCIES, formatAmount, type Currency } from '../wallet/amounts.js';
import { betsCsv, toBetView, type BetView } from './bet.views.js';
import type { GameLimits } from './engine/bet-engine.js';
import type { MyBetsInput } from './games.schemas.js';
import type { GameCategory } from './game-module.js';
import { GAMES, ROUND_GAMES, type AnySlug } from './registry.js';

export interface GameInfo {
  id: string;
  slug: AnySlug;
  name: string;
  /** The game's own category page (`/casino/<category>`). */
  category: GameCategory;
  /** Every category page that lists it, its own first (blackjack is a Blackjack game and an original). */
  categories: GameCategory[];
  /** Declared return to player, percent ("99.00"). */
  rtp: string;
  /** Percent ("1.00"). */
  houseEdge: string;
  minBet: Record<Currency, string>;
  maxProfit: Record<Currency, string>;
  description: string;
}

export interface BetStatsView {
  game: string;
  currency: Currency;
  count: number;
  wagered: string;
  /** The player's net result: payouts minus stakes (negative when down). */
  profit: string;
}

/** The name a bet's public view shows for a player who hides their bets. */
export const HIDDEN_PLAYER = 'Hidden';

/** The live feed's backfill size. */
export const RECENT_BETS = 50;
/** CSV export: the newest this many bets. */
export const EXPORT_MAX_ROWS = 10_000;

const perCurrency = (values: Record<Currency, bigint>) =>
  Object.fromEntries(CURRENCIES.map((c) => [c, formatAmount(values[c])])) as Record<Currency, string>;

function signed(value: bigint): string {
  return value < 0n ? `-${formatAmount(-value)}` : formatAmount(value);
}

/** The catalogue of originals and the read side of bets: history, details, stats, the live feed's backfill, CSV. */
export class GamesService {
  constructor(
    private readonly deps: { db: Db },
    private readonly limits: GameLimits,
  ) {}

  list(): GameInfo[] {
    // Per-call and round games, one catalogue.
    return [...GAMES, ...ROUND_GAMES].map((game) => ({
      id: game.slug,
      slug: game.slug,
      name: game.name,
      category: game.categories[0],
      categories: [...game.categories],
      rtp: game.rtp,
      houseEdge: (game.houseEdgePpm / 10_000).toFixed(2),
      minBet: perCurrency(this.limits.minBet),
      maxProfit: perCurrency(this.limits.maxProfit),
      description: game.description,
    }));
  }

  async mine(userId: number, input: MyBetsInput): Promise<{ bets: BetView[]; nextCursor: string | null }> {
    const rows = await betsOfUser(this.deps.db, userId, {
      game: input.game,
      currency: input.currency,
      state: input.state,
      beforeId: input.cursor,
      limit: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    return { bets: page.map(toBetView), nextCursor: rows.length > input.limit ? page[page.length - 1]!.id : null };
  }

  /**
   * Public: a bet's details are shareable (the seed shows only once rotated; /bets/<id> and the Trollbox's /bet card
   * read this). A player who hides their bets is "Hidden", with no user id.
   */
  async byId(id: string): Promise<BetView> {
    const row = await betById(this.deps.db, id);
    if (!row) throw new DomainError('NOT_FOUND', 'No such bet', { code: 'NOT_FOUND' });
    const view = toBetView(row);
    return (await hidesBets(this.deps.db, row.userId)) ? { ...view, userId: '', username: HIDDEN_PLAYER } : view;
  }

  betPrivacy(userId: number): Promise<{ hidden: boolean }> {
    return hidesBets(this.deps.db, userId).then((hidden) => ({ hidden }));
  }

  async setBetPrivacy(userId: number, hidden: boolean): Promise<{ hidden: boolean }> {
    await setHidesBets(this.deps.db, userId, hidden);
    return { hidden };
  }

  async stats(userId: number): Promise<BetStatsView[]> {
    const rows = await betStats(this.deps.db, userId);
    return rows.map((row) => ({
      game: row.game,
      currency: row.currency,
      count: row.count,
      wagered: formatAmount(row.wagered),
      profit: signed(row.profit),
    }));
  }

  async recent(feed: 'all' | 'high-rollers'): Promise<BetView[]> {
    const rows = await recentBets(this.deps.db, { highRollers: feed === 'high-rollers', limit: RECENT_BETS });
    return rows.map(toBetView);
  }

  async exportCsv(
    userId: number,
    filter: { game?: AnySlug; currency?: Currency },
  ): Promise<{ filename: string; csv: string }> {
    const rows = await betsOfUser(this.deps.db, userId, { ...filter, limit: EXPORT_MAX_ROWS });
    // A game filter names an original; without one the studios' rounds are the player's bets too.
    const providerRounds = filter.game
      ? []
      : (await playerProviderRounds(this.deps.db, userId, { limit: EXPORT_MAX_ROWS })).filter(
          (round) => !filter.currency || round.currency === filter.currency,
        );
    const csv = betsCsv(rows, providerRounds, EXPORT_MAX_ROWS);
    return { filename: `bets${filter.game ? `-${filter.game}` : ''}.csv`, csv };
  }
}
