import { createHash } from 'node:crypto';
import type { Db } from '../../../../db/client.js';
import { accountBalance } from '../../../../db/repositories/ledger.repo.js';
import {
  claimProviderRequest,
  findProvider,
  findProviderGame,
  findProviderSession,
  findProviderTransaction,
  findRollbackOf,
  insertProviderTransaction,
  lockProviderPlayer,
  pauseProvider,
  providerAccrualRepairs,
  providerNetPayoutSince,
  providerRoundState,
  storedProviderAnswer,
  storeProviderAnswer,
  type ProviderRow,
  type ProviderSessionRow,
  type ProviderTransactionRow,
} from '../../../../db/repositories/providers.repo.js';
import { DomainError } from '../errors.js';
import { runAccrualSweep, type AccrualSweepOptions } from '../games/engine/accrual-sweep.js';
import { formatAmount, parseAmount, type Currency } from '../wallet/amounts.js';
import { accountCode, type LedgerService, type LedgerTx } from '../wallet/ledger.service.js';
import { reverseWagerAccruals } from './accrual-reversal.js';
import { houseEdgePpmOfRtp } from './provider-rtp.js';
import { verifyProviderSignature } from './provider-signature.js';
import { maxRoundPayout } from './round-limits.js';
import {
  providerWalletRequestSchemas,
  type ProviderBetRequest,
  type ProviderRollbackRequest,
  type ProviderWalletAction,
  type ProviderWinRequest,
} from './providers.schemas.js';
import type { WalletStatus } from './wallet-codes.js';
import type { PlayLimitsService } from '../responsible-gaming/play-limits.service.js';

/** The key a provider wager accrues under (bet_economy.bet_id, the referral commission's `bet:<key>`). */
const wagerId = (providerId: string, transactionId: string) => `provider:${providerId}:${transactionId}`;
const PROVIDER_ACCRUAL_WATERMARK_KEY = 'providers.accrualSweptUntil';

/** One answer of the wallet API: its status and the exact JSON text sent (and replayed). */
export interface WalletAnswer {
  status: WalletStatus;
  body: string;
}

/** A provider wager as the accruals see it (XP, rakeback, referral commission): keyed like a bet. */
export interface ProviderWager {
  id: string;
  userId: number;
  currency: Currency;
  amount: bigint;
}

export interface ProviderWalletDeps {
  db: Db;
  ledger: LedgerService;
  /** The bet engine's accrual path (BetEngine.accrueWager), after the bet's commit; resolves to how many calls failed. */
  accrueWager(wager: ProviderWager, houseEdgePpm: number): Promise<number>;
  onAfterCommitError?: (error: unknown, what: string) => void;
  now?: () => Date;
  /** Loss and wager limits (domain/responsible-gaming): charges the stake, or answers the refusal. */
  playLimits?: Pick<PlayLimitsService, 'chargeOrRefuse' | 'credit'>;
}

export interface ProviderWalletLimits {
  minBet: Record<Currency, bigint>;
  maxBet: Record<Currency, bigint>;
  /** The originals' profit limit: no provider round may make more profit than one original's bet. */
  maxProfit: Record<Currency, bigint>;
  /** The payout breaker: a provider whose net payout in the last hour passes this is paused for new bets. */
  hourlyPayoutLimit: Record<Currency, bigint>;
}

/** The payout breaker's rolling window. */
const BREAKER_WINDOW_MS = 60 * 60 * 1000;

type BalanceFields = () => Promise<Record<string, unknown>>;

interface Outcome {
  status: WalletStatus;
  fields: Record<string, unknown>;
  /** Work after the commit (the accruals of a new bet). */
  after?: () => Promise<unknown>;
}

const answer = (status: WalletStatus, fields: Record<string, unknown>): Outcome => ({ status, fields });
const refusal = (status: WalletStatus, message: string, extra: Record<string, unknown> = {}): Outcome => ({
  status,
  fields: { message, ...extra },
});

