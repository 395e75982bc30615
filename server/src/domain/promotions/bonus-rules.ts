import type { BonusTerms } from '../../../../db/repositories/bonuses.repo.js';
import { PPM } from './promotion-rules.js';

/** A bonus's amount: the fixed one, or `match` of the deposit floored to the unit, at most the offer's maximum. */
export function bonusAmount(terms: Pick<BonusTerms, 'kind' | 'fixedE8' | 'matchPpm' | 'maxBonusE8'>, deposit: bigint) {
  if (terms.kind === 'fixed') return terms.fixedE8!;
  const matched = (deposit * BigInt(terms.matchPpm!)) / PPM;
  return matched < terms.maxBonusE8! ? matched : terms.maxBonusE8!;
}

/**
 * What a settled stake adds to the wagering: its game's weight of it (floored to the unit), and nothing at all for a
 * stake above the maximum (the terms' rule against meeting the requirement with a few huge bets; placement refuses
 * such a stake, this stays as the defence). `game` is a slug, or a provider wager's families, most specific first
 * (`provider-slots`, `provider`): the first the offer weighs counts, else the default weight.
 */
export function weightedStake(
  terms: Pick<BonusTerms, 'gameWeightsPpm' | 'defaultWeightPpm' | 'maxStakeE8'>,
  bet: { game: string | readonly string[]; amountE8: bigint },
): bigint {
  if (bet.amountE8 > terms.maxStakeE8) return 0n;
  const keys = typeof bet.game === 'string' ? [bet.game] : bet.game;
  const weighed = keys.find((key) => Object.hasOwn(terms.gameWeightsPpm, key));
  const weight = weighed === undefined ? terms.defaultWeightPpm : terms.gameWeightsPpm[weighed]!;
  return (bet.amountE8 * BigInt(weight)) / PPM;
}

/** The families a provider game counts under in race filters and bonus weights: its category's, then every one's. */
export const providerFamilies = (category: string) => [`provider-${category}`, 'provider'];
