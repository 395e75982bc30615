import { describe, expect, it } from 'vitest';
import { ballKeyframes, ballPositionAt, plinkoGeometry } from './plinko-geometry';

describe('plinko geometry', () => {
  it('has i + 3 pegs per row and rows + 1 buckets', () => {
    for (const rows of [8, 12, 16]) {
      const g = plinkoGeometry(rows);
      expect(g.pegs.length).toBe((rows * (rows + 5)) / 2);
      expect(g.buckets.length).toBe(rows + 1);
    }
  });

  it('the ball touches a real peg on every row and ends over the bucket of the path', () => {
    const g = plinkoGeometry(8);
    const path = [0, 1, 1, 1, 0, 1, 0, 1];
    const points = ballKeyframes(g, path);
    expect(points.length).toBe(path.length + 2);
    points.slice(1, -1).forEach((point, row) => {
      expect(g.pegs.some((peg) => peg.row === row && Math.abs(peg.x - point.x) < 1e-9)).toBe(true);
    });
    const bucket = path.reduce((a, b) => a + b, 0);
    expect(points.at(-1)!.x).toBeCloseTo(g.buckets[bucket]!.x, 9);
    expect(ballPositionAt(points, 1)).toEqual(points.at(-1));
    expect(ballPositionAt(points, 0)).toEqual(points[0]);
  });

  it('all-left and all-right paths land in the outer buckets', () => {
    const g = plinkoGeometry(16);
    expect(ballKeyframes(g, Array(16).fill(0)).at(-1)!.x).toBeCloseTo(g.buckets[0]!.x, 9);
    expect(ballKeyframes(g, Array(16).fill(1)).at(-1)!.x).toBeCloseTo(g.buckets[16]!.x, 9);
  });
});
