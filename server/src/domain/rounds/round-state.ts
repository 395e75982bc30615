import type { Db } from '../../../../db/client.js';
import { betsOfRound } from '../../../../db/repositories/games.repo.js';
import { chainById, type RoundRow } from '../../../../db/repositories/rounds.repo.js';
import { roundValue } from './hash-chain.js';
import type { AnyRoundGame, PlanBet, RoundSettings } from './round-game.js';
import type { RoundServiceDeps } from './round.service.js';

/**
 * What a round's outcome is and what may be seen of it: the chain's salt (read once per process), the game's
 * operator settings, the outcome from the round's hash, a running round's public state, and a pool game's bets.
 */
export class RoundState {
  /** Chains never change once stored: each round's salt is read once per process. */
  private readonly salts = new Map<string, string>();

  constructor(private readonly deps: RoundServiceDeps) {}

  async saltOf(chainId: string, db: Db): Promise<string> {
    let salt = this.salts.get(chainId);
    if (salt === undefined) {
      salt = (await chainById(db, chainId))!.salt!;
      this.salts.set(chainId, salt);
    }
    return salt;
  }

  settingsOf(game: AnyRoundGame): RoundSettings {
    return this.deps.settings?.[game.slug] ?? {};
  }

  outcomeOf(game: AnyRoundGame, salt: string, hash: string): unknown {
    return game.result(roundValue(salt, hash), { salt, hash });
  }

  /** A running round's outcome, for a game that shows it once betting closed (RoundGame.showsResultWhileRunning). */
  async runningResult(game: AnyRoundGame, row: RoundRow): Promise<unknown> {
    if (!game.showsResultWhileRunning || row.state !== 'running') return undefined;
    return this.outcomeOf(game, await this.saltOf(row.chainId, this.deps.db), row.hash);
  }

  /** What every screen may see of a running round now (the game's `live`), never more of its outcome. */
  async liveOf(game: AnyRoundGame, row: RoundRow, now: Date): Promise<Record<string, unknown> | undefined> {
    if (!game.live || row.state !== 'running' || !row.startedAt) return undefined;
    const outcome = this.outcomeOf(game, await this.saltOf(row.chainId, this.deps.db), row.hash);
    const elapsed = now.getTime() - row.startedAt.getTime();
    // A pool round ends on its plan's time: a late tick or read never shows more of the outcome than the round plays.
    const playedMs = game.planRound
      ? game.planRound(outcome, await this.planBets(row.id), this.settingsOf(game)).runningMs
      : Infinity;
    return game.live(outcome, Math.min(elapsed, playedMs), this.settingsOf(game));
  }

  /** Every bet of the round as a pool game's plan reads it: settled ones too, so a resumed settlement plans the same. */
  async planBets(roundId: string): Promise<PlanBet<unknown>[]> {
    const bets = await betsOfRound(this.deps.db, roundId);
    return bets.map((bet) => ({ id: bet.id, currency: bet.currency, amount: bet.amount, params: bet.params }));
  }
}
