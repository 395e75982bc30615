/**
 * Plinko board geometry in SVG units and the ball's flight along the server's real path: row i has i + 3 pegs,
 * the ball meets row i on a peg at offset (rights so far - i / 2) spacings from the centre and after the last row
 * lands in bucket = number of rights, which is exactly the outcome's bucket.
 */
export const BOARD_WIDTH = 1000;
const TOP = 40;
const BUCKET_HEIGHT = 56;

export interface PlinkoGeometry {
  rows: number;
  spacing: number;
  rowHeight: number;
  pegRadius: number;
  ballRadius: number;
  height: number;
  pegs: { x: number; y: number; row: number }[];
  buckets: { x: number; y: number; width: number }[];
}

export function plinkoGeometry(rows: number): PlinkoGeometry {
  const spacing = BOARD_WIDTH / (rows + 2);
  const rowHeight = spacing * 0.86;
  const pegRadius = Math.max(4, spacing * 0.1);
  const ballRadius = Math.max(7, spacing * 0.2);
  const pegs: PlinkoGeometry['pegs'] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let j = 0; j < row + 3; j += 1)
      pegs.push({ x: BOARD_WIDTH / 2 + (j - (row + 2) / 2) * spacing, y: TOP + row * rowHeight, row });
  }
  const bucketY = TOP + rows * rowHeight - rowHeight * 0.35;
  const buckets = Array.from({ length: rows + 1 }, (_, k) => ({
    x: BOARD_WIDTH / 2 + (k - rows / 2) * spacing,
    y: bucketY,
    width: spacing * 0.92,
  }));
  return { rows, spacing, rowHeight, pegRadius, ballRadius, height: bucketY + BUCKET_HEIGHT + 8, pegs, buckets };
}

export interface Point {
  x: number;
  y: number;
}

/** The points the ball touches: above the start, on top of one peg per row, then the bucket's centre. */
export function ballKeyframes(geometry: PlinkoGeometry, path: readonly number[]): Point[] {
  const { spacing, rowHeight, pegRadius, ballRadius } = geometry;
  const points: Point[] = [{ x: BOARD_WIDTH / 2, y: TOP - rowHeight * 0.8 }];
  let rights = 0;
  for (let row = 0; row < path.length; row += 1) {
    points.push({
      x: BOARD_WIDTH / 2 + (rights - row / 2) * spacing,
      y: TOP + row * rowHeight - pegRadius - ballRadius,
    });
    rights += path[row]!;
  }
  const bucket = geometry.buckets[rights]!;
  points.push({ x: bucket.x, y: bucket.y + 18 });
  return points;
}

/** Position at progress t in [0, 1]: each hop is a short parabola (a bounce up, then falling to the next peg). */
export function ballPositionAt(points: readonly Point[], t: number): Point {
  const hops = points.length - 1;
  const clamped = Math.min(1, Math.max(0, t));
  const index = Math.min(hops - 1, Math.floor(clamped * hops));
  const local = clamped * hops - index;
  const a = points[index]!;
  const b = points[index + 1]!;
  const lift = index === 0 ? 0 : Math.abs(b.x - a.x) * 0.35;
  return { x: a.x + (b.x - a.x) * local, y: a.y + (b.y - a.y) * local * local - lift * 4 * local * (1 - local) };
}
