/**
 * Data preparation for the financial charts (lightweight-charts). Pure, no DOM, so it is unit-tested.
 *
 * lightweight-charts spaces bars by index, not by time: a young install with three points in the
 * last hour would fill the whole width with that hour. So every series is laid on a regular grid of
 * slots covering the whole range [now - range, now]; slots without data are whitespace (time only),
 * which gives the time axis its full span. Values are read as floats: plotting needs only screen
 * precision; labels elsewhere use the exact decimal strings.
 */
export type ChartRange = '24h' | '7d' | '30d' | 'all';

export interface TimedValue {
  /** ISO timestamp. */
  t: string;
  /** Decimal string. */
  value: string;
}

/** One chart slot: a value, or whitespace (time only). `time` is UTC seconds, as the library wants. */
export interface SeriesSlot {
  time: number;
  value?: number;
}

export interface PreparedSeries {
  slots: SeriesSlot[];
  /** Visible range in UTC seconds. */
  from: number;
  to: number;
  /** How many slots carry a value. */
  valued: number;
  min: number | null;
  max: number | null;
}

const HOUR = 3600;
const RANGE_SECONDS: Record<Exclude<ChartRange, 'all'>, number> = {
  '24h': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
};
/** Slot widths: 15 min over a day, 1 h over a week, 6 h over a month (about 100-170 slots each). */
const SLOT_SECONDS: Record<Exclude<ChartRange, 'all'>, number> = { '24h': 15 * 60, '7d': HOUR, '30d': 6 * HOUR };
/** "All" has no fixed span: it is cut into this many slots (at least one minute each). */
const ALL_SLOTS = 120;

export type SlotMode =
  /** A level (price, supply): the last value of a slot, carried forward to now (it holds until it changes). */
  | 'last'
  /** A flow (burns): the sum of a slot; empty slots are whitespace. */
  | 'sum';

function parse(points: readonly TimedValue[]): { time: number; value: number }[] {
  return points
    .map((p) => ({ time: Math.floor(Date.parse(p.t) / 1000), value: Number(p.value) }))
    .filter((p) => Number.isFinite(p.time) && Number.isFinite(p.value))
    .sort((a, b) => a.time - b.time);
}

/** The grid for a range ending at `nowSec`; "all" starts at the first point (or an hour back without points). */
export function rangeWindow(
  range: ChartRange,
  nowSec: number,
  firstSec: number | null,
): { from: number; to: number; slot: number } {
  if (range !== 'all') return { from: nowSec - RANGE_SECONDS[range], to: nowSec, slot: SLOT_SECONDS[range] };
  const from = Math.min(firstSec ?? nowSec - HOUR, nowSec - HOUR);
  return { from, to: nowSec, slot: Math.max(60, Math.ceil((nowSec - from) / ALL_SLOTS)) };
}

export function prepareSeries(
  points: readonly TimedValue[],
  range: ChartRange,
  nowMs: number,
  mode: SlotMode,
): PreparedSeries {
  const nowSec = Math.floor(nowMs / 1000);
  const parsed = parse(points);
  const { from, to, slot } = rangeWindow(range, nowSec, parsed[0]?.time ?? null);
  const count = Math.max(1, Math.ceil((to - from) / slot));
  const sums = new Array<number | undefined>(count + 1).fill(undefined);
  // A level seen before the window still holds at its start.
  let carried: number | undefined;
  for (const p of parsed) {
    if (p.time > to) continue;
    if (p.time < from) {
      if (mode === 'last') carried = p.value;
      continue;
    }
    const index = Math.min(count, Math.floor((p.time - from) / slot));
    sums[index] = mode === 'sum' ? (sums[index] ?? 0) + p.value : p.value;
  }
  const slots: SeriesSlot[] = [];
  let min: number | null = null;
  let max: number | null = null;
  let valued = 0;
  for (let i = 0; i <= count; i++) {
    // The last slot is "now" itself, so a level runs right up to the present.
    const time = i === count ? to : from + i * slot;
    let value = sums[i];
    if (mode === 'last') {
      if (value === undefined) value = carried;
      carried = value;
    }
    if (value === undefined) {
      slots.push({ time });
      continue;
    }
    slots.push({ time, value });
    valued++;
    min = min === null ? value : Math.min(min, value);
    max = max === null ? value : Math.max(max, value);
  }
  // A single value at "now" would be a lone dot: give it the slot before, a short flat line.
  if (mode === 'last' && valued === 1 && slots.length > 1 && slots[slots.length - 1]!.value !== undefined) {
    slots[slots.length - 2] = { time: slots[slots.length - 2]!.time, value: slots[slots.length - 1]!.value! };
    valued = 2;
  }
  return { slots, from, to, valued, min, max };
}

/**
 * Price-scale bounds with some air: a flat line (min = max) gets ±2 % of its level (or ±1 for zero)
 * instead of the library's degenerate scale; otherwise 8 % of the span on each side.
 */
export function paddedBounds(min: number, max: number, floorAtZero: boolean): { minValue: number; maxValue: number } {
  const span = max - min;
  const pad = span > 0 ? span * 0.08 : Math.abs(max) * 0.02 || 1;
  const low = min - pad;
  return { minValue: floorAtZero ? Math.max(0, low) : low, maxValue: max + pad };
}

/**
 * Circulating supply over time from the burn record: today's circulating supply, walked back
 * through the burns (each one took its amount out). Returns points oldest first.
 */
export function supplyFromBurns(
  circulatingNow: string,
  burns: readonly { createdAt: string; amount: string }[],
  nowIso: string,
  /** Where the line starts: the level before the oldest burn is drawn from here. */
  sinceIso: string,
): TimedValue[] {
  const sorted = [...burns].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  let level = Number(circulatingNow);
  const points: TimedValue[] = [{ t: nowIso, value: String(level) }];
  for (const burn of sorted) {
    points.push({ t: burn.createdAt, value: String(level) });
    level += Number(burn.amount);
    // Just before the burn the supply was higher; one second earlier keeps the step.
    points.push({ t: new Date(Date.parse(burn.createdAt) - 1000).toISOString(), value: String(level) });
  }
  const oldest = sorted[sorted.length - 1];
  if (!oldest || Date.parse(sinceIso) < Date.parse(oldest.createdAt))
    points.push({ t: sinceIso, value: String(level) });
  return points.reverse();
}
