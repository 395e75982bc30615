/** Keno pick editing, pure: toggling respects the 10-pick limit; auto-pick draws distinct numbers. */
import { KENO_MAX_PICKS, KENO_NUMBERS } from '../../../../../server/src/domain/games/keno/rules';

export function togglePick(picks: readonly number[], n: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  return picks.length >= KENO_MAX_PICKS ? [...picks] : [...picks, n];
}

/** `count` distinct random numbers of 1..40 (UI convenience only; the draw itself comes from the seeds). */
export function autoPick(count: number, random: () => number = Math.random): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const picks: number[] = [];
  const n = Math.min(Math.max(1, count), KENO_MAX_PICKS);
  for (let k = 0; k < n; k += 1) picks.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return picks.sort((a, b) => a - b);
}
