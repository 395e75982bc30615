import type { Db } from '../../../../db/client.js';
import {
  findPromotion,
  insertAward,
  listPromotions,
  lockAward,
  pastRaces,
  pendingAwardIds,
  type PromotionRow,
} from '../../../../db/repositories/promotions.repo.js';
import { providerWager } from '../../../../db/repositories/bonus-stakes.repo.js';
import {
  countRaceBet,
  countRaceWager,
  dueRaceIds,
  finalBoard,
  freezeBoard,
  liveBoard,
  markFinalised,
  ownPlace,
} from '../../../../db/repositories/races.repo.js';
import { DomainError } from '../errors.js';
import { formatAmount } from '../wallet/amounts.js';
import type { LedgerService } from '../wallet/ledger.service.js';
import { awardKey, payAward } from './awards.js';
import { LiveRaces } from './live-races.js';
import { providerFamilies } from './bonus-rules.js';
import { boardView, prizesView, type RaceView } from './promotions.views.js';

/** How many places a board shows (and a finished race keeps). */
export const BOARD_SIZE = 100;
/** A race's `race-update` goes out at most this often: a busy race would otherwise send one per bet. */
const UPDATE_EVERY_MS = 1_000;

export interface RaceDeps {
  db: Db;
  ledger: LedgerService;
  /** Publishes `race-update` on the public `race` channel (after the change committed). */
  announce(update: { raceId: string; finished: boolean }): Promise<unknown>;
  onBackgroundError?(error: unknown, what: string): void;
  now?: () => Date;
  /** How old the live-race snapshot may get (LiveRaces; tests shorten it). */
  liveRacesRefreshMs?: number;
}

/**
 * Wager races: players rank by what they wagered on originals in the race's window (its currency and games), ties by
 * who reached the amount first. Each settled bet is counted once per race as it settles (the bet engine's accrual
 * path, idempotent per race and bet), so a board is an index range of race_entries, never a scan of bets. Players
 * under an exclusion (time-out, closure) or opted out are left off every board read, so one excluded mid-race drops
 * off and the places below move up. At the end the job freezes the board and pays each prize once, one ledger
 * transaction per place from house:promotions.
 */
export class RaceService {
  private readonly now: () => Date;
  /** The races a settled bet may count in, so a bet in none runs no statement for them. */
  readonly liveRaces: LiveRaces;
  /** Races with an update sent in the last UPDATE_EVERY_MS -> whether another is owed when that time is up. */
  private readonly throttled = new Map<string, boolean>();

  constructor(private readonly deps: RaceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.liveRaces = new LiveRaces({
      db: deps.db,
      now: this.now,
      refreshMs: deps.liveRacesRefreshMs,
      moved: (raceIds) => raceIds.forEach((raceId) => this.boardMoved(raceId)),
    });
  }

  /**
   * The accrual: counts a settled original in the races it qualifies for, and a provider wager (keyed
   * `provider:<provider>:<transaction>`, not rolled back) in the races whose games name its family (`provider`,
   * `provider-<category>`). An original in a currency no live race is in runs no statement (LiveRaces).
   */
  async onBetSettled(bet: { betId: string; currency?: string }): Promise<void> {
    let moved: string[];
    if (/^\d{1,19}$/.test(bet.betId)) {
      if (bet.currency !== undefined && !(await this.liveRaces.mayCount(bet.currency))) return;
      moved = await countRaceBet(this.deps.db, bet.betId);
    } else {
      const wager = await providerWager(this.deps.db, bet.betId);
      if (!wager) return;
      moved = await countRaceWager(this.deps.db, { ...wager, families: providerFamilies(wager.category) });
    }
    for (const raceId of new Set(moved)) this.boardMoved(raceId);
  }

  /** Races a player may see now (active, not over), each with its live top 100 and the player's own place. */
  async live(userId: number | null): Promise<RaceView[]> {
    const rows = (await listPromotions(this.deps.db, { kind: 'race', live: true, limit: 20 })).filter(
      (row) => row.status === 'active',
    );
    return Promise.all(rows.map((row) => this.view(row, userId)));
  }

  /** Finished races with their frozen boards, newest first. */
  async past(userId: number | null, limit = 5): Promise<RaceView[]> {
    return Promise.all((await pastRaces(this.deps.db, limit)).map((row) => this.view(row, userId)));
  }

  async byId(id: string, userId: number | null): Promise<RaceView> {
    const row = await findPromotion(this.deps.db, id);
    if (!row || row.kind !== 'race') throw new DomainError('NOT_FOUND', `No race #${id}`, { code: 'RACE_NOT_FOUND' });
    return this.view(row, userId);
  }

