import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import { lockClaimableAccounts } from '../../../../db/repositories/economy.repo.js';
import {
  drawnRaffles,
  dueRaffleIds,
  entrantSources,
  findOpenRaffle,
  findRaffle,
  insertEntrants,
  insertFreeEntry,
  insertPrizes,
  insertRaffle,
  lastClosedBy,
  markClosed,
  markDrawn,
  raffleEntrants,
  rafflePrizes,
  replaceEntrants,
  setClosesAt,
  type EntrantSources,
  type RaffleRow,
} from '../../../../db/repositories/raffle.repo.js';
import { excludedAmong } from '../../../../db/repositories/responsible-gaming.repo.js';
import { houseGamesRevenue } from '../../../../db/repositories/token-economy.repo.js';
import { RunningRevenue } from './running-revenue.js';
import { DomainError } from '../errors.js';
import type { EventOutbox, OutboxEntry } from '../events/event-outbox.js';
import { HOLDER_TIERS, holderTier } from '../token/holder-tiers.js';
import { formatAmount } from '../wallet/amounts.js';
import { accountCode, type LedgerService } from '../wallet/ledger.service.js';
import { drawWinners, entrantsCsv, ticketRanges, type TicketRange } from './rules/raffle-draw.js';
import { formatChance, prizeLabel, winChance } from './rules/raffle-odds.js';
import { PPM, prizeAmounts, prizeShares, ticketsFor, type TicketRule } from './rules/raffle-prizes.js';
import type { RafflePastInput } from './raffle.schemas.js';
import type {
  CurrentRaffle,
  DrawnRaffle,
  RaffleDetail,
  RaffleDrawResult,
  RaffleMine,
  RafflePastPage,
  RaffleTickResult,
} from './raffle.views.js';

export interface RaffleConfig {
  enabled: boolean;
  periodMs: number;
  /** Minutes after 00:00 UTC of the close every period is aligned to (RAFFLE_CLOSE_UTC). */
  closeUtcMinutes: number;
  /** Share of the house's net gaming revenue (USD) in the period that funds the pool, ppm. */
  revenueSharePpm: number;
  rule: TicketRule;
  /** The listed top prizes in ppm of the pool, then `equalPrizes` equal ones sharing the rest. */
  topPrizesPpm: number[];
  equalPrizes: number;
}

export interface RaffleDeps {
  db: Db;
  ledger: LedgerService;
  /** raffle-win and raffle-update go through the outbox: written with the change, published after commit. */
  outbox: Pick<EventOutbox, 'write' | 'publishSoon'>;
  chat: { post(line: { kind: 'raffle'; userId: null; message: string }): Promise<unknown> };
  isExcluded(userId: number): Promise<boolean>;
  onBackgroundError?(error: unknown, what: string): void;
  now?: () => Date;
}

/** Ledger kinds of the raffle's own movements: not gaming revenue, so a close never counts its own funding. */
export const RAFFLE_FUNDING_KIND = 'raffle-funding';
export const RAFFLE_PRIZES_KIND = 'raffle-prizes';
const POOL_ACCOUNT = accountCode({ house: 'raffle' });
/** How long the all-players figures of the open raffle are reused (the page polls; every bet would recount). */
const LIVE_CACHE_MS = 3_000;
const MAX_NAMES_IN_LINE = 5;

const hmacSha256 = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message).digest());
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The close of the period `at` falls in: the first `closeUtc + k * period` after `at`. */
export function periodCloseAfter(at: Date, periodMs: number, closeUtcMinutes: number): Date {
  const anchor = Date.UTC(2026, 0, 1) + closeUtcMinutes * 60_000;
  const k = Math.floor((at.getTime() - anchor) / periodMs) + 1;
  return new Date(anchor + k * periodMs);
}

/** One player's tickets and where they came from. */
interface EntrantFigures {
  userId: number;
  tickets: number;
  wageredUsd: bigint;
  wageredBzu: bigint;
  holderBonus: number;
  freeEntry: boolean;
}

