import type { BonusTerms } from '../../../../db/repositories/bonuses.repo.js';
import { formatAmount } from '../wallet/amounts.js';
import { ppmToPercent } from './promotion-rules.js';

export interface ActiveBonusView {
  id: string;
  name: string;
  currency: 'USD' | 'BZU';
  /** What was granted, and what the bonus account holds now. */
  amount: string;
  balance: string;
  requirement: string;
  wagered: string;
  /** 0-100, for the progress bar. */
  progressPercent: number;
  expiresAt: string;
  terms: string[];
}

export interface BonusOfferView {
  id: string;
  name: string;
  currency: 'USD' | 'BZU';
  endsAt: string;
  kind: 'deposit-match' | 'fixed';
  terms: string[];
}

/** The terms as the offer states them, one line each. */
export function bonusTermsText(terms: BonusTerms, currency: string): string[] {
  const amount =
    terms.kind === 'fixed'
      ? `${formatAmount(terms.fixedE8!)} ${currency} bonus`
      : `${ppmToPercent(terms.matchPpm!)}% of your deposit, up to ${formatAmount(terms.maxBonusE8!)} ${currency}`;
  const weights = Object.entries(terms.gameWeightsPpm)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([game, ppm]) => `${game} ${ppmToPercent(ppm)}%`);
  return [
    amount,
    `Wager ${terms.wageringMultiple}x the bonus to turn it into cash`,
    `Counts: ${[...weights, `other games ${ppmToPercent(terms.defaultWeightPpm)}%`].join(', ')}`,
    `Maximum stake while wagering: ${formatAmount(terms.maxStakeE8)} ${currency} (larger bets are refused)`,
    `Expires ${terms.expiryHours} hours after you claim it`,
    terms.stakeOrder === 'cash-first'
      ? 'Your cash is staked first; the bonus pays what your cash lacks'
      : 'Your bonus is staked first; your cash pays what the bonus lacks',
    'A win is split as its stake was: the bonus-staked share (rounded down) to the bonus, the rest to cash',
    'Casino provider games are staked from cash only',
    'Not withdrawable; asking for a withdrawal forfeits the bonus',
  ];
}
