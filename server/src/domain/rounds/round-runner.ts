import type { AnyRoundGame } from './round-game.js';
import type { ChainOptions, RoundService, RoundTimings } from './round.service.js';

/**
 * Exactly one runner in the deployment: whoever holds the game's lease runs its rounds. The holder renews it well
 * inside its time to live; a holder that dies stops renewing, the lease lapses, and another runner takes it on its
 * next try (takeover within ttl + retry interval).
 */
export interface Lease {
  tryAcquire(): Promise<boolean>;
  /** False when the lease was lost (lapsed and taken): the holder must stop at once. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export interface RunnerOptions extends RoundTimings {
  chain: ChainOptions;
  /** How often a runner without the lease tries to take it, and a holder renews it. */
  leaseRetryMs: number;
  /** How often the running round's clock goes to every screen (`round-tick`). */
  tickMs: number;
}

export interface RunnerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** Thrown into the round loop when the lease is gone: the round is left to the next holder (who refunds it). */
class LeaseLost extends Error {}

/**
 * Runs one round game's rounds while it holds the lease: on taking it, cancels and refunds what a dead runner left
 * unfinished, then loops betting -> running -> ended. Every step is a guarded state change in Postgres, so a runner
 * that lost its lease without knowing cannot move a round twice, and each bet settles once.
 */
export class RoundRunner {
  private stopped = false;
  private held = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private renewTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly rounds: RoundService,
    private readonly game: AnyRoundGame,
    private readonly lease: Lease,
    private readonly options: RunnerOptions,
    private readonly log: RunnerLog,
  ) {}

  get leader(): boolean {
    return this.held;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.held) await this.lease.release().catch(() => undefined);
    this.held = false;
  }

  private async run(): Promise<void> {
    let chain: Awaited<ReturnType<RoundService['ensureChain']>> | null = null;
    // True on taking the lease and after a failed step: rounds left half-way are cancelled and refunded first.
    let recover = true;
    let waitingForSalt = false;
    while (!this.stopped) {
      try {
        if (!this.held) {
          this.held = await this.lease.tryAcquire();
          if (!this.held) {
            await this.sleep(this.options.leaseRetryMs);
            continue;
          }
          this.watchLease();
          recover = true;
          this.log.info({ game: this.game.slug }, 'round runner took the lease');
        }
        chain ??= await this.rounds.ensureChain(this.game, this.options.chain);
        if (chain.salt === null) {
          // Published without its salt: no round before the operator fixes it (read again on the next pass).
          if (!waitingForSalt)
            this.log.warn(
              { game: this.game.slug },
              'the chain is published; waiting for its salt (npm run cli -- rounds:salt)',
            );
          waitingForSalt = true;
          chain = null;
          await this.sleep(this.options.leaseRetryMs * 4);
          continue;
        }
        waitingForSalt = false;
        if (recover) {
          const refunded = await this.rounds.cancelUnfinished(this.game);
          if (refunded > 0)
            this.log.warn({ game: this.game.slug, refunded }, 'refunded the bets of rounds that could not finish');
          recover = false;
        }
        await this.playRound(chain);
      } catch (error) {
        if (!(error instanceof LeaseLost)) {
          this.log.warn(
            { err: error, game: this.game.slug },
            'round runner step failed; its round will be cancelled and refunded',
          );
          recover = true;
        }
        await this.sleep(this.options.leaseRetryMs);
      }
    }
  }

  private async playRound(chain: Awaited<ReturnType<RoundService['ensureChain']>>): Promise<void> {
    const betting = await this.rounds.openBetting(this.game, chain, this.options);
    await this.sleepUntil(
      betting.bettingEndsAt ? betting.bettingEndsAt.getTime() : Date.now() + this.options.bettingMs,
    );
    this.checkLease();
    const started = await this.rounds.start(this.game, chain, betting);
    if (!started) return;
    await this.tickUntil(started.round.id, started.round.startedAt!.getTime() + started.runningMs);
    this.checkLease();
    await this.rounds.end(this.game, chain, started.round);
    await this.sleep(this.options.cooldownMs);
  }

  private watchLease(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = setInterval(() => {
      void this.lease.renew().then(
        (ok) => {
          if (!ok) this.loseLease();
        },
        () => this.loseLease(),
      );
    }, this.options.leaseRetryMs);
  }

  private loseLease(): void {
    if (!this.held) return;
    this.held = false;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    this.log.warn({ game: this.game.slug }, 'round runner lost the lease');
    this.wake?.();
  }

  private checkLease(): void {
    if (!this.held || this.stopped) throw new LeaseLost('lease lost');
  }

  /** Sleeps until `at`, sending the round's clock every tickMs on the way (a failed tick is only a missed correction). */
  private async tickUntil(roundId: string, at: number): Promise<void> {
    for (let next = Date.now() + this.options.tickMs; next < at && !this.stopped; next += this.options.tickMs) {
      await this.sleepUntil(next);
      this.checkLease();
      await this.rounds
        .tick(this.game, roundId)
        .catch((error: unknown) => this.log.warn({ err: error, game: this.game.slug }, 'round tick failed'));
    }
    await this.sleepUntil(at);
  }

  private sleepUntil(at: number): Promise<void> {
    return this.sleep(at - Date.now());
  }

  /** A pause the lease's loss or stop() cuts short. */
  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
