import { randomBytes } from 'node:crypto';
import { uniqueViolation } from '../../../../db/repositories/pg-errors.js';
import { lockClaimableAccounts } from '../../../../db/repositories/economy.repo.js';
import * as repo from '../../../../db/repositories/referral.repo.js';
import type { Db } from '../../../../db/client.js';
import { DomainError } from '../errors.js';
import { CURRENCIES, formatAmount, type Currency } from './amounts.js';
import { accountCode, type LedgerService } from './ledger.service.js';

export const PPM = 1_000_000n;

/**
 * Commission on a referred player's play: house edge x amount wagered / 2 x rate, rounded down to
 * 1e-8 units. Edge and rate are parts per million (1% edge = 10_000, 10% rate = 100_000).
 */
export function referralCommission(wagered: bigint, houseEdgePpm: number, ratePpm: number): bigint {
  if (wagered < 0n) throw new RangeError('wagered must not be negative');
  return (wagered * BigInt(houseEdgePpm) * BigInt(ratePpm)) / (2n * PPM * PPM);
}

export const MAX_REFERRAL_CODES = 10;

export interface ReferralCodeView {
  code: string;
  createdAt: string;
}

/** A code with what it brought in: sign-ups attributed to it, their play and the commission on it. */
export interface ReferralCodeStats extends ReferralCodeView {
  signups: number;
  wagered: Record<Currency, string>;
  commission: { accrued: Record<Currency, string>; claimed: Record<Currency, string> };
}

export type AttributionOutcome = 'attributed' | 'unknown-code' | 'self-referral' | 'already-referred';

export interface AccrualInput {
  referrerId: number;
  refereeId?: number;
  /** The business event the commission comes from (e.g. "bet:123"); accrues once per key. */
  sourceKey: string;
  currency: Currency;
  wagered: bigint;
  houseEdgePpm: number;
  /** Defaults to the configured rate. */
  ratePpm?: number;
}

/**
 * Referral commissions accrue into the referrer's referral account (house pays) and are claimed
 * into cash; each accrued unit can be claimed once.
 */
export class ReferralService {
  constructor(
    private readonly deps: { db: Db; ledger: LedgerService },
    private readonly config: { ratePpm: number },
  ) {}

  async accrue(input: AccrualInput): Promise<{ commission: string; accrued: boolean }> {
    const ratePpm = input.ratePpm ?? this.config.ratePpm;
    if (!Number.isInteger(input.houseEdgePpm) || input.houseEdgePpm < 0 || input.houseEdgePpm > 1_000_000) {
      throw new DomainError('BAD_REQUEST', 'houseEdge must be between 0 and 1');
    }
    const commission = referralCommission(input.wagered, input.houseEdgePpm, ratePpm);
    return this.deps.ledger.transact(async ({ trx, post }) => {
      const inserted = await repo.insertCommission(trx, {
        referrerId: input.referrerId,
        refereeId: input.refereeId ?? null,
        sourceKey: input.sourceKey,
        currency: input.currency,
        wagered: input.wagered,
        houseEdgePpm: input.houseEdgePpm,
        ratePpm,
        commission,
      });
      if (!inserted) return { commission: formatAmount(await repo.commissionOf(trx, input.sourceKey)), accrued: false };
      if (commission > 0n) {
        await post({
          key: `referral:${input.sourceKey}`,
          kind: 'referral-accrual',
          userId: input.referrerId,
          memo: { sourceKey: input.sourceKey, refereeId: input.refereeId ?? null },
          legs: [
            { account: { house: 'referrals' }, currency: input.currency, amount: -commission },
            { account: { user: input.referrerId, purpose: 'referral' }, currency: input.currency, amount: commission },
          ],
        });
      }
      return { commission: formatAmount(commission), accrued: true };
    });
  }

  async summary(userId: number): Promise<{ claimable: Record<Currency, string>; rate: string }> {
    const balances = await this.deps.ledger.balances(userId, 'referral');
    return {
      claimable: { USD: formatAmount(balances.USD), BZU: formatAmount(balances.BZU) },
      rate: formatAmount((BigInt(this.config.ratePpm) * 100_000_000n) / PPM),
    };
  }