type Entrant = TicketRange & EntrantFigures;

/** The open raffle's all-players figures, as cached for LIVE_CACHE_MS. */
interface LiveFigures {
  raffleId: string;
  at: number;
  entrants: Entrant[];
  revenue: bigint;
  jackpot: bigint;
}

/**
 * A player's tickets from their sources. The holder bonus goes to players who took part (wagered in the period or
 * claimed the free entry): holding BZU alone enters nobody.
 */
export function entrantFigures(rule: TicketRule, source: EntrantSources): EntrantFigures {
  const holderBonus = holderTier(source.bzuHeld).raffleTickets;
  const tickets = ticketsFor(rule, {
    wageredUsd: source.wageredUsd,
    wageredBzu: source.wageredBzu,
    holderBonus,
    freeEntry: source.freeEntry ? 1 : 0,
  });
  return {
    userId: source.userId,
    tickets,
    wageredUsd: source.wageredUsd,
    wageredBzu: source.wageredBzu,
    holderBonus,
    freeEntry: source.freeEntry,
  };
}

/** The draw's entrants: players with at least one ticket, each with their ticket range. */
export function entrantsFrom(rule: TicketRule, sources: readonly EntrantSources[]): Entrant[] {
  const byUser = new Map(sources.map((source) => [source.userId, entrantFigures(rule, source)]));
  return withTicketRanges([...byUser.values()]);
}

/** Ticket ranges over players (one each), every player keeping its figures. */
function withTicketRanges<T extends { userId: number; tickets: number }>(players: readonly T[]): (T & TicketRange)[] {
  const byUser = new Map(players.map((player) => [player.userId, player]));
  return ticketRanges(players.map(({ userId, tickets }) => ({ userId, tickets }))).map((range) => ({
    ...byUser.get(range.userId)!,
    ...range,
  }));
}

/** What is published with an entrants list: the hash of its CSV (what the draw's HMAC message names) and its totals. */
function publishedFigures(entrants: readonly TicketRange[]): {
  entrantsHash: string;
  totalTickets: number;
  players: number;
} {
  const ranges = entrants.map(({ userId, tickets, firstTicket, lastTicket }) => ({
    userId,
    tickets,
    firstTicket,
    lastTicket,
  }));
  return {
    entrantsHash: sha256Hex(entrantsCsv(ranges)),
    totalTickets: entrants.reduce((sum, entrant) => sum + entrant.tickets, 0),
    players: entrants.length,
  };
}

/** The Trollbox line of a draw. */
export function drawLine(raffle: RaffleDetail): string {
  const paid = raffle.prizes.filter((prize) => prize.amount !== '0');
  if (paid.length === 0)
    return `Raffle #${raffle.id} drawn: no prizes this time, $${raffle.pool} rolls into the jackpot. Replay it on /raffle`;
  const names = paid
    .slice(0, MAX_NAMES_IN_LINE)
    .map((prize) => `${prize.username} won $${prize.amount} (${prize.label} prize)`);
  const more = paid.length > MAX_NAMES_IN_LINE ? ` and ${paid.length - MAX_NAMES_IN_LINE} more prizes` : '';
  return `Raffle #${raffle.id} drawn: ${names.join(', ')}${more}. Replay it on /raffle`;
}

/**
 * Raffles: one per period, open -> closed -> drawn, each step under the raffle's row lock, so a retried or concurrent
 * job does every step once. Money moves through the ledger only: at close the revenue share goes house:games ->
 * house:raffle; the draw pays house:raffle -> winners in the transaction that marks the raffle drawn. What is not
 * paid out (unawarded prizes, dust) stays in house:raffle: the jackpot the next raffle carries in. docs/raffle.md.
 */
export class RaffleService {
  private readonly now: () => Date;
  private readonly shares: bigint[];
  private live: LiveFigures | null = null;
  private readonly runningRevenue = new RunningRevenue();
  /** The computation under way, shared by every caller that misses the cache meanwhile (one query set, not one each). */
  private liveInFlight: { raffleId: string; figures: Promise<LiveFigures> } | null = null;

