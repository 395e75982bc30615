import { UNIT } from './token-units.js';

/**
 * What holding BZU gives, in ONE table. Each tier applies from `minBzu` held (cash BZU balance):
 * - feeDiscountBps: share of the trade fee waived on /token/trade (enforced by the trade service);
 * - rakebackBoostBps: extra rakeback on top of the base rate (read by the rakeback function of
 *   the player-economy work through `holderTier`);
 * - raffleTickets: bonus tickets per raffle draw (read by the raffle work through `holderTier`).
 */
export interface HolderTier {
  id: 'none' | 'bronze' | 'silver' | 'gold' | 'diamond';
  name: string;
  minBzu: bigint;
  feeDiscountBps: number;
  rakebackBoostBps: number;
  raffleTickets: number;
}

export const HOLDER_TIERS: readonly HolderTier[] = [
  { id: 'none', name: 'No tier', minBzu: 0n, feeDiscountBps: 0, rakebackBoostBps: 0, raffleTickets: 0 },
  {
    id: 'bronze',
    name: 'Bronze',
    minBzu: 1_000n * UNIT,
    feeDiscountBps: 1_000,
    rakebackBoostBps: 500,
    raffleTickets: 1,
  },
  {
    id: 'silver',
    name: 'Silver',
    minBzu: 10_000n * UNIT,
    feeDiscountBps: 2_500,
    rakebackBoostBps: 1_000,
    raffleTickets: 3,
  },
  {
    id: 'gold',
    name: 'Gold',
    minBzu: 100_000n * UNIT,
    feeDiscountBps: 5_000,
    rakebackBoostBps: 2_000,
    raffleTickets: 10,
  },
  {
    id: 'diamond',
    name: 'Diamond',
    minBzu: 1_000_000n * UNIT,
    feeDiscountBps: 7_500,
    rakebackBoostBps: 3_000,
    raffleTickets: 25,
  },
];

/** The tier for a BZU balance (1e-8 units): the highest whose minimum is met. */
export function holderTier(bzuHeld: bigint): HolderTier {
  let tier = HOLDER_TIERS[0]!;
  for (const candidate of HOLDER_TIERS) if (bzuHeld >= candidate.minBzu) tier = candidate;
  return tier;
}

/** The next tier up, or null at the top. */
export function nextHolderTier(bzuHeld: bigint): HolderTier | null {
  return HOLDER_TIERS.find((tier) => tier.minBzu > bzuHeld) ?? null;
}

/** The trade fee after the holder's discount, in basis points (rounded down: in the player's favour). */
export function discountedFeeBps(baseFeeBps: number, bzuHeld: bigint): number {
  return Math.floor((baseFeeBps * (10_000 - holderTier(bzuHeld).feeDiscountBps)) / 10_000);
}

/** The holder's rakeback multiplier in parts per million (1_000_000 = 1x), as the rakeback function takes it. */
export function rakebackBoostPpm(bzuHeld: bigint): number {
  return 1_000_000 + holderTier(bzuHeld).rakebackBoostBps * 100;
}