/**
 * The seamless wallet (docs/providers.md): the provider's calls for balance, bet, win and rollback. Each call runs in
 * ONE database transaction that first claims (provider, requestId): a replay, even one racing the first attempt,
 * waits on that key and answers the stored first answer byte for byte. Then the player's row is locked, so one
 * player's wallet calls run one at a time (a bet and its rollback cannot pass each other), and every movement is one
 * ledger transaction keyed `provider:<provider>:<transactionId>`.
 */
export class ProviderWalletService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ProviderWalletDeps,
    private readonly limits: ProviderWalletLimits,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  async handle(call: {
    provider: string;
    action: ProviderWalletAction;
    rawBody: string;
    signature?: string;
    timestamp?: string;
  }): Promise<WalletAnswer> {
    const provider = await findProvider(this.deps.db, call.provider);
    if (!provider) return render(refusal('PROVIDER_NOT_FOUND', `No provider "${call.provider}"`));
    const verdict = verifyProviderSignature({
      secret: provider.secret,
      rawBody: call.rawBody,
      timestamp: call.timestamp,
      signature: call.signature,
      nowSeconds: Math.floor(this.now().getTime() / 1000),
    });
    if (verdict !== 'ok') {
      const why = {
        missing: 'The signature or timestamp header is missing',
        stale: 'The timestamp is outside the allowed window',
        bad: 'The signature does not match',
      };
      return render(refusal('INVALID_SIGNATURE', why[verdict]));
    }
    let json: unknown;
    try {
      json = JSON.parse(call.rawBody);
    } catch {
      return render(refusal('BAD_REQUEST', 'The body is not JSON'));
    }
    const parsed = providerWalletRequestSchemas[call.action].safeParse(json);
    if (!parsed.success) {
      return render(
        refusal(
          'BAD_REQUEST',
          parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
        ),
      );
    }
    const request = parsed.data;
    const bodySha256 = createHash('sha256').update(call.rawBody).digest('hex');
    // A bet whose balance check passed can still lose the race to an original's bet on the same account (those do
    // not take the player lock); the ledger refuses the posting and the whole call runs again, now refused cleanly.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { answer: done, after } = await this.deps.ledger.transact(async (tx) => {
          const claimed = await claimProviderRequest(tx.trx, {
            providerId: provider.id,
            requestId: request.requestId,
            action: call.action,
            bodySha256,
          });
          if (!claimed) {
            const stored = await storedProviderAnswer(tx.trx, provider.id, request.requestId);
            if (!stored) throw new Error(`provider request ${provider.id}/${request.requestId} has no stored answer`);
            // A replay carries the same bytes. Another body under a used requestId is the provider's bug: answering
            // the first answer would tell it this body was paid.
            if (stored.bodySha256 !== bodySha256) {
              const reused = refusal(
                'REQUEST_ID_REUSED',
                `requestId ${request.requestId} was used for a different request; send this one with a new requestId`,
                { requestId: request.requestId },
              );
              return { answer: render(reused) };
            }
            return { answer: { status: stored.code as WalletStatus, body: stored.body } };
          }
          const outcome = await this.perform(tx, provider, call.action, request);
          const rendered = render({ ...outcome, fields: { ...outcome.fields, requestId: request.requestId } });
          await storeProviderAnswer(tx.trx, provider.id, request.requestId, {
            code: rendered.status,
            body: rendered.body,
          });
          return { answer: rendered, after: outcome.after };
        });
        if (after)
          await after().catch((error: unknown) => this.deps.onAfterCommitError?.(error, 'provider wager accrual'));
        return done;
      } catch (error) {
        if (attempt < 3 && error instanceof DomainError && error.code === 'INSUFFICIENT_FUNDS') continue;
        throw error;
      }
    }
  }

  private async perform(
    tx: LedgerTx,
    provider: ProviderRow,
    action: ProviderWalletAction,
    request: { sessionToken: string; playerId?: string; currency?: Currency },
  ): Promise<Outcome> {
    const session = await findProviderSession(tx.trx, provider.id, request.sessionToken);
    if (!session) return refusal('SESSION_NOT_FOUND', 'Unknown session token');
    if (request.playerId !== undefined && request.playerId !== String(session.userId))
      return refusal('PLAYER_MISMATCH', "The playerId is not the session's player");
    const player = await lockProviderPlayer(tx.trx, session.userId);
    if (!player) return refusal('SESSION_NOT_FOUND', "The session's player no longer exists");
    const balanceFields = async () => ({
      playerId: String(session.userId),
      currency: session.currency,
      balance: formatAmount(await this.balance(tx, session)),
    });
    if (request.currency !== undefined && request.currency !== session.currency) {
      return refusal('WRONG_CURRENCY', `The session plays in ${session.currency}`, await balanceFields());
    }
    switch (action) {
      case 'balance':
        // Providers ask for the balance when a game opens: an expired session cannot start play.
        if (session.expiresAt <= this.now())
          return refusal('SESSION_EXPIRED', 'The session has expired; launch the game again');
        return answer('OK', await balanceFields());
      case 'bet':
        return this.bet(tx, provider, session, player.excluded, request as ProviderBetRequest, balanceFields);
      case 'win':
        return this.win(tx, provider.id, session, request as ProviderWinRequest, balanceFields);
      case 'rollback':
        return this.rollback(tx, provider.id, session, request as ProviderRollbackRequest, balanceFields);
    }
  }

  private async bet(
    tx: LedgerTx,
    provider: ProviderRow,
    session: ProviderSessionRow,
    excluded: boolean,
    request: ProviderBetRequest,
    balanceFields: BalanceFields,
  ): Promise<Outcome> {
    const amount = parseAmount(request.amount);
    const currency = session.currency;
    // First: a bet rolled back (before or after it arrived) stays refused, whatever requestId carries it again.
    if (await findRollbackOf(tx.trx, provider.id, request.transactionId)) {
      return refusal('TRANSACTION_ROLLED_BACK', 'This bet was rolled back', await balanceFields());
    }
    const seen = await this.seenTransaction(
      tx,
      provider.id,
      session,
      request.transactionId,
      { kind: 'bet', amount, roundId: request.roundId, currency },
      balanceFields,
    );
    if (seen) return seen;
    if (session.expiresAt <= this.now())
      return refusal('SESSION_EXPIRED', 'The session has expired; launch the game again', await balanceFields());
    const gameId = request.gameId ?? session.gameId;
    const game = await findProviderGame(tx.trx, provider.id, gameId);
    if (!game || !game.enabled || !provider.enabled)
      return refusal('GAME_DISABLED', 'This game is not available', await balanceFields());
    if (provider.pausedAt)
      return refusal('PROVIDER_PAUSED', `This provider is paused: ${provider.pausedReason ?? 'by an operator'}`, {
        ...(await balanceFields()),
      });
    if (excluded) return refusal('PLAYER_EXCLUDED', 'The player is self-excluded', await balanceFields());
    if (amount < this.limits.minBet[currency] || amount > this.limits.maxBet[currency]) {
      return refusal(
        'BET_LIMIT',
        `A bet must be from ${formatAmount(this.limits.minBet[currency])} to ${formatAmount(this.limits.maxBet[currency])} ${currency}`,
        await balanceFields(),
      );
    }
    // A round has one currency and one game: a second bet may not bring another.
    const round = await providerRoundState(tx.trx, provider.id, session.userId, request.roundId);
    if (round.currencies.some((other) => other !== currency))
      return refusal('WRONG_CURRENCY', `Round ${request.roundId} is played in ${round.currencies.join(', ')}`, {
        ...(await balanceFields()),
      });
    if (round.gameIds.some((other) => other !== gameId))
      return refusal('ROUND_MISMATCH', `Round ${request.roundId} belongs to game ${round.gameIds.join(', ')}`, {
        ...(await balanceFields()),
      });
    const balance = await this.balance(tx, session);
    if (balance < amount) return refusal('INSUFFICIENT_FUNDS', 'Insufficient funds', await balanceFields());
    // Last before the money: a refusal answered after it would commit the charge.
    const overLimit = await this.deps.playLimits?.chargeOrRefuse(tx.trx, { ...session, stake: amount });
    if (overLimit) return refusal('PLAYER_LIMIT', overLimit.message, await balanceFields());
    const moved = await this.record(tx, provider.id, session, {
      ...request,
      gameId,
      kind: 'bet',
      amount,
      currency,
      referenceTransactionId: null,
    });
    if (!moved) return refusal('DUPLICATE_TRANSACTION', 'This transactionId is already used', await balanceFields());
    const wager: ProviderWager = {
      id: wagerId(provider.id, request.transactionId),
      userId: session.userId,
      currency,
      amount,
    };
    const houseEdgePpm = houseEdgePpmOfRtp(game.rtp);
    return {
      ...answer('OK', { transactionId: request.transactionId, ...(await balanceFields()) }),
      after: () => this.deps.accrueWager(wager, houseEdgePpm),
    };
  }

  /**
   * A win pays into a round of this player that still has a standing bet (industry practice; a round whose bets were
   * all rolled back has nothing to pay on), in the round's currency and game, and never past what the round's stakes
   * can pay: the game's declared maximum multiplier and the originals' profit limit (round-limits.ts).
   */
  private async win(
    tx: LedgerTx,
    providerId: string,
    session: ProviderSessionRow,
    request: ProviderWinRequest,
    balanceFields: BalanceFields,
  ): Promise<Outcome> {
    const amount = parseAmount(request.amount);
    const currency = session.currency;
    const seen = await this.seenTransaction(
      tx,
      providerId,
      session,
      request.transactionId,
      { kind: 'win', amount, roundId: request.roundId, currency },
      balanceFields,
    );
    if (seen) return seen;
    const round = await providerRoundState(tx.trx, providerId, session.userId, request.roundId);
    const roundGame = round.gameIds[0];
    if (roundGame === undefined || (amount > 0n && round.standingStakes === 0n))
      return refusal('ROUND_NOT_FOUND', 'No standing bet of this player in this round', await balanceFields());
    if (round.currencies.some((other) => other !== currency))
      return refusal('WRONG_CURRENCY', `Round ${request.roundId} is played in ${round.currencies.join(', ')}`, {
        ...(await balanceFields()),
      });
    const gameId = request.gameId ?? roundGame;
    if (round.gameIds.some((other) => other !== gameId))
      return refusal('ROUND_MISMATCH', `Round ${request.roundId} belongs to game ${roundGame}`, await balanceFields());
    const game = await findProviderGame(tx.trx, providerId, gameId);
    if (!game) return refusal('ROUND_NOT_FOUND', `Game ${gameId} is not configured`, await balanceFields());
    const payable = maxRoundPayout(round.standingStakes, game.maxMultiplier, this.limits.maxProfit[currency]);
    if (round.wins + amount > payable) {
      const left = payable > round.wins ? payable - round.wins : 0n;
      return refusal(
        'WIN_LIMIT',
        `This round may pay ${formatAmount(payable)} ${currency} in all (stakes ${formatAmount(round.standingStakes)} x${game.maxMultiplier}, profit at most ${formatAmount(this.limits.maxProfit[currency])}); ${formatAmount(left)} is left`,
        await balanceFields(),
      );
    }
    const moved = await this.record(tx, providerId, session, {
      ...request,
      gameId,
      kind: 'win',
      amount,
      currency,
      referenceTransactionId: null,
    });
    if (!moved) return refusal('DUPLICATE_TRANSACTION', 'This transactionId is already used', await balanceFields());
    // A win lowers the net loss the player's loss limits count (as an original's payout does).
    if (amount > 0n) await this.deps.playLimits?.credit(tx.trx, { userId: session.userId, currency, payout: amount });
    await this.tripBreaker(tx, providerId, currency, amount);
    return answer('OK', { transactionId: request.transactionId, ...(await balanceFields()) });
  }

  /**
   * A rollback returns its bet's own amount, in the bet's currency, to the bet's player, whatever session carries
   * it; it is refused when it names another round, or when the round already paid wins that its other stakes could
   * not pay (a win and then its stake back would create money).
   */
  private async rollback(
    tx: LedgerTx,
    providerId: string,
    session: ProviderSessionRow,
    request: ProviderRollbackRequest,
    balanceFields: BalanceFields,
  ): Promise<Outcome> {
    const found = await findProviderTransaction(tx.trx, providerId, request.referenceTransactionId);
    const bet = found?.kind === 'bet' && found.userId === session.userId ? found : undefined;
    const amount = bet?.amount ?? 0n;
    const currency = bet?.currency ?? session.currency;
    const seen = await this.seenTransaction(
      tx,
      providerId,
      session,
      request.transactionId,
      { kind: 'rollback', amount, roundId: request.roundId, currency },
      balanceFields,
    );
    if (seen) return seen;
    if (found && !bet)
      return refusal(
        'TRANSACTION_NOT_FOUND',
        'The referenced transaction is not a bet of this player',
        await balanceFields(),
      );
    if (bet && bet.roundId !== request.roundId)
      return refusal('ROUND_MISMATCH', `The bet belongs to round ${bet.roundId}`, await balanceFields());
    const earlier = await findRollbackOf(tx.trx, providerId, request.referenceTransactionId);
    // Rolled back already under another id: nothing more to reverse, and the provider only needs to hear it is done.
    if (earlier)
      return answer('OK', {
        transactionId: request.transactionId,
        rolledBack: earlier.transactionId,
        ...(await balanceFields()),
      });
    if (bet) {
      const round = await providerRoundState(tx.trx, providerId, session.userId, bet.roundId);
      const game = await findProviderGame(tx.trx, providerId, bet.gameId);
      const payable = game
        ? maxRoundPayout(round.standingStakes - bet.amount, game.maxMultiplier, this.limits.maxProfit[bet.currency])
        : 0n;
      if (round.wins > payable)
        return refusal(
          'ROUND_SETTLED',
          `Round ${bet.roundId} already paid ${formatAmount(round.wins)} ${bet.currency}; its stake cannot be returned as well`,
          await balanceFields(),
        );
      // The bet's XP, rakeback and commission go with it, in this same transaction, and before the money: that
      // takes the locks in the order the accruals and claims take them (accrual-reversal.ts). Accruals landing
      // after this commit are reversed by the sweep.
      await reverseWagerAccruals(tx, wagerId(providerId, bet.transactionId));
    }
    // A rollback of a bet never seen is recorded (amount 0, no money), so that bet is refused if it arrives later.
    const moved = await this.record(tx, providerId, session, {
      ...request,
      gameId: request.gameId ?? bet?.gameId ?? session.gameId,
      kind: 'rollback',
      amount,
      currency,
      referenceTransactionId: request.referenceTransactionId,
    });
    // The id was taken meanwhile by another player's call: fail the whole transaction (the reversal too); the retry
    // then answers DUPLICATE_TRANSACTION.
    if (!moved) throw new DomainError('CONFLICT', 'transaction id taken concurrently', { code: 'PROVIDER_TX_RACE' });
    if (amount > 0n) {
      // The stake comes back: the loss limits' net loss goes down by it.
      await this.deps.playLimits?.credit(tx.trx, { userId: session.userId, currency, payout: amount });
      await this.tripBreaker(tx, providerId, currency, amount);
    }
    return answer('OK', { transactionId: request.transactionId, ...(await balanceFields()) });
  }

  /**
   * The payout breaker: after a payout, a provider whose players were paid more than the limit net in the last hour
   * is paused for new bets (its wins and rollbacks still settle) until an operator resumes it. In the payout's own
   * transaction, so the pause and the payout that tripped it commit together.
   */
  private async tripBreaker(tx: LedgerTx, providerId: string, currency: Currency, paid: bigint): Promise<void> {
    if (paid <= 0n) return;
    const since = new Date(this.now().getTime() - BREAKER_WINDOW_MS);
    const net = await providerNetPayoutSince(tx.trx, providerId, currency, since);
    const limit = this.limits.hourlyPayoutLimit[currency];
    if (net > limit)
      await pauseProvider(
        tx.trx,
        providerId,
        `net payout of ${formatAmount(net)} ${currency} in the last hour passed the limit of ${formatAmount(limit)} ${currency}`,
      );
  }

  /**
   * The accrual repair sweep for provider wagers (the housekeeping tick runs it beside BetEngine.accrueMissed, with
   * its own watermark): a bet whose after-commit accruals failed gets them now, marked done as an original's bet is
   * (its bet_economy row and referral commission, keyed by the wager id), so the normal path and the sweep never
   * both accrue; a rolled-back bet whose accruals landed after its rollback has them reversed. The edge is the
   * game's declared RTP at the time of the sweep.
   */
  accrueMissed(options: AccrualSweepOptions): Promise<{ attempted: number; failed: number }> {
    return runAccrualSweep(options, {
      db: this.deps.db,
      watermarkKey: PROVIDER_ACCRUAL_WATERMARK_KEY,
      pending: (range) => providerAccrualRepairs(this.deps.db, range),
      repair: async (item) => {
        try {
          if (item.action === 'reverse') {
            await this.deps.ledger.transact((tx) => reverseWagerAccruals(tx, item.id));
            return 0;
          }
          if (item.rtp === null) throw new Error(`provider wager ${item.id}: its game is not configured`);
          return await this.deps.accrueWager(item, houseEdgePpmOfRtp(item.rtp));
        } catch (error) {
          this.deps.onAfterCommitError?.(error, `provider accrual sweep (${item.action})`);
          return 1;
        }
      },
    });
  }

  /**
   * A transaction id seen before (under another requestId): the same movement answers OK again without moving money;
   * a different one is a DUPLICATE_TRANSACTION. Undefined for a new id.
   */
  private async seenTransaction(
    tx: LedgerTx,
    providerId: string,
    session: ProviderSessionRow,
    transactionId: string,
    expected: { kind: ProviderTransactionRow['kind']; amount: bigint; roundId: string; currency: Currency },
    balanceFields: BalanceFields,
  ): Promise<Outcome | undefined> {
    const existing = await findProviderTransaction(tx.trx, providerId, transactionId);
    if (!existing) return undefined;
    const same =
      existing.kind === expected.kind &&
      existing.amount === expected.amount &&
      existing.roundId === expected.roundId &&
      existing.userId === session.userId &&
      existing.currency === expected.currency;
    if (!same)
      return refusal(
        'DUPLICATE_TRANSACTION',
        'This transactionId was used for a different transaction',
        await balanceFields(),
      );
    return answer('OK', { transactionId, ...(await balanceFields()) });
  }

  /** The provider's row and its ledger transaction (none for zero). False when the id was taken meanwhile. */
  private async record(
    tx: LedgerTx,
    providerId: string,
    session: ProviderSessionRow,
    t: {
      transactionId: string;
      requestId: string;
      roundId: string;
      gameId: string;
      kind: ProviderTransactionRow['kind'];
      amount: bigint;
      currency: Currency;
      referenceTransactionId: string | null;
    },
  ): Promise<boolean> {
    let ledgerTransactionId: string | null = null;
    if (t.amount > 0n) {
      const toHouse = t.kind === 'bet' ? t.amount : -t.amount;
      const posted = await tx.post({
        key: `provider:${providerId}:${t.transactionId}`,
        kind: `provider-${t.kind}`,
        userId: session.userId,
        memo: { provider: providerId, transactionId: t.transactionId, roundId: t.roundId, gameId: t.gameId },
        legs: [
          { account: { user: session.userId }, currency: t.currency, amount: -toHouse },
          { account: { house: 'games' }, currency: t.currency, amount: toHouse },
        ],
      });
      // The key is the provider's transaction id: posted before means the id is taken (the insert below says so).
      ledgerTransactionId = posted.posted ? (posted.transactionId ?? null) : null;
      if (!posted.posted) return false;
    }
    const id = await insertProviderTransaction(tx.trx, {
      providerId,
      ...t,
      userId: session.userId,
      ledgerTransactionId,
    });
    // Taken by a concurrent call of another player after the ledger posting: undo both by failing the transaction.
    if (!id) throw new DomainError('CONFLICT', 'transaction id taken concurrently', { code: 'PROVIDER_TX_RACE' });
    return true;
  }

  private balance(tx: LedgerTx, session: ProviderSessionRow): Promise<bigint> {
    return accountBalance(tx.trx, accountCode({ user: session.userId }), session.currency);
  }
}

/** The answer's text: `status` first, then the fields, as the provider reads it. */
function render(outcome: Pick<Outcome, 'status' | 'fields'>): WalletAnswer {
  return { status: outcome.status, body: JSON.stringify({ status: outcome.status, ...outcome.fields }) };
}