  constructor(
    private readonly deps: RaffleDeps,
    private readonly config: RaffleConfig,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.shares = prizeShares(config.topPrizesPpm, config.equalPrizes);
  }

  /** The job's entry (every 60 s): close and draw every raffle past its close, then make sure one is open. */
  async tick(): Promise<RaffleTickResult> {
    const result: RaffleTickResult = { opened: null, closed: [], drawn: [] };
    for (const id of await dueRaffleIds(this.deps.db, this.now())) {
      if (await this.close(id)) result.closed.push(id);
      if ((await this.draw(id)).paid) result.drawn.push(id);
    }
    if (this.config.enabled) result.opened = (await this.ensureOpen()).opened;
    return result;
  }

  /** The operator's draw (CLI raffle:draw, the browser test): closes the open raffle now, draws it, opens the next. */
  async drawNow(): Promise<RaffleDrawResult> {
    // A fresh install (no job has run yet) has no raffle: open the period's first, then draw it.
    if (this.config.enabled) await this.ensureOpen();
    const now = this.now();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const open = await findOpenRaffle(trx, { lock: 'update' });
      if (!open) return null;
      if (open.opensAt.getTime() >= now.getTime())
        throw new DomainError('CONFLICT', 'The open raffle started this instant; try again in a moment', {
          code: 'RAFFLE_JUST_OPENED',
        });
      await setClosesAt(trx, open.id, now);
      return open.id;
    });
    if (!id) throw new DomainError('CONFLICT', 'No raffle is open', { code: 'RAFFLE_NOT_OPEN' });
    await this.close(id);
    const drawn = await this.draw(id);
    if (this.config.enabled) await this.ensureOpen();
    return drawn;
  }

  /** The open raffle of the current period; opened here when missing (a fresh install before the first job). */
  async ensureOpen(): Promise<{ raffle: RaffleRow; opened: string | null }> {
    // One past its close stays open until the job (tick) closes and draws it: a page view never draws.
    const existing = await findOpenRaffle(this.deps.db);
    if (existing) return { raffle: existing, opened: null };
    const now = this.now();
    const closesAt = periodCloseAfter(now, this.config.periodMs, this.config.closeUtcMinutes);
    // Tickets count from the period's start, or from the previous raffle's (early) close if later: no bet is lost
    // between two raffles, none counts twice. (Only raffles closed by now: a concurrent run may have just opened the
    // next one, whose close is in the future; this run then loses the insert and returns that one.)
    const last = await lastClosedBy(this.deps.db, now);
    const periodStart = closesAt.getTime() - this.config.periodMs;
    const opensAt = new Date(last && last.closesAt.getTime() > periodStart ? last.closesAt.getTime() : periodStart);
    const serverSeed = randomBytes(32).toString('hex');
    let update: OutboxEntry | undefined;
    const inserted = await this.deps.db.transaction().execute(async (trx) => {
      const row = await insertRaffle(trx, {
        opensAt,
        closesAt,
        serverSeed,
        serverSeedHash: sha256Hex(serverSeed),
        revenueSharePpm: this.config.revenueSharePpm,
        prizeSharesPpm: this.shares.map(Number),
        usdPerTicket: this.config.rule.usdPerTicket,
        bzuPerTicket: this.config.rule.bzuPerTicket,
      });
      if (row) update = await this.updateEvent(trx, row.id, 'open');
      return row;
    });
    if (inserted && update) {
      this.statusChanged([update]);
      return { raffle: inserted, opened: inserted.id };
    }
    // Another run opened it first.
    const winner = await findOpenRaffle(this.deps.db);
    if (!winner)
      throw new DomainError('CONFLICT', 'The next raffle could not be opened; the job retries', {
        code: 'RAFFLE_OPEN_CONFLICT',
      });
    return { raffle: winner, opened: null };
  }

  /**
   * Closes a raffle past its close time: counts the tickets, publishes the entrants list's hash and moves the revenue
   * share into the pool. False when it was already closed (or drawn) by another run.
   */
  async close(id: string): Promise<boolean> {
    let update: OutboxEntry | undefined;
    const closed = await this.deps.ledger.transact(async ({ trx, post }) => {
      const raffle = await findRaffle(trx, id, { lock: 'update' });
      if (!raffle || raffle.status !== 'open') return false;
      if (raffle.closesAt.getTime() > this.now().getTime()) {
        throw new DomainError('CONFLICT', `Raffle #${id} closes at ${raffle.closesAt.toISOString()}`, {
          code: 'RAFFLE_NOT_CLOSED',
        });
      }
      const entrants = entrantsFrom(ruleOf(raffle), await entrantSources(trx, raffle));
      const revenue = await houseGamesRevenue(trx, raffle.opensAt, raffle.closesAt);
      const funded = revenue > 0n ? (revenue * BigInt(raffle.revenueSharePpm)) / PPM : 0n;
      // The pool account is locked: its balance is the jackpot carried in, nothing else moves it meanwhile.
      const [usd] = (await lockClaimableAccounts(trx, POOL_ACCOUNT)).filter((account) => account.currency === 'USD');
      const jackpot = usd?.balance ?? 0n;
      if (funded > 0n) {
        await post({
          key: `raffle:${id}:funding`,
          kind: RAFFLE_FUNDING_KIND,
          memo: { raffleId: id, revenue: formatAmount(revenue), sharePpm: raffle.revenueSharePpm },
          legs: [
            { account: { house: 'games' }, currency: 'USD', amount: -funded },
            { account: { house: 'raffle' }, currency: 'USD', amount: funded },
          ],
        });
      }
      await insertEntrants(trx, id, entrants);
      await markClosed(trx, id, {
        ...publishedFigures(entrants),
        revenue,
        funded,
        jackpot,
        pool: jackpot + funded,
      });
      update = await this.updateEvent(trx, id, 'closed');
      return true;
    });
    if (closed && update) this.statusChanged([update]);
    return closed;
  }

  /**
   * Draws a closed raffle and pays its prizes, in one transaction under the raffle's row lock: a second or concurrent
   * run finds it drawn and pays nothing.
   */
  async draw(id: string): Promise<RaffleDrawResult> {
    let events: OutboxEntry[] = [];
    const paid = await this.deps.ledger.transact(async ({ trx, post }) => {
      const raffle = await findRaffle(trx, id, { lock: 'update' });
      if (!raffle) throw new DomainError('NOT_FOUND', `No raffle #${id}`, { code: 'RAFFLE_NOT_FOUND' });
      if (raffle.status !== 'closed') return false;
      const { entrants, entrantsHash } = await this.voidExcludedEntrants(trx, raffle);
      const shares = raffle.prizeSharesPpm.map(BigInt);
      const amounts = prizeAmounts(raffle.pool!, shares);
      const winners = await drawWinners(hmacSha256, {
        raffleId: id,
        serverSeed: raffle.serverSeed,
        entrantsHash,
        ranges: entrants,
        prizeCount: shares.length,
      });
      const prizes = winners.map((winner) => ({
        prizeIndex: winner.prizeIndex,
        ticket: winner.ticket,
        userId: winner.userId,
        amount: amounts[winner.prizeIndex]!,
      }));
      const paying = prizes.filter((prize) => prize.amount > 0n);
      const total = paying.reduce((sum, prize) => sum + prize.amount, 0n);
      let transactionId: string | null = null;
      if (total > 0n) {
        const posted = await post({
          key: `raffle:${id}:prizes`,
          kind: RAFFLE_PRIZES_KIND,
          memo: { raffleId: id, prizes: paying.length },
          legs: [
            { account: { house: 'raffle' }, currency: 'USD', amount: -total },
            ...paying.map((prize) => ({
              account: { user: prize.userId },
              currency: 'USD' as const,
              amount: prize.amount,
            })),
          ],
        });
        if (!posted.posted)
          throw new DomainError('CONFLICT', `Raffle #${id} was paid by another run`, { code: 'RAFFLE_ALREADY_PAID' });
        transactionId = posted.transactionId ?? null;
      }
      await insertPrizes(trx, id, prizes, transactionId);
      await markDrawn(trx, id, total);
      events = await Promise.all(
        paying.map((prize) =>
          this.deps.outbox.write(trx, 'raffle-win', {
            userId: String(prize.userId),
            raffleId: id,
            prizeIndex: prize.prizeIndex,
            amount: formatAmount(prize.amount),
            currency: 'USD',
          }),
        ),
      );
      events.push(await this.updateEvent(trx, id, 'drawn'));
      return true;
    });
    const raffle = await this.byId(id);
    if (paid) {
      this.statusChanged(events);
      await this.deps.chat
        .post({ kind: 'raffle', userId: null, message: drawLine(raffle) })
        .catch((error: unknown) => this.deps.onBackgroundError?.(error, 'raffle chat line'));
    }
    return { raffle, paid };
  }

  /**
   * The closed raffle's entrants less those self-excluded now: the close left out players excluded then, and one who
   * excluded since (a draw retried later) loses their tickets too. The list, its hash and totals are rewritten before
   * the draw reads them, so the published CSV is the one drawn from and a replay verifies.
   */
  private async voidExcludedEntrants(
    trx: Db,
    raffle: RaffleRow,
  ): Promise<{ entrants: TicketRange[]; entrantsHash: string }> {
    const listed = await raffleEntrants(trx, raffle.id);
    const excluded = await excludedAmong(
      trx,
      listed.map((entrant) => entrant.userId),
    );
    if (excluded.size === 0) return { entrants: listed, entrantsHash: raffle.entrantsHash! };
    const entrants = withTicketRanges(listed.filter((entrant) => !excluded.has(entrant.userId)));
    const figures = publishedFigures(entrants);
    await replaceEntrants(trx, raffle.id, entrants, figures);
    return { entrants, entrantsHash: figures.entrantsHash };
  }

  /**
   * The open raffle with live figures; `mine` for a signed-in player. Null when raffles are switched off: an answer,
   * not an outage (a 503 would send clients into their maintenance check).
   */
  async current(userId: number | null): Promise<CurrentRaffle | null> {
    if (!this.config.enabled) return null;
    const { raffle } = await this.ensureOpen();
    const live = await this.liveFigures(raffle);
    const rule = ruleOf(raffle);
    const { mine, totalTickets, players } =
      userId === null
        ? {
            mine: null,
            totalTickets: live.entrants.reduce((sum, entrant) => sum + entrant.tickets, 0),
            players: live.entrants.length,
          }
        : await this.withOwnFigures(raffle, live, userId);
    const revenueShare = live.revenue > 0n ? (live.revenue * BigInt(raffle.revenueSharePpm)) / PPM : 0n;
    const estimated = live.jackpot + revenueShare;
    const shares = raffle.prizeSharesPpm.map(BigInt);
    const amounts = prizeAmounts(estimated, shares);
    return {
      id: raffle.id,
      status: raffle.status,
      opensAt: raffle.opensAt.toISOString(),
      closesAt: raffle.closesAt.toISOString(),
      serverSeedHash: raffle.serverSeedHash,
      totalTickets,
      players,
      pool: {
        estimated: formatAmount(estimated),
        jackpot: formatAmount(live.jackpot),
        revenueShare: formatAmount(revenueShare),
      },
      prizes: shares.map((share, index) => ({
        index,
        label: prizeLabel(index),
        sharePpm: Number(share),
        estimatedAmount: formatAmount(amounts[index]!),
      })),
      currency: 'USD',
      ticketRule: { usdPerTicket: formatAmount(rule.usdPerTicket), bzuPerTicket: formatAmount(rule.bzuPerTicket) },
      holderBonusByTier: HOLDER_TIERS.filter((tier) => tier.raffleTickets > 0).map((tier) => ({
        tier: tier.id,
        name: tier.name,
        tickets: tier.raffleTickets,
      })),
      mine,
    };
  }

  /** The free daily entry: one ticket, once per raffle, only while it is open. Returns the player's figures. */
  async claimFreeEntry(userId: number): Promise<RaffleMine> {
    if (!this.config.enabled)
      throw new DomainError('CONFLICT', 'Raffles are switched off on this platform', { code: 'RAFFLE_DISABLED' });
    if (await this.deps.isExcluded(userId))
      throw new DomainError('FORBIDDEN', 'Your account is self-excluded', { code: 'SELF_EXCLUDED' });
    const { raffle: open } = await this.ensureOpen();
    // A share lock: the close (which takes the row for update) either sees this entry or runs first.
    const raffle = await this.deps.db.transaction().execute(async (trx) => {
      const locked = await findRaffle(trx, open.id, { lock: 'share' });
      if (!locked || locked.status !== 'open' || locked.closesAt.getTime() <= this.now().getTime()) {
        throw new DomainError('CONFLICT', 'This raffle has closed; the free entry opens again with the next one', {
          code: 'RAFFLE_CLOSED',
        });
      }
      await insertFreeEntry(trx, locked.id, userId);
      return locked;
    });
    return (await this.withOwnFigures(raffle, await this.liveFigures(raffle), userId)).mine;
  }

  async past(input: RafflePastInput): Promise<RafflePastPage> {
    const rows = await drawnRaffles(this.deps.db, { beforeId: input.cursor, limit: input.limit + 1 });
    const page = rows.slice(0, input.limit);
    const prizes = await rafflePrizes(
      this.deps.db,
      page.map((row) => row.id),
    );
    return {
      items: page.map((row) => this.detail(row, prizes.get(row.id) ?? []) as DrawnRaffle),
      nextCursor: rows.length > input.limit ? page.at(-1)!.id : null,
    };
  }

  async byId(id: string): Promise<RaffleDetail> {
    const row = await findRaffle(this.deps.db, id);
    if (!row) throw new DomainError('NOT_FOUND', `No raffle #${id}`, { code: 'RAFFLE_NOT_FOUND' });
    const prizes = row.status === 'drawn' ? ((await rafflePrizes(this.deps.db, [id])).get(id) ?? []) : [];
    return this.detail(row, prizes);
  }

  /** The published entrants list, byte for byte what the entrants hash covers; only once the raffle has closed. */
  async entrantsCsv(id: string): Promise<{ raffleId: string; entrantsHash: string; csv: string }> {
    const row = await findRaffle(this.deps.db, id);
    if (!row) throw new DomainError('NOT_FOUND', `No raffle #${id}`, { code: 'RAFFLE_NOT_FOUND' });
    if (row.status === 'open')
      throw new DomainError('CONFLICT', `Raffle #${id} is still open; its entrants list is published when it closes`, {
        code: 'RAFFLE_OPEN',
      });
    const ranges = (await raffleEntrants(this.deps.db, id)).map(({ userId, tickets, firstTicket, lastTicket }) => ({
      userId,
      tickets,
      firstTicket,
      lastTicket,
    }));
    return { raffleId: id, entrantsHash: row.entrantsHash!, csv: entrantsCsv(ranges) };
  }

  /**
   * The player's own figures, read now (they may have just played; what they wagered shows even before it makes a
   * ticket), and the cached all-players totals adjusted to match them.
   */
  private async withOwnFigures(
    raffle: RaffleRow,
    live: LiveFigures,
    userId: number,
  ): Promise<{ mine: RaffleMine; totalTickets: number; players: number }> {
    const [source] = await entrantSources(this.deps.db, raffle, userId);
    const fresh = source ? entrantFigures(ruleOf(raffle), source) : undefined;
    const cached = live.entrants.find((entrant) => entrant.userId === userId);
    const totalTickets =
      live.entrants.reduce((sum, entrant) => sum + entrant.tickets, 0) + (fresh?.tickets ?? 0) - (cached?.tickets ?? 0);
    const players = live.entrants.length + (fresh && fresh.tickets > 0 ? 1 : 0) - (cached ? 1 : 0);
    return { mine: this.mine(fresh, totalTickets, raffle.prizeSharesPpm.length), totalTickets, players };
  }

  private mine(entrant: EntrantFigures | undefined, totalTickets: number, prizeCount: number): RaffleMine {
    const tickets = entrant?.tickets ?? 0;
    return {
      tickets,
      wageredUsd: formatAmount(entrant?.wageredUsd ?? 0n),
      wageredBzu: formatAmount(entrant?.wageredBzu ?? 0n),
      holderBonus: entrant?.holderBonus ?? 0,
      freeEntry: entrant?.freeEntry ?? false,
      winChance: formatChance(winChance(tickets, totalTickets, prizeCount)),
    };
  }

  private async liveFigures(raffle: RaffleRow): Promise<LiveFigures> {
    const at = Date.now();
    if (this.live && this.live.raffleId === raffle.id && at - this.live.at < LIVE_CACHE_MS) return this.live;
    if (this.liveInFlight?.raffleId === raffle.id) return this.liveInFlight.figures;
    const figures = this.computeLiveFigures(raffle, at);
    this.liveInFlight = { raffleId: raffle.id, figures };
    try {
      return await figures;
    } finally {
      if (this.liveInFlight?.figures === figures) this.liveInFlight = null;
    }
  }

  private async computeLiveFigures(raffle: RaffleRow, at: number): Promise<LiveFigures> {
    const end = this.now();
    const [sources, revenue, jackpot] = await Promise.all([
      entrantSources(this.deps.db, raffle),
      this.runningRevenue.since(this.deps.db, raffle, end),
      accountBalance(this.deps.db, POOL_ACCOUNT, 'USD'),
    ]);
    this.live = { raffleId: raffle.id, at, entrants: entrantsFrom(ruleOf(raffle), sources), revenue, jackpot };
    return this.live;
  }

  private detail(
    row: RaffleRow,
    prizes: { prizeIndex: number; amount: bigint; ticket: number; userId: number; username: string }[],
  ): RaffleDetail {
    const drawn = row.status === 'drawn';
    const pool = row.pool ?? 0n;
    return {
      id: row.id,
      status: row.status,
      opensAt: row.opensAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      drawnAt: row.drawnAt?.toISOString() ?? null,
      // The seed is revealed with the results, never before.
      serverSeed: drawn ? row.serverSeed : null,
      serverSeedHash: row.serverSeedHash,
      entrantsHash: row.entrantsHash,
      totalTickets: row.totalTickets ?? 0,
      players: row.players ?? 0,
      pool: formatAmount(pool),
      jackpotCarried: formatAmount(row.jackpot ?? 0n),
      revenueShare: formatAmount(row.funded ?? 0n),
      prizeCount: row.prizeSharesPpm.length,
      prizes: prizes.map((prize) => ({
        index: prize.prizeIndex,
        label: prizeLabel(prize.prizeIndex),
        amount: formatAmount(prize.amount),
        ticket: prize.ticket,
        userId: prize.userId,
        username: prize.username,
      })),
      unawardedAmount: formatAmount(drawn ? pool - (row.paid ?? 0n) : 0n),
    };
  }

  /** After a status change commits: the cached live totals are stale, and its outbox events go out. */
  private statusChanged(events: OutboxEntry[]): void {
    this.live = null;
    // Durable in the outbox: nothing waits for Redis (the sweep publishes them if this publish fails).
    this.deps.outbox.publishSoon(events);
  }

  /** The raffle's new status for the public raffle channel, written in the transaction that made it so (outbox). */
  private updateEvent(trx: Db, raffleId: string, status: 'open' | 'closed' | 'drawn'): Promise<OutboxEntry> {
    return this.deps.outbox.write(trx, 'raffle-update', { raffleId, status });
  }
}

function ruleOf(raffle: RaffleRow): TicketRule {
  return { usdPerTicket: raffle.usdPerTicket, bzuPerTicket: raffle.bzuPerTicket };
}
