/**
 * VIP ranks: the ONE table of thresholds, rakeback shares and chat colours. Pure (no I/O), so the
 * /vip page can show exactly what the server applies.
 *
 * Experience (XP) = wagered USD value x the game's house-edge weight, where the weight is
 * houseEdge / 1%: a $100 bet on a 1%-edge game earns 100 XP, on a 2%-edge game 200 XP, on a
 * 0.5%-edge game 50 XP. XP therefore tracks the house's expected revenue, so low-edge games cannot
 * be used to farm it. BZU wagers are valued at the BZU price of the token service when the bet settles.
 * XP is kept exactly in 1e-8 units (xp_e8); whole XP is shown.
 */
export const XP_UNIT = 100_000_000n;
/** House edge in parts per million that gives weight 1 (1% = 10_000 ppm). */
export const EDGE_WEIGHT_BASE_PPM = 10_000n;
export const PPM = 1_000_000n;

export type RankId = 'unranked' | 'bronze' | 'silver' | 'gold' | 'platinum-1' | 'platinum-2' | 'platinum-3' | 'diamond';

export interface Rank {
  id: RankId;
  label: string;
  /** Whole XP needed to reach this rank. */
  minXp: bigint;
  /** Share of the house edge paid back as rakeback, parts per million (50_000 = 5%). */
  rakebackPpm: number;
  /** The chat name colour of a player of this rank (staff stay gold, API.md). */
  color: string;
}

export const RANKS: readonly Rank[] = [
  { id: 'unranked', label: 'Unranked', minXp: 0n, rakebackPpm: 25_000, color: '#a0a7b4' },
  { id: 'bronze', label: 'Bronze', minXp: 10_000n, rakebackPpm: 50_000, color: '#cd7f32' },
  { id: 'silver', label: 'Silver', minXp: 50_000n, rakebackPpm: 60_000, color: '#c9d1d9' },
  { id: 'gold', label: 'Gold', minXp: 100_000n, rakebackPpm: 75_000, color: '#e3b341' },
  { id: 'platinum-1', label: 'Platinum I', minXp: 250_000n, rakebackPpm: 90_000, color: '#7fd3e6' },
  { id: 'platinum-2', label: 'Platinum II', minXp: 500_000n, rakebackPpm: 100_000, color: '#56c2de' },
  { id: 'platinum-3', label: 'Platinum III', minXp: 1_000_000n, rakebackPpm: 120_000, color: '#35aed3' },
  { id: 'diamond', label: 'Diamond', minXp: 5_000_000n, rakebackPpm: 150_000, color: '#b68cff' },
];

export function rankById(id: string | null | undefined): Rank {
  return RANKS.find((rank) => rank.id === id) ?? RANKS[0]!;
}

/** The highest rank whose threshold the XP (1e-8 units) has reached. */
export function rankForXp(xpE8: bigint): Rank {
  let found = RANKS[0]!;
  for (const rank of RANKS) if (xpE8 >= rank.minXp * XP_UNIT) found = rank;
  return found;
}

/** A bet's wager in USD 1e-8 units: USD as is, BZU at the price (USD 1e-8 units per BZU). */
export function usdValue(amountE8: bigint, currency: 'USD' | 'BZU', bzuPriceE8: bigint): bigint {
  if (amountE8 < 0n) throw new RangeError('amount must not be negative');
  return currency === 'USD' ? amountE8 : (amountE8 * bzuPriceE8) / XP_UNIT;
}

/** XP in 1e-8 units: USD value x houseEdge / 1%, rounded down. */
export function xpForWager(usdValueE8: bigint, houseEdgePpm: number): bigint {
  if (!Number.isInteger(houseEdgePpm) || houseEdgePpm < 0 || houseEdgePpm > 1_000_000)
    throw new RangeError('houseEdgePpm out of range');
  return (usdValueE8 * BigInt(houseEdgePpm)) / EDGE_WEIGHT_BASE_PPM;
}

export interface RankProgress {
  rank: RankId;
  rankLabel: string;
  color: string;
  /** Whole XP (rounded down). */
  xp: string;
  /** Exact XP as a decimal string. */
  xpExact: string;
  nextRank: RankId | null;
  nextRankLabel: string | null;
  /** Whole XP where the current rank starts and the next begins (null at the top). */
  rankMinXp: string;
  nextRankXp: string | null;
  /** 0..100, whole percent toward the next rank (100 at the top). */
  percent: number;
  rakebackPercent: string;
}

function formatE8(value: bigint): string {
  const whole = value / XP_UNIT;
  const fraction = (value % XP_UNIT).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

export function ppmPercent(ppm: number): string {
  return formatE8((BigInt(ppm) * XP_UNIT) / 10_000n);
}

export function rankProgress(xpE8: bigint): RankProgress {
  const rank = rankForXp(xpE8);
  const index = RANKS.indexOf(rank);
  const next = RANKS[index + 1] ?? null;
  const span = next ? (next.minXp - rank.minXp) * XP_UNIT : 0n;
  const percent = next ? Number(((xpE8 - rank.minXp * XP_UNIT) * 100n) / span) : 100;
  return {
    rank: rank.id,
    rankLabel: rank.label,
    color: rank.color,
    xp: (xpE8 / XP_UNIT).toString(),
    xpExact: formatE8(xpE8),
    nextRank: next?.id ?? null,
    nextRankLabel: next?.label ?? null,
    rankMinXp: rank.minXp.toString(),
    nextRankXp: next ? next.minXp.toString() : null,
    percent: Math.min(100, Math.max(0, percent)),
    rakebackPercent: ppmPercent(rank.rakebackPpm),
  };
}