  /** The player's codes, newest first, each with its sign-ups, wagered amounts and commission. */
  async codes(userId: number): Promise<ReferralCodeStats[]> {
    const rows = await repo.referralCodeStats(this.deps.db, userId);
    const byCode = new Map<
      string,
      { view: ReferralCodeStats; sums: Record<'wagered' | 'accrued' | 'claimed', Record<Currency, bigint>> }
    >();
    for (const row of rows) {
      let entry = byCode.get(row.code);
      if (!entry) {
        const zero = () => ({ USD: 0n, BZU: 0n });
        entry = {
          view: {
            code: row.code,
            createdAt: new Date(row.created_at).toISOString(),
            signups: row.signups,
            wagered: { USD: '0', BZU: '0' },
            commission: { accrued: { USD: '0', BZU: '0' }, claimed: { USD: '0', BZU: '0' } },
          },
          sums: { wagered: zero(), accrued: zero(), claimed: zero() },
        };
        byCode.set(row.code, entry);
      }
      if (row.currency && CURRENCIES.includes(row.currency)) {
        entry.sums.wagered[row.currency] += BigInt(row.wagered ?? '0');
        entry.sums.accrued[row.currency] += BigInt(row.accrued ?? '0');
        entry.sums.claimed[row.currency] += BigInt(row.claimed ?? '0');
      }
    }
    const format = (sums: Record<Currency, bigint>) => ({ USD: formatAmount(sums.USD), BZU: formatAmount(sums.BZU) });
    return [...byCode.values()].map(({ view, sums }) => ({
      ...view,
      wagered: format(sums.wagered),
      commission: { accrued: format(sums.accrued), claimed: format(sums.claimed) },
    }));
  }

  /**
   * Records that `refereeId` signed up through `code`: one referrer per player, never oneself; an
   * unknown code changes nothing. Runs inside the caller's transaction (registration's).
   */
  async attribute(trx: Db, refereeId: number, code: string): Promise<AttributionOutcome> {
    const owner = await repo.findReferralCode(trx, code);
    if (!owner) return 'unknown-code';
    if (owner.user_id === refereeId) return 'self-referral';
    const inserted = await repo.insertReferral(trx, { refereeId, referrerId: owner.user_id, codeId: owner.id });
    return inserted ? 'attributed' : 'already-referred';
  }

  /** Who referred the player, if anyone (the referrer earns commission on the player's play). */
  async referrerOf(refereeId: number): Promise<number | undefined> {
    return repo.findReferrerId(this.deps.db, refereeId);
  }

  /** A new code: the one asked for (3-20 letters and digits, unique ignoring case) or a random one. */
  async createCode(userId: number, wanted?: string): Promise<ReferralCodeView> {
    return this.deps.db.transaction().execute(async (trx) => {
      if ((await repo.countReferralCodesLocked(trx, userId)) >= MAX_REFERRAL_CODES) {
        throw new DomainError('CONFLICT', `At most ${MAX_REFERRAL_CODES} referral codes per account`, {
          code: 'TOO_MANY_CODES',
        });
      }
      const code =
        wanted ??
        randomBytes(6)
          .toString('base64url')
          .replace(/[^A-Za-z0-9]/g, 'X')
          .slice(0, 8)
          .toUpperCase();
      try {
        const row = await repo.insertReferralCode(trx, userId, code);
        return { code: row.code, createdAt: row.createdAt.toISOString() };
      } catch (error) {
        if (uniqueViolation(error) !== undefined)
          throw new DomainError('CONFLICT', 'That referral code is taken', { code: 'CODE_TAKEN' });
        throw error;
      }
    });
  }

  /** Moves everything accrued into cash; a second claim of the same accruals finds nothing left. */
  async claim(userId: number): Promise<{ claimed: Record<Currency, string> }> {
    const claimed: Record<Currency, bigint> = { USD: 0n, BZU: 0n };
    await this.deps.ledger.transact(async ({ trx, post }) => {
      // Lock the referral accounts: a concurrent claim waits and then sees the emptied balance.
      const accounts = await lockClaimableAccounts(trx, accountCode({ user: userId, purpose: 'referral' }));
      for (const row of accounts) {
        const { balance } = row;
        if (balance <= 0n || !CURRENCIES.includes(row.currency)) continue;
        const result = await post({
          key: `referral-claim:${userId}:${row.currency}:${row.lastEntry}`,
          kind: 'referral-claim',
          userId,
          legs: [
            { account: { user: userId, purpose: 'referral' }, currency: row.currency, amount: -balance },
            { account: { user: userId }, currency: row.currency, amount: balance },
          ],
        });
        if (result.posted) claimed[row.currency] = balance;
      }
      // Everything accrued and committed before the accounts were locked above is in that balance.
      await repo.markCommissionsClaimed(trx, userId);
    });
    if (claimed.USD === 0n && claimed.BZU === 0n)
      throw new DomainError('CONFLICT', 'Nothing to claim', { code: 'NOTHING_TO_CLAIM' });
    return { claimed: { USD: formatAmount(claimed.USD), BZU: formatAmount(claimed.BZU) } };
  }
}
