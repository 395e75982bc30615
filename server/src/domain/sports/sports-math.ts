/**
 * Exact sportsbook arithmetic. Odds are integers of 1/1000 ("2.15" is 2150); money is bigint
 * 1e-8 units. Every product is formed in bigint and divided once at the end (floor), so no
 * rounding happens between legs.
 */
export const ODDS_SCALE = 1000n;
export const MIN_ODDS_MILLI = 1001;
export const MAX_ODDS_MILLI = 1_000_000;
export const PPM = 1_000_000n;

/** "2.15" -> 2150. At most 3 decimals, greater than 1.000, at most 1000. */
export function parseOdds(text: string): number {
  const trimmed = text.trim();
  const match = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(trimmed);
  if (!match) throw new RangeError(`Odds must be a decimal with at most 3 decimals: ${text}`);
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  if (milli < MIN_ODDS_MILLI || milli > MAX_ODDS_MILLI)
    throw new RangeError(`Odds must be above 1.000 and at most 1000: ${text}`);
  return milli;
}

/** 2150 -> "2.15", 3000 -> "3.00" (two decimals at least, three when needed). */
export function formatOdds(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0$/, '');
  return `${whole}.${fraction}`;
}

/** stake x product(odds), floored to 1e-8 units. */
export function potentialReturn(stake: bigint, oddsMilli: readonly number[]): bigint {
  let numerator = stake;
  let denominator = 1n;
  for (const odds of oddsMilli) {
    numerator *= BigInt(odds);
    denominator *= ODDS_SCALE;
  }
  return numerator / denominator;
}

export type LegState = { odds: number; result: 'won' | 'lost' | 'void' | null };

export type BetOutcome = { status: 'open' | 'won' | 'lost' | 'void'; payout: bigint };

/**
 * The outcome of a bet from its legs' current results. Any lost leg loses the bet at once; a void
 * leg counts at odds 1.0; a bet whose legs are all void is void (stake refunded); a bet with an
 * undecided leg and no lost leg stays open.
 */
export function betOutcome(stake: bigint, legs: readonly LegState[]): BetOutcome {
  if (legs.some((leg) => leg.result === 'lost')) return { status: 'lost', payout: 0n };
  if (legs.some((leg) => leg.result === null)) return { status: 'open', payout: 0n };
  const won = legs.filter((leg) => leg.result === 'won');
  if (won.length === 0) return { status: 'void', payout: stake };
  return {
    status: 'won',
    payout: potentialReturn(
      stake,
      won.map((leg) => leg.odds),
    ),
  };
}

/**
 * Cash-out offer, exact and floored:
 *   fair  = stake x product(odds of won legs) x product(original odds / current odds of undecided legs)
 *   offer = fair x (1 - margin)
 * Void legs count 1. Null when the bet cannot be cashed out (a lost leg, or nothing undecided).
 */
export function cashOutValue(
  stake: bigint,
  legs: readonly (LegState & { currentOdds: number })[],
  marginPpm: bigint,
): bigint | null {
  if (legs.some((leg) => leg.result === 'lost')) return null;
  if (!legs.some((leg) => leg.result === null)) return null;
  let numerator = stake * (PPM - marginPpm);
  let denominator = PPM;
  for (const leg of legs) {
    if (leg.result === 'won') {
      numerator *= BigInt(leg.odds);
      denominator *= ODDS_SCALE;
    } else if (leg.result === null) {
      numerator *= BigInt(leg.odds);
      denominator *= BigInt(leg.currentOdds);
    }
  }
  return numerator / denominator;
}

export type OddsPolicy = 'any' | 'higher' | 'none';

/** Does the policy accept the current odds when the player saw `seen`? */
export function policyAccepts(policy: OddsPolicy, seen: number, current: number): boolean {
  if (policy === 'any') return true;
  if (policy === 'higher') return current >= seen;
  return current === seen;
}
