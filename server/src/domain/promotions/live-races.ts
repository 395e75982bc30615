import type { Db } from '../../../../db/client.js';
import { countRaceBetsBetween, liveRaceWindows } from '../../../../db/repositories/races.repo.js';

/** How old the snapshot may get before a bet reads it again. */
const REFRESH_EVERY_MS = 3_000;
/** How far back a catch-up reaches before the last snapshot: bets carry the database's clock, the snapshot this one. */
const CLOCK_SLACK_MS = 5_000;

interface RaceWindow {
  id: string;
  currency: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Which races a settled bet may count in, known without a statement per bet (issue #47: counting every bet in no race
 * was a statement each, which a busy player's bets queued behind for a pool connection). A snapshot of the races that
 * are active and not over, read again once it is `refreshMs` old or after this process changed a race (`invalidate`).
 * A race the snapshot did not know yet (created or resumed by another process) gets, when the next snapshot finds
 * it, the bets settled since the previous snapshot counted at once (`countRaceBetsBetween`, idempotent): every bet
 * is counted as if its race had been known when it settled.
 */
export class LiveRaces {
  private snapshot: { at: Date; races: RaceWindow[] } | null = null;
  private reading: Promise<RaceWindow[]> | null = null;
  private stale = false;

  constructor(
    private readonly deps: {
      db: Db;
      now: () => Date;
      /** The races whose boards a catch-up moved. */
      moved(raceIds: string[]): void;
      refreshMs?: number;
    },
  ) {}

  /**
   * Whether a bet in `currency` settling now may count in a race (false: it counts in none, no statement needed). The
   * count itself (countRaceBet) decides by the bet's own settle time; this only keeps it from running for no race,
   * with the clocks' slack on both ends of a race's window.
   */
  async mayCount(currency: string): Promise<boolean> {
    const now = this.deps.now();
    const races = await this.current(now);
    const at = now.getTime();
    return races.some(
      (race) =>
        race.currency === currency &&
        race.startsAt.getTime() <= at + CLOCK_SLACK_MS &&
        at - CLOCK_SLACK_MS < race.endsAt.getTime(),
    );
  }

  /** This process changed a race: the next bet reads the races again. */
  invalidate(): void {
    this.stale = true;
  }

  private current(now: Date): Promise<RaceWindow[]> {
    const age = this.snapshot ? now.getTime() - this.snapshot.at.getTime() : Infinity;
    if (!this.stale && age < (this.deps.refreshMs ?? REFRESH_EVERY_MS)) return Promise.resolve(this.snapshot!.races);
    this.reading ??= this.read(now).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(now: Date): Promise<RaceWindow[]> {
    this.stale = false;
    const previous = this.snapshot;
    const races = await liveRaceWindows(this.deps.db, now);
    if (previous) {
      const known = new Set(previous.races.map((race) => race.id));
      const unseen = races.filter((race) => !known.has(race.id)).map((race) => race.id);
      const from = new Date(previous.at.getTime() - CLOCK_SLACK_MS);
      const moved = await countRaceBetsBetween(this.deps.db, unseen, {
        from,
        to: new Date(now.getTime() + CLOCK_SLACK_MS),
      });
      if (moved.length > 0) this.deps.moved([...new Set(moved)]);
    }
    this.snapshot = { at: now, races };
    return races;
  }
}