  /** The job's entry: freeze and pay every race past its end. Safe to run twice or at once (row locks, unique keys). */
  async settleDue(): Promise<{ finalised: string[]; paid: number }> {
    const finalised: string[] = [];
    let paid = 0;
    for (const id of await dueRaceIds(this.deps.db, this.now())) {
      if (await this.finalise(id)) finalised.push(id);
      paid += await this.payPending(id);
    }
    return { finalised, paid };
  }

  /**
   * Freezes a finished race's board and records its prizes as pending awards, under the race's row lock: a second or
   * concurrent run finds it finalised and does nothing. False when it was already.
   */
  async finalise(id: string): Promise<boolean> {
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const race = await findPromotion(trx, id, { lock: 'update' });
      if (!race || race.kind !== 'race')
        throw new DomainError('NOT_FOUND', `No race #${id}`, { code: 'RACE_NOT_FOUND' });
      if (race.finalisedAt) return false;
      if (race.endsAt.getTime() > this.now().getTime())
        throw new DomainError('CONFLICT', `Race #${id} ends at ${race.endsAt.toISOString()}`, { code: 'RACE_RUNNING' });
      const prizes = race.prizeAmountsE8 ?? [];
      const board = await freezeBoard(trx, id, prizes, Math.max(BOARD_SIZE, prizes.length));
      for (const place of board) {
        const amount = prizes[place.place - 1] ?? 0n;
        if (amount === 0n) continue;
        await insertAward(trx, {
          promotionId: id,
          userId: place.userId,
          currency: race.currency,
          amountE8: amount,
          key: awardKey.place(id, place.place),
        });
      }
      await markFinalised(trx, id);
      return true;
    });
    if (done) this.publish({ raceId: id, finished: false });
    return done;
  }

  /** Pays a finalised race's pending prizes, each in its own ledger transaction under the award's row lock. */
  async payPending(id: string): Promise<number> {
    const race = await findPromotion(this.deps.db, id);
    if (!race) return 0;
    let paid = 0;
    for (const awardId of await pendingAwardIds(this.deps.db, id)) {
      const didPay = await this.deps.ledger.transact(async (tx) => {
        const award = await lockAward(tx.trx, awardId);
        if (!award || award.status !== 'pending') return false;
        await payAward(tx, race, award);
        return true;
      });
      if (didPay) paid += 1;
    }
    if (paid > 0) this.publish({ raceId: id, finished: true });
    return paid;
  }

  private async view(row: PromotionRow, userId: number | null): Promise<RaceView> {
    const prizes = row.prizeAmountsE8 ?? [];
    const finished = row.finalisedAt !== null;
    let board;
    let mine: RaceView['mine'] = null;
    if (finished) {
      const frozen = await finalBoard(this.deps.db, row.id);
      board = frozen.map((place) => ({ ...boardView([place], prizes)[0]!, prize: formatAmount(place.prizeE8) }));
      const own = frozen.find((place) => place.userId === userId);
      if (own) mine = { place: own.place, wagered: formatAmount(own.wageredE8) };
    } else {
      board = boardView(await liveBoard(this.deps.db, row.id, BOARD_SIZE), prizes);
      const own = userId === null ? undefined : await ownPlace(this.deps.db, row.id, userId);
      if (own) mine = { place: own.place, wagered: formatAmount(own.wageredE8) };
    }
    return {
      id: row.id,
      name: row.name,
      currency: row.currency,
      status: row.status,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      finished,
      games: row.games,
      pool: row.poolE8 === null ? null : formatAmount(row.poolE8),
      prizes: prizesView(row),
      board,
      mine,
    };
  }

  /** At most one `race-update` per race per UPDATE_EVERY_MS: the first at once, then one for whatever came since. */
  private boardMoved(raceId: string): void {
    if (this.throttled.has(raceId)) {
      this.throttled.set(raceId, true);
      return;
    }
    this.throttled.set(raceId, false);
    this.publish({ raceId, finished: false });
    setTimeout(() => {
      const owed = this.throttled.get(raceId);
      this.throttled.delete(raceId);
      if (owed) this.boardMoved(raceId);
    }, UPDATE_EVERY_MS).unref();
  }

  private publish(update: { raceId: string; finished: boolean }): void {
    this.deps.announce(update).catch((error: unknown) => this.deps.onBackgroundError?.(error, 'race update'));
  }
}
