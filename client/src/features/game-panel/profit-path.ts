/**
 * The live stats chart as SVG path text: cumulative profit after each bet, from a starting 0, scaled to the box
 * with 0 always in view. Pure, so its scaling is unit-tested without a browser.
 */
export interface ProfitChart {
  /** "M x y L x y ..." or '' before the first bet. */
  line: string;
  /** Where the zero line sits. */
  zeroY: number;
}

export function profitPath(points: readonly bigint[], width: number, height: number): ProfitChart {
  const values = [0n, ...points];
  let min = 0n;
  let max = 0n;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const span = max - min;
  const pad = 2;
  // Bigint to the box's pixels: only the ratio needs floats, and it is between 0 and 1.
  const y = (value: bigint) =>
    span === 0n ? height / 2 : pad + (height - 2 * pad) * (1 - Number(value - min) / Number(span));
  const zeroY = y(0n);
  if (points.length === 0) return { line: '', zeroY };
  const step = width / (values.length - 1);
  const line = values
    .map((value, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${y(value).toFixed(1)}`)
    .join(' ');
  return { line, zeroY };
}
